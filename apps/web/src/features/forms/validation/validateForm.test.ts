import { describe, expect, it } from 'vitest';
import { makeField } from '../../../fields/test/renderField.tsx';
import {
  FORM_FORMAT_MESSAGE,
  FORM_INVALID_AND_FORMAT_MESSAGE,
  FORM_INVALID_MESSAGE,
  NO_MARKED_FIELD_MESSAGE,
  validateField,
  validateForm,
} from './validateForm.ts';

const name = {
  ...makeField('text', { validations: 'required|minlength:3', validationMessages: 'Name please|Longer' }),
  mapKey: 'name',
};
const mail = {
  ...makeField('text', { validations: [{ name: 'email', message: 'Bad mail' }] }),
  mapKey: 'mail',
};

describe('validateForm', () => {
  it('stops at the first failing rule of a field', () => {
    expect(validateField(name, '')).toBe('Name please');
    expect(validateField(name, 'ab')).toBe('Longer');
    expect(validateField(name, 'abc')).toBeUndefined();
  });

  it("collects one error per field and alerts 'Please fill up all required field' for an empty one", () => {
    expect(validateForm([name, mail], { name: '', mail: 'abc@example.org' })).toEqual({
      errors: { name: 'Name please' },
      alert: FORM_INVALID_MESSAGE,
    });
    expect(validateForm([name, mail], { name: 'abc', mail: '' })).toEqual({ errors: {}, alert: undefined });
  });

  it('says a value is not valid, not that a field is missing, when only formats fail', () => {
    expect(validateForm([name, mail], { name: 'abc', mail: 'x' })).toEqual({
      errors: { mail: 'Bad mail' },
      alert: FORM_FORMAT_MESSAGE,
    });
    // Too short is a value that is there, only not valid.
    expect(validateForm([name], { name: 'ab' }).alert).toBe(FORM_FORMAT_MESSAGE);
  });

  it('names both problems when required fields are empty and other values are not valid', () => {
    expect(validateForm([name, mail], { name: '', mail: 'x' })).toEqual({
      errors: { name: 'Name please', mail: 'Bad mail' },
      alert: FORM_INVALID_AND_FORMAT_MESSAGE,
    });
    expect(FORM_INVALID_AND_FORMAT_MESSAGE).toContain(FORM_INVALID_MESSAGE);
  });

  it('skips read-only fields', () => {
    const locked = { ...name, readOnly: true };
    expect(validateForm([locked], { name: '' }).alert).toBeUndefined();
  });

  it('in mark-fields mode needs a marked field and checks only marked ones', () => {
    expect(validateForm([name, mail], {}, new Set())).toEqual({ errors: {}, alert: NO_MARKED_FIELD_MESSAGE });
    expect(validateForm([name, mail], { name: '', mail: 'x' }, new Set(['mail'])).errors).toEqual({
      mail: 'Bad mail',
    });
  });
});
