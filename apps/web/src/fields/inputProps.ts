/**
 * The props every input widget shares: the label above the input, the required mark,
 * the error under it, and read-only inputs that look read-only rather than disabled-grey. A bound
 * read from another value (an amount at most another record's total, ADR 0027) is stated under
 * the input in the rule's own words, so the user knows it before saving.
 */
import type { FieldWidgetProps } from './fieldWidget.ts';

/** The words of a bound the field's rules read from another value, once that value is known. */
const boundHint = (field: FieldWidgetProps['field']): string | undefined =>
  field.rules.find((r) => r.limitFrom !== undefined && r.limit !== undefined)?.message;

export function baseInputProps({ field, error, readOnly }: FieldWidgetProps) {
  return {
    label: field.label,
    required: field.required,
    description: readOnly ? undefined : boundHint(field),
    error,
    readOnly,
    name: field.mapKey,
    'data-readonly': readOnly || undefined,
  };
}

export const asText = (value: unknown): string =>
  value === null || value === undefined
    ? ''
    : typeof value === 'object'
      ? JSON.stringify(value)
      : String(value);
