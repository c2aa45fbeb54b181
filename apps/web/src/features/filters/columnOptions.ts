/**
 * Options of a select column's filter: the fixed
 * list in `inputProps.options`, or rows of the column's `source` path (id/name or value/label, or the
 * fields its `filterOptions` name).
 */
import type { ColumnDefinition } from '@bm/contracts';
import type { OptionItem } from './describeCondition.ts';

const text = (value: unknown): string | undefined =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : undefined;

function optionFromEntry(entry: unknown, valueField?: string, labelField?: string): OptionItem | undefined {
  if (typeof entry !== 'object' || entry === null) {
    const plain = text(entry);
    return plain === undefined ? undefined : { value: plain, label: plain };
  }
  const row = entry as Record<string, unknown>;
  const pick = (...fields: Array<string | undefined>): string | undefined => {
    for (const field of fields)
      if (field && Object.hasOwn(row, field) && text(row[field]) !== undefined) return text(row[field]);
    return undefined;
  };
  const value = pick(valueField, 'value', 'id');
  if (value === undefined) return undefined;
  return { value, label: pick(labelField, 'label', 'name') ?? value };
}

export function optionsFromRows(rows: unknown, column: ColumnDefinition): OptionItem[] {
  const list = Array.isArray(rows) ? rows : [];
  const { valueFieldName, displayFieldName } = column.filterOptions ?? {};
  const seen = new Set<string>();
  const options: OptionItem[] = [];
  for (const entry of list) {
    const option = optionFromEntry(entry, valueFieldName, displayFieldName);
    if (option && !seen.has(option.value)) {
      seen.add(option.value);
      options.push(option);
    }
  }
  return options;
}

/** The column's fixed options, or undefined when it has none (then its `source` is asked). */
export function staticOptions(column: ColumnDefinition): OptionItem[] | undefined {
  const fixed = column.inputProps?.options;
  if (Array.isArray(fixed)) return optionsFromRows(fixed, column);
  if (column.tags) return Object.entries(column.tags).map(([value, tag]) => ({ value, label: tag.label }));
  return undefined;
}
