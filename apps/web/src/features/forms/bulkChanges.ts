/**
 * What a bulk edit will change, in words, for its confirmation: each marked field's label and the
 * new value as the user reads it ("Priority → 7", "Status → Published", "Active → No"), then the
 * number of records ("on 3 records"). A select's value shows its option label where the options are
 * known (the fixed list, or the lookup the form already loaded); an empty value reads "(empty)";
 * long text is cut, so the sentence stays one line a person can check.
 */
import type { FormField } from '../../fields/formField.ts';
import type { FieldOption } from '../../fields/options/fieldOptions.ts';
import { optionKey, toList } from '../../fields/options/selectData.ts';

/** One marked field: its label and the new value's display text. */
export interface FieldChange {
  label: string;
  text: string;
}

const LONGEST = 60;
const SELECTS = new Set(['singleselect', 'multiselect', 'combobox', 'autocomplete', 'uploadsingleselect']);
const MARKUP = new Set(['htmleditor', 'htmlcode', 'xmlcode']);

const cut = (text: string): string => (text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text);

/** The display text of one value of `field`; `options` are the select's, when known. */
export function valueText(field: FormField, value: unknown, options: readonly FieldOption[] = []): string {
  if (value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0))
    return '(empty)';
  if (field.type === 'boolean' || typeof value === 'boolean')
    return value === true || value === 'true' ? 'Yes' : 'No';
  if (SELECTS.has(field.type)) {
    const labels = toList(value).map(
      (v) => options.find((o) => optionKey(o.value) === optionKey(v))?.label ?? optionKey(v),
    );
    return cut(labels.join(', '));
  }
  if (value instanceof Date) return value.toISOString().slice(0, 16).replace('T', ' ');
  const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  // Markup reads by its text: "<p>Sale</p>" is "Sale" to the person confirming.
  const plain = MARKUP.has(field.type) ? text.replace(/<[^>]*>/g, ' ') : text;
  return cut(plain.replace(/\s+/g, ' ').trim()) || '(empty)';
}

/** The marked fields' changes, in the form's field order. */
export function fieldChanges(
  fields: readonly FormField[],
  values: Readonly<Record<string, unknown>>,
  marked: ReadonlySet<string>,
  optionsOf: (field: FormField) => readonly FieldOption[] = () => [],
): FieldChange[] {
  return fields
    .filter((f) => f.type !== 'spacer' && marked.has(f.mapKey))
    .map((f) => ({ label: f.label, text: valueText(f, values[f.mapKey], optionsOf(f)) }));
}

/** "Priority → 7 on 3 records"; several fields are joined with commas: "Priority → 7, Active → No on 1 record". */
export function bulkConfirmText(changes: readonly FieldChange[], count: number, exact = true): string {
  const records = `${exact ? '' : 'about '}${count.toLocaleString('en')} ${count === 1 ? 'record' : 'records'}`;
  const what = changes.map((c) => `${c.label} → ${c.text}`).join(', ');
  return `${what || 'Nothing'} on ${records}`;
}
