/**
 * Checks a form: each field's rules in order, stopping at the first failure, whose message
 * shows under the field; the form is invalid when any field fails. In mark-fields mode only the
 * marked fields are checked, and at least one must be marked. A field hidden for the values is not
 * checked; one required for them (`requiredWhen`) is.
 */
import { checkRules, conditionScope, rulesInForm } from '@bm/contracts';
import type { FormField } from '../../../fields/formField.ts';

export const FORM_INVALID_MESSAGE = 'Please fill up all required field';
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
  const scope = conditionScope(fields, values);
  for (const field of fields) {
    if (field.readOnly || field.type === 'spacer') continue;
    if (marked && !marked.has(field.mapKey)) continue;
    const message = validateField(field, values[field.mapKey], scope);
    if (message) errors[field.mapKey] = message;
  }
  return { errors, alert: Object.keys(errors).length > 0 ? FORM_INVALID_MESSAGE : undefined };
}
