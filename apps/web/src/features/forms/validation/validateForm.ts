/**
 * Checks a form: each field's rules in order, stopping at the first failure, whose message
 * shows under the field; the form is invalid when any field fails. In mark-fields mode only the
 * marked fields are checked, and at least one must be marked. A field hidden for the values is not
 * checked; one required for them (`requiredWhen`) is.
 */
import { checkRules, conditionScope, isEmptyValue, rulesInForm } from '@bm/contracts';
import type { FormField } from '../../../fields/formField.ts';

/** The summary's message when a required field is empty (a box that must be ticked is not). */
export const FORM_INVALID_MESSAGE = 'Please fill up all required field';
/** The summary's message when every field that failed has a value, only not a valid one. */
export const FORM_FORMAT_MESSAGE = 'Please correct the values that are not valid';
/** Both: required fields are empty and other values are not valid. */
export const FORM_INVALID_AND_FORMAT_MESSAGE = `${FORM_INVALID_MESSAGE}, and correct the values that are not valid`;
export const NO_MARKED_FIELD_MESSAGE = 'Please choose at least one more fields for the changes.';

export type FieldErrors = Record<string, string>;

/** `scope`: the form's values as conditions read them, for a field with `visibleWhen`/`requiredWhen`. */
export function validateField(
  field: Pick<FormField, 'rules' | 'spec'>,
  value: unknown,
  scope: Readonly<Record<string, unknown>> = {},
): string | undefined {
  // The same engine and conditions the server runs on save, so both give the same verdict and message.
  return checkRules(rulesInForm(field.spec, scope, field.rules), value);
}

export interface FormCheck {
  errors: FieldErrors;
  /** The alert to show, when the form may not be sent. */
  alert: string | undefined;
}

export function validateForm(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  marked?: ReadonlySet<string>,
): FormCheck {
  if (marked && marked.size === 0) return { errors: {}, alert: NO_MARKED_FIELD_MESSAGE };
  const errors: FieldErrors = {};
  let missing = 0;
  let invalid = 0;
  const scope = conditionScope(fields, values);
  for (const field of fields) {
    if (field.readOnly || field.type === 'spacer') continue;
    if (marked && !marked.has(field.mapKey)) continue;
    const value = values[field.mapKey];
    const message = validateField(field, value, scope);
    if (!message) continue;
    errors[field.mapKey] = message;
    // An empty field fails only a rule that wants a value; a filled one fails on what it holds.
    if (isEmptyValue(value) || value === false) missing += 1;
    else invalid += 1;
  }
  return { errors, alert: summaryMessage(missing, invalid) };
}

/**
 * The summary's message says what kind of problem the form has: the required-field message only
 * when a required field is empty, so that a value in the wrong format (an email without '@') is not
 * reported as a missing one. Each field's own message says the rest.
 */
function summaryMessage(missing: number, invalid: number): string | undefined {
  if (missing > 0 && invalid > 0) return FORM_INVALID_AND_FORMAT_MESSAGE;
  if (missing > 0) return FORM_INVALID_MESSAGE;
  if (invalid > 0) return FORM_FORMAT_MESSAGE;
  return undefined;
}
