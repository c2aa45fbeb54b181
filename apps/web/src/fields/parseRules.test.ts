import { describe, expect, it } from 'vitest';
import { DEFAULT_RULE_MESSAGES, parseRules } from './parseRules.ts';

describe('parseRules', () => {
  it('reads the pipe-joined names with their pipe-joined messages', () => {
    expect(
      parseRules({
        validations: 'required|minlength:3|maxlength=10|email',
        validationMessages: 'Need it|Too short||Bad mail',
      }),
    ).toEqual([
      { name: 'required', message: 'Need it', value: undefined },
      { name: 'minlength', message: 'Too short', value: 3 },
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, value: 10 },
      { name: 'email', message: 'Bad mail', value: undefined },
    ]);
  });

  it('reads the list of {name, message, value}', () => {
    expect(
      parseRules({
        validations: [
          { name: 'required', message: 'Name is required' },
          { name: 'maxlength', value: '20' },
          { name: 'specialchars', message: 'No specials' },
        ],
      }),
    ).toEqual([
      { name: 'required', message: 'Name is required', value: undefined },
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, value: 20 },
      { name: 'specialchars', message: 'No specials', value: undefined },
    ]);
  });

  it('drops unknown names, trims and ignores case in the string form', () => {
    expect(parseRules({ validations: ' Required | nope | JSON ' }).map((r) => r.name)).toEqual([
      'required',
      'json',
    ]);
  });

  it('takes a missing bound from the input props', () => {
    expect(
      parseRules({ validations: 'maxlength|minlength', inputProps: { maxLength: 8, minLength: 2 } }),
    ).toEqual([
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, value: 8 },
      { name: 'minlength', message: DEFAULT_RULE_MESSAGES.minlength, value: 2 },
    ]);
  });

  it('has no rules without validations', () => {
    expect(parseRules({})).toEqual([]);
  });
});
