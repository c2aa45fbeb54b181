/**
 * A record form's local state: the values loaded (or started from), the values as
 * edited, field errors, the fields marked in mark-fields mode and the row version the edit started
 * from. A failed call changes nothing but errors, so no edit is lost.
 */
import type { FieldErrors } from './validation/validateForm.ts';

export interface FormState {
  initial: Record<string, unknown>;
  values: Record<string, unknown>;
  errors: FieldErrors;
  marked: readonly string[];
  rowVersion: number | undefined;
  /** Set by the first submit; errors then follow every change. */
  submitted: boolean;
  /** The record (or a new record's starting values) has been loaded: the fields may render. */
  loaded: boolean;
}

export type FormAction =
  | { type: 'load'; values: Record<string, unknown>; rowVersion: number | undefined }
  | { type: 'change'; key: string; value: unknown; error?: string | undefined }
  | { type: 'setValues'; values: Record<string, unknown> }
  | { type: 'errors'; errors: FieldErrors }
  | { type: 'mark'; key: string; on: boolean }
  | { type: 'rowVersion'; rowVersion: number | undefined }
  | { type: 'discard' };

export const emptyFormState = (values: Record<string, unknown> = {}): FormState => ({
  initial: values,
  values,
  errors: {},
  marked: [],
  rowVersion: undefined,
  submitted: false,
  loaded: false,
});

export function formReducer(state: FormState, action: FormAction): FormState {
  switch (action.type) {
    case 'load':
      return { ...emptyFormState(action.values), rowVersion: action.rowVersion, loaded: true };
    case 'change': {
      const errors = { ...state.errors };
      if (action.error) errors[action.key] = action.error;
      else delete errors[action.key];
      return { ...state, values: { ...state.values, [action.key]: action.value }, errors };
    }
    case 'setValues':
      return { ...state, values: { ...state.values, ...action.values } };
    case 'errors':
      return { ...state, errors: action.errors, submitted: true };
    case 'mark': {
      const marked = state.marked.filter((k) => k !== action.key);
      return { ...state, marked: action.on ? [...marked, action.key] : marked };
    }
    case 'rowVersion':
      return { ...state, rowVersion: action.rowVersion };
    case 'discard':
      return { ...state, values: state.initial, errors: {}, marked: [], submitted: false };
  }
}

/** Fields whose value differs from the one loaded. */
export function changedKeys(state: Pick<FormState, 'initial' | 'values'>): string[] {
  return Object.keys(state.values).filter(
    (key) => JSON.stringify(state.values[key] ?? null) !== JSON.stringify(state.initial[key] ?? null),
  );
}
