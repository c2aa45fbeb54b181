/**
 * Select options: a fixed list from the spec (`options`, or the
 * column's `inputProps.options`) or rows from a path, each row read as id/name or value/label
 * (or the spec's valueFieldName/displayFieldName). A label shows 'value - name' when they differ.
 */
import type { FormFieldSpec } from '@bm/contracts';

export type OptionValue = string | number | boolean;

export interface FieldOption {
  value: OptionValue;
  label: string;
}

const isScalar = (v: unknown): v is OptionValue =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function optionLabel(value: OptionValue, name: unknown): string {
  const text = isScalar(name) ? String(name) : String(value);
  // Case alone does not make them differ: 'en' and 'EN' show once.
  return String(value).toLowerCase() === text.toLowerCase() ? text : `${String(value)} - ${text}`;
}

function rowToOption(
  row: Record<string, unknown>,
  spec: Pick<FormFieldSpec, 'valueFieldName' | 'displayFieldName'>,
): FieldOption | undefined {
  const valueKey = spec.valueFieldName || (Object.hasOwn(row, 'id') ? 'id' : 'value');
  const nameKey = spec.displayFieldName || (Object.hasOwn(row, 'name') ? 'name' : 'label');
  const value = row[valueKey];
  if (!isScalar(value)) return undefined;
  return { value, label: optionLabel(value, row[nameKey]) };
}

export function rowsToOptions(
  rows: unknown,
  spec: Pick<FormFieldSpec, 'valueFieldName' | 'displayFieldName'>,
): FieldOption[] {
  const list = Array.isArray(rows) ? rows : [];
  const options: FieldOption[] = [];
  const seen = new Set<string>();
  for (const row of list) {
    const option = isScalar(row)
      ? { value: row, label: String(row) }
      : typeof row === 'object' && row !== null
        ? rowToOption(row as Record<string, unknown>, spec)
        : undefined;
    if (!option || seen.has(String(option.value))) continue;
    seen.add(String(option.value));
    options.push(option);
  }
  return options;
}

/** The preset's fixed list, when it gives one. */
export function fixedOptions(spec: FormFieldSpec): FieldOption[] | undefined {
  const fixed = spec.options ?? spec.inputProps?.options;
  if (!Array.isArray(fixed)) return undefined;
  return rowsToOptions(fixed, {});
}

/** Rows of a dropdown answer: `{data: rows}`, or a bare list. */
export function rowsOf(body: unknown): unknown[] {
  if (Array.isArray(body)) return body;
  if (typeof body === 'object' && body !== null && Array.isArray((body as { data?: unknown }).data)) {
    return (body as { data: unknown[] }).data;
  }
  return [];
}
