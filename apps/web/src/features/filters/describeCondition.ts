/** The short text of a condition on a filter chip, e.g. "Status is any of Draft, Published". */
import type { ColumnDefinition, ColumnFilter, FilterOperation } from '@bm/contracts';
import { DATE_OPERATOR_LABELS, filterKindOf, NO_VALUE_OPERATORS, OPERATOR_LABELS } from './filterTypes.ts';

export interface OptionItem {
  value: string;
  label: string;
}

function valueText(
  column: ColumnDefinition,
  condition: ColumnFilter,
  options: readonly OptionItem[],
): string {
  const label = (v: unknown): string => {
    const text = String(v ?? '');
    const tag = column.tags && Object.hasOwn(column.tags, text) ? column.tags[text]?.label : undefined;
    return tag ?? options.find((o) => o.value === text)?.label ?? text;
  };
  if (Array.isArray(condition.value)) return condition.value.map(label).join(', ');
  if (filterKindOf(column.type) === 'boolean')
    return condition.value === true || condition.value === 'true' ? 'Yes' : 'No';
  if (condition.operator === 'between') {
    const [from = '', to = ''] = String(condition.value ?? '').split(',');
    return `${from || '…'} and ${to || '…'}`;
  }
  return label(condition.value);
}

export function describeCondition(
  column: ColumnDefinition,
  condition: ColumnFilter,
  options: readonly OptionItem[] = [],
): string {
  const op = condition.operator as FilterOperation;
  const opText =
    (filterKindOf(column.type) === 'date' ? DATE_OPERATOR_LABELS[op] : undefined) ??
    OPERATOR_LABELS[op] ??
    op;
  if (NO_VALUE_OPERATORS.includes(op)) return `${column.column} ${opText}`;
  return `${column.column} ${opText} ${valueText(column, condition, options)}`;
}
