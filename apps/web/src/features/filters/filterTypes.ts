/**
 * How the grid keeps filters: per column key, the column's conditions in order,
 * and which kind of filter dialog each column type gets.
 */
import type { ColumnDefinition, ColumnFilter, ColumnType, FilterOperation, FilterType } from '@bm/contracts';

export type ColumnFilters = Record<string, ColumnFilter[]>;

export type FilterKind = 'text' | 'number' | 'date' | 'boolean' | 'select';

const SELECT_TYPES: readonly ColumnType[] = ['combobox', 'singleselect', 'multiselect'];

export function filterKindOf(type: ColumnType): FilterKind {
  if (SELECT_TYPES.includes(type)) return 'select';
  if (type === 'number' || type === 'decimal') return 'number';
  if (type === 'date' || type === 'datetime') return 'date';
  if (type === 'boolean') return 'boolean';
  return 'text';
}

/** Filter typing: selects go as text, number and decimal as number. */
export function wireTypeOf(type: ColumnType): FilterType {
  const kind = filterKindOf(type);
  if (kind === 'select') return 'text';
  if (kind === 'date') return type === 'date' ? 'date' : 'datetime';
  return kind;
}

export const OPERATORS_BY_KIND: Record<FilterKind, readonly FilterOperation[]> = {
  text: [
    'contains',
    'notcontains',
    'eq',
    'neq',
    'startswith',
    'endswith',
    'in',
    'notin',
    'isnull',
    'isnotnull',
  ],
  number: ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between', 'in', 'notin', 'isnull', 'isnotnull'],
  date: ['eq', 'lt', 'lte', 'gt', 'gte', 'between', 'isnull', 'isnotnull'],
  boolean: ['eq', 'isnull', 'isnotnull'],
  select: ['in', 'notin', 'isnull', 'isnotnull'],
};

export const OPERATOR_LABELS: Record<FilterOperation, string> = {
  eq: 'equals',
  neq: 'does not equal',
  lt: 'less than',
  lte: 'at most',
  gt: 'greater than',
  gte: 'at least',
  contains: 'contains',
  notcontains: 'does not contain',
  startswith: 'starts with',
  endswith: 'ends with',
  in: 'is any of',
  notin: 'is none of',
  between: 'between',
  isnull: 'is empty',
  isnotnull: 'is not empty',
};

export const DATE_OPERATOR_LABELS: Partial<Record<FilterOperation, string>> = {
  eq: 'on',
  lt: 'before',
  lte: 'on or before',
  gt: 'after',
  gte: 'on or after',
};

/** The operator a deep-linked value gets: `in` for selects, `contains` for text, else `eq`. */
export function defaultOperator(type: ColumnType): FilterOperation {
  const kind = filterKindOf(type);
  if (kind === 'select') return 'in';
  if (kind === 'text') return 'contains';
  return 'eq';
}

export const NO_VALUE_OPERATORS: readonly string[] = ['isnull', 'isnotnull'];

/** Operators whose value is a list of values ("is any of", "is none of"). */
export const LIST_OPERATORS: readonly string[] = ['in', 'notin'];

/** What a condition's value is for its operator: none, a list, a from–to range or one value. */
export function valueShapeOf(operator: string): 'none' | 'list' | 'range' | 'one' {
  if (NO_VALUE_OPERATORS.includes(operator)) return 'none';
  if (LIST_OPERATORS.includes(operator)) return 'list';
  return operator === 'between' ? 'range' : 'one';
}

/**
 * The values of a list condition of a text or number column as its box shows them, comma-separated
 * ("1, 2, 3"); the box's own text while it is being typed.
 */
export function listText(value: unknown): string {
  if (Array.isArray(value)) return value.map((v) => String(v ?? '')).join(', ');
  return value === null || value === undefined ? '' : String(value);
}

/** A list condition's values as stored: its value, or the older presets' `lists` beside an empty one. */
export function listOfCondition(condition: { value?: unknown; lists?: unknown[] | undefined }): unknown {
  if (Array.isArray(condition.value) || !condition.lists || condition.lists.length === 0)
    return condition.value;
  return condition.lists;
}

/**
 * The values of a list condition typed as comma-separated text, trimmed, empty ones dropped; a
 * number column's as numbers (what is not a number is dropped). An array is kept as it is.
 */
export function listValues(value: unknown, kind: FilterKind): Array<string | number> {
  if (Array.isArray(value))
    return value.filter((v): v is string | number => typeof v === 'string' || typeof v === 'number');
  const parts = listText(value)
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  if (kind !== 'number') return parts;
  return parts.map(Number).filter((n) => Number.isFinite(n));
}

export const isFilterable = (column: ColumnDefinition): boolean => column.filterable !== false;

export const activeFilterCount = (filters: ColumnFilters): number =>
  Object.values(filters).reduce((sum, list) => sum + list.length, 0);
