import { describe, expect, it } from 'vitest';
import {
  checkRules,
  DEFAULT_RULE_MESSAGES,
  type FieldRule,
  isEmptyValue,
  parseFieldRules,
  ruleAccepts,
  safePattern,
} from './field-rules.ts';
import type { ValidationRuleName } from './form.ts';

const rule = (name: ValidationRuleName, bound?: number): FieldRule => ({
  name,
  message: DEFAULT_RULE_MESSAGES[name],
  ...(bound === undefined ? {} : { bound }),
});
const accepts = (name: ValidationRuleName, value: unknown, bound?: number) =>
  ruleAccepts(rule(name, bound), value);

describe('parseFieldRules', () => {
  it('reads the pipe-joined names with their pipe-joined messages', () => {
    expect(
      parseFieldRules({
        validations: 'required|minlength:3|maxlength=10|email',
        validationMessages: 'Need it|Too short||Bad mail',
      }),
    ).toEqual([
      { name: 'required', message: 'Need it' },
      { name: 'minlength', message: 'Too short', bound: 3 },
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, bound: 10 },
      { name: 'email', message: 'Bad mail' },
    ]);
  });

  it('reads the list of {name, message, value}', () => {
    expect(
      parseFieldRules({
        validations: [
          { name: 'required', message: 'Name is required' },
          { name: 'maxlength', value: '20' },
          { name: 'specialchars', message: 'No specials' },
        ],
      }),
    ).toEqual([
      { name: 'required', message: 'Name is required' },
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, bound: 20 },
      { name: 'specialchars', message: 'No specials' },
    ]);
  });

  it('drops unknown names, trims and ignores case in both forms', () => {
    expect(parseFieldRules({ validations: ' Required | nope | JSON ' }).map((r) => r.name)).toEqual([
      'required',
      'json',
    ]);
    expect(parseFieldRules({ validations: [{ name: ' MinLength ', value: 2 }, { name: 'nope' }] })).toEqual([
      { name: 'minlength', message: DEFAULT_RULE_MESSAGES.minlength, bound: 2 },
    ]);
  });

  it('accepts , and ; between names; messages stay pipe-joined by position', () => {
    expect(
      parseFieldRules({ validations: 'required,minLength = 3;email', validationMessages: 'A|B|C' }),
    ).toEqual([
      { name: 'required', message: 'A' },
      { name: 'minlength', message: 'B', bound: 3 },
      { name: 'email', message: 'C' },
    ]);
  });

  it('takes a missing bound from the input props, and drops a length rule with none', () => {
    expect(
      parseFieldRules({ validations: 'maxlength|minlength', inputProps: { maxLength: 8, minLength: 2 } }),
    ).toEqual([
      { name: 'maxlength', message: DEFAULT_RULE_MESSAGES.maxlength, bound: 8 },
      { name: 'minlength', message: DEFAULT_RULE_MESSAGES.minlength, bound: 2 },
    ]);
    expect(parseFieldRules({ validations: 'required|minlength:abc|maxlength' })).toEqual([rule('required')]);
  });

  it('has no rules without validations, or with validations of another shape', () => {
    expect(parseFieldRules({})).toEqual([]);
    expect(parseFieldRules({ validations: 42 })).toEqual([]);
    expect(parseFieldRules({ validations: [null, 'required', { name: 7 }] })).toEqual([]);
  });
});

describe('ruleAccepts', () => {
  it('required: a value that is not empty or only spaces', () => {
    for (const empty of [null, undefined, '', '   ', '\t\n', []])
      expect(accepts('required', empty)).toBe(false);
    for (const full of ['a', ' a ', 0, false, ['x']]) expect(accepts('required', full)).toBe(true);
  });

  it('checked: the box ticked', () => {
    expect(accepts('checked', true)).toBe(true);
    expect(accepts('checked', false)).toBe(false);
    expect(accepts('checked', null)).toBe(false);
    expect(accepts('checked', 'true')).toBe(false);
  });

  it('minlength and maxlength count characters (or list items); empty passes minlength', () => {
    expect(accepts('minlength', 'ab', 3)).toBe(false);
    expect(accepts('minlength', 'abc', 3)).toBe(true);
    expect(accepts('minlength', '', 3)).toBe(true);
    expect(accepts('minlength', '   ', 3)).toBe(true);
    expect(accepts('minlength', '😀😀', 3)).toBe(false);
    expect(accepts('maxlength', 'abcd', 3)).toBe(false);
    expect(accepts('maxlength', 'abc', 3)).toBe(true);
    expect(accepts('maxlength', '😀😀😀', 3)).toBe(true);
    expect(accepts('maxlength', '    ', 3)).toBe(false);
    expect(accepts('maxlength', ['a', 'b'], 1)).toBe(false);
    expect(accepts('maxlength', null, 0)).toBe(true);
  });

  it('number: digits only', () => {
    expect(accepts('number', '0123')).toBe(true);
    expect(accepts('number', 42)).toBe(true);
    expect(accepts('number', '-1')).toBe(false);
    expect(accepts('number', '1.5')).toBe(false);
    expect(accepts('number', '1a')).toBe(false);
    expect(accepts('number', ' 1')).toBe(false);
  });

  it('email: the usual address pattern, spaces nowhere', () => {
    expect(accepts('email', 'a@b.io')).toBe(true);
    expect(accepts('email', 'a@b')).toBe(false);
    expect(accepts('email', 'a b@c.de')).toBe(false);
    expect(accepts('email', ' a@b.io')).toBe(false);
  });

  it('json: text must parse', () => {
    expect(accepts('json', '{"a":1}')).toBe(true);
    expect(accepts('json', '{a:1}')).toBe(false);
  });

  it('specialchars: refuses each of " < > ( ) \' % ; + & \\ * ? ~ | # @ !', () => {
    for (const c of `"<>()'%;+&\\*?~|#@!`) expect(accepts('specialchars', `ab${c}cd`)).toBe(false);
    expect(accepts('specialchars', 'plain text, with-dash_and.dot')).toBe(true);
  });

  it('letters: letters and spaces only', () => {
    expect(accepts('letters', 'Zürich Ost')).toBe(true);
    expect(accepts('letters', 'R2D2')).toBe(false);
  });

  it('knows empty values', () => {
    expect(isEmptyValue(0)).toBe(false);
    expect(isEmptyValue(false)).toBe(false);
    expect(isEmptyValue(' ')).toBe(true);
  });
});

describe('checkRules', () => {
  it("gives the first failing rule's message, in order", () => {
    const rules = parseFieldRules({
      validations: 'required|minlength:3|letters',
      validationMessages: 'Name please|Longer|Letters',
    });
    expect(checkRules(rules, ' ')).toBe('Name please');
    expect(checkRules(rules, 'a1')).toBe('Longer');
    expect(checkRules(rules, 'abc1')).toBe('Letters');
    expect(checkRules(rules, 'abc')).toBeUndefined();
  });
});

describe('min, max, pattern and url', () => {
  const check = (validations: unknown, value: unknown) => checkRules(parseFieldRules({ validations }), value);

  it('bounds numbers, given as numbers or digits, and refuses what is not a number', () => {
    const rules = [
      { name: 'min', value: 1, message: 'low' },
      { name: 'Max', value: '50', message: 'high' },
    ];
    expect(check(rules, 1)).toBeUndefined();
    expect(check(rules, ' 50 ')).toBeUndefined();
    expect(check(rules, '2.5')).toBeUndefined();
    expect(check(rules, 0)).toBe('low');
    expect(check(rules, '51')).toBe('high');
    expect(check(rules, 'ten')).toBe('low');
    expect(check(rules, '')).toBeUndefined();
    expect(check('min=-3', -4)).toBe(DEFAULT_RULE_MESSAGES.min);
    expect(parseFieldRules({ validations: 'max', inputProps: { max: 9 } })).toEqual([
      { name: 'max', message: DEFAULT_RULE_MESSAGES.max, limit: 9 },
    ]);
    expect(parseFieldRules({ validations: 'min' })).toEqual([]);
  });

  it('matches a pattern against the whole value', () => {
    const rules = [{ name: ' Pattern ', value: '[A-Z]{2}', message: 'two capitals' }];
    expect(check(rules, 'ES')).toBeUndefined();
    expect(check(rules, 'es')).toBe('two capitals');
    expect(check(rules, 'ESP')).toBe('two capitals');
    expect(check(rules, ' ES')).toBe('two capitals');
    expect(check(rules, '')).toBeUndefined();
  });

  it('runs patterns in linear time and drops those it cannot run, on both sides alike', () => {
    for (const refused of ['(a)\\1', '(?<=a)b', '(?=a)a', '([', 'a{0,500}a{0,500}', 'x'.repeat(201), '']) {
      expect(safePattern(refused), refused).toBeUndefined();
      expect(parseFieldRules({ validations: [{ name: 'pattern', value: refused }] }), refused).toEqual([]);
    }
    // Patterns that backtrack for seconds in JavaScript's RegExp are answered at once.
    expect(check([{ name: 'pattern', value: '(a+)+$' }], `${'a'.repeat(30)}!`)).toBe(
      DEFAULT_RULE_MESSAGES.pattern,
    );
    expect(check([{ name: 'pattern', value: '(a|a)*b' }], 'a'.repeat(1000))).toBe(
      DEFAULT_RULE_MESSAGES.pattern,
    );
    expect(check([{ name: 'pattern', value: '(a|a)*b' }], 'aab')).toBeUndefined();
    for (const safe of [
      '[A-Z]{2}',
      '\\d{4}-\\d{2}',
      '[a-z]+(-[a-z]+)?',
      '(?<year>\\d{4})',
      '[(+*)]+x',
      '(x+x+)+y',
    ])
      expect(safePattern(safe)?.source, safe).toBe(safe);
  });

  it('tries a pattern on at most 1,000 characters', () => {
    expect(check([{ name: 'pattern', value: 'a*' }], 'a'.repeat(1000))).toBeUndefined();
    expect(check([{ name: 'pattern', value: 'a*' }], 'a'.repeat(1001))).toBe(DEFAULT_RULE_MESSAGES.pattern);
  });

  it('takes only absolute http and https addresses as a url', () => {
    for (const ok of ['https://example.com', 'http://localhost:3000/x?y=1', 'https://bücher.de/p'])
      expect(check('url', ok), ok).toBeUndefined();
    for (const bad of [
      'example.com',
      '/relative',
      'ftp://example.com',
      'javascript:alert(1)',
      'https:// x.com',
      'http://',
    ])
      expect(check('URL', bad), bad).toBe(DEFAULT_RULE_MESSAGES.url);
  });
});
