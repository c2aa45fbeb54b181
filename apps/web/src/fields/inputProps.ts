/**
 * The props every input widget shares: the label above the input, the required mark,
 * the error under it, and read-only inputs that look read-only rather than disabled-grey.
 */
import type { FieldWidgetProps } from './fieldWidget.ts';

export function baseInputProps({ field, error, readOnly }: FieldWidgetProps) {
  return {
    label: field.label,
    required: field.required,
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
