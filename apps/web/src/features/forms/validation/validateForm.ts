/**
 * Checks a form: each field's rules in order, stopping at the first failure, whose message
 * shows under the field; the form is invalid when any field fails. In mark-fields mode only the
 * marked fields are checked, and at least one must be marked.
 */
import { checkRules } from '@bm/contracts';
import type { FormField } from '../../../fields/formField.ts';

export const FORM_INVALID_MESSAGE = 'Please fill up all required field';
export const NO_MARKED_FIELD_MESSAGE = 'Please choose at least one more fields for the changes.';

export type FieldErrors = Record<string, string>;

export function validateField(field: Pick<FormField, 'rules'>, value: unknown): string | undefined {
  // The same engine the server runs on save, so both give the same verdict and message.
  return checkRules(field.rules, value);
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
  for (const field of fields) {
    if (field.readOnly || field.type === 'spacer') continue;
    if (marked && !marked.has(field.mapKey)) continue;
    const message = validateField(field, values[field.mapKey]);
    if (message) errors[field.mapKey] = message;
  }
  return { errors, alert: Object.keys(errors).length > 0 ? FORM_INVALID_MESSAGE : undefined };
}
