import { describe, expect, it } from 'vitest';
import { changedKeys, emptyFormState, formReducer } from './formState.ts';

describe('formReducer', () => {
  const loaded = formReducer(emptyFormState(), { type: 'load', values: { a: 1, b: 'x' }, rowVersion: 4 });

  it('loads values and the row version', () => {
    expect(loaded).toMatchObject({
      initial: { a: 1, b: 'x' },
      values: { a: 1, b: 'x' },
      rowVersion: 4,
      errors: {},
      loaded: true,
    });
    expect(emptyFormState().loaded).toBe(false);
  });

  it('changes a value, setting or clearing its error', () => {
    const withError = formReducer(loaded, { type: 'errors', errors: { a: 'bad' } });
    expect(withError.submitted).toBe(true);
    const fixed = formReducer(withError, { type: 'change', key: 'a', value: 2 });
    expect(fixed.errors).toEqual({});
    expect(formReducer(fixed, { type: 'change', key: 'b', value: '', error: 'req' }).errors).toEqual({
      b: 'req',
    });
    expect(changedKeys(fixed)).toEqual(['a']);
  });

  it('keeps every value when errors arrive (no edit lost)', () => {
    const edited = formReducer(loaded, { type: 'change', key: 'b', value: 'mine' });
    expect(formReducer(edited, { type: 'errors', errors: { b: 'server says no' } }).values.b).toBe('mine');
  });

  it('marks and unmarks fields', () => {
    const marked = formReducer(formReducer(loaded, { type: 'mark', key: 'a', on: true }), {
      type: 'mark',
      key: 'b',
      on: true,
    });
    expect(marked.marked).toEqual(['a', 'b']);
    expect(formReducer(marked, { type: 'mark', key: 'a', on: false }).marked).toEqual(['b']);
  });

  it('discards back to the loaded values', () => {
    const edited = formReducer(formReducer(loaded, { type: 'change', key: 'a', value: 9 }), {
      type: 'mark',
      key: 'a',
      on: true,
    });
    expect(formReducer(edited, { type: 'discard' })).toMatchObject({ values: { a: 1, b: 'x' }, marked: [] });
  });

  it('merges prefilled values and updates the row version', () => {
    expect(formReducer(loaded, { type: 'setValues', values: { c: 3 } }).values).toEqual({
      a: 1,
      b: 'x',
      c: 3,
    });
    expect(formReducer(loaded, { type: 'rowVersion', rowVersion: 5 }).rowVersion).toBe(5);
  });
});
