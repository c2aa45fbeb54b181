import { describe, expect, it } from 'vitest';
import { makeField } from '../../../fields/test/renderField.tsx';
import {
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

  it("collects one error per field and alerts 'Please fill up all required field'", () => {
    expect(validateForm([name, mail], { name: '', mail: 'x' })).toEqual({
      errors: { name: 'Name please', mail: 'Bad mail' },
      alert: FORM_INVALID_MESSAGE,
    });
    expect(validateForm([name, mail], { name: 'abc', mail: '' })).toEqual({ errors: {}, alert: undefined });
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
