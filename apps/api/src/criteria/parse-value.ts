/**
 * Checks one condition's operation, type and value against its catalogue column and returns the
 * typed value. Every refusal names the column and what was wrong.
 */
import type { FilterOperation, FilterType } from '@bm/contracts';
import { CRITERIA_LIMITS } from '@bm/contracts';
import type { CatalogColumnType } from '../../areas/manifest.ts';
import type { CatalogColumn } from '../../catalog/entity-spec.ts';
import { CriteriaError, type ParsedValue } from './criteria.types.ts';

const TEXT_OPS = ['eq', 'neq', 'contains', 'notcontains', 'startswith', 'endswith', 'in', 'notin'] as const;
const ORDERED_OPS = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'between'] as const;
const NULL_OPS = ['isnull', 'isnotnull'] as const;

const OPERATIONS_BY_TYPE: Record<CatalogColumnType, readonly FilterOperation[]> = {
  text: [...TEXT_OPS, ...NULL_OPS],
  number: [...ORDERED_OPS, 'in', 'notin', ...NULL_OPS],
  decimal: [...ORDERED_OPS, 'in', 'notin', ...NULL_OPS],
  boolean: ['eq', 'neq', ...NULL_OPS],
  date: [...ORDERED_OPS, ...NULL_OPS],
  datetime: [...ORDERED_OPS, ...NULL_OPS],
};

const FITTING_TYPES: Record<CatalogColumnType, readonly FilterType[]> = {
  text: ['text'],
  number: ['number'],
  decimal: ['number'],
  boolean: ['boolean'],
  date: ['date', 'datetime'],
  datetime: ['date', 'datetime'],
};

const MAX_TEXT = 1000;
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,6})?)?(?:Z|[+-](\d{2}):?(\d{2}))?)?$/;

/**
 * A real calendar date and clock time, checked here because `Date.parse` rolls 2024-02-30 over to
 * March and PostgreSQL would then refuse the cast with a server error.
 */
function isRealDateTime(text: string): boolean {
  const m = DATETIME.exec(text);
  if (!m) return false;
  const [year, month, day, hour = 0, minute = 0, second = 0, offsetHour = 0, offsetMinute = 0] = m
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (year === undefined || month === undefined || day === undefined || year < 1) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  const sameDay =
    date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return sameDay && hour < 24 && minute < 60 && second < 60 && offsetHour <= 14 && offsetMinute < 60;
}
const INTEGER = /^-?\d{1,15}$/;
const DECIMAL = /^-?\d{1,15}(\.\d{1,6})?$/;

export function operationsFor(type: CatalogColumnType): readonly FilterOperation[] {
  return OPERATIONS_BY_TYPE[type];
}

function scalar(column: CatalogColumn, raw: unknown): string | number | boolean {
  const fail = (what: string): never => {
    throw new CriteriaError(`Filter on ${column.name}: ${what}`);
  };
  switch (column.type) {
    case 'text': {
      if (typeof raw !== 'string' && typeof raw !== 'number') return fail('the value must be text');
      const text = String(raw);
      if (text.length > MAX_TEXT) return fail(`the value is longer than ${MAX_TEXT} characters`);
      if (text.includes('\u0000')) return fail('the value contains a NUL character');
      return text;
    }
    case 'number':
    case 'decimal': {
      const text =
        typeof raw === 'number' && Number.isFinite(raw)
          ? String(raw)
          : typeof raw === 'string'
            ? raw.trim()
            : '';
      const pattern = column.type === 'number' ? INTEGER : DECIMAL;
      if (!pattern.test(text)) {
        return fail(
          column.type === 'number' ? 'the value must be a whole number' : 'the value must be a number',
        );
      }
      return text;
    }
    case 'boolean':
      if (raw === true || raw === 'true') return true;
      if (raw === false || raw === 'false') return false;
      return fail('the value must be true or false');
    case 'date':
    case 'datetime': {
      if (typeof raw !== 'string') return fail('the value must be a date');
      const text = raw.trim();
      if (!isRealDateTime(text)) {
        return fail('the value must be a date (YYYY-MM-DD or an ISO date-time)');
      }
      return text;
    }
  }
}

const isDateOnly = (column: CatalogColumn, v: unknown): boolean =>
  column.type === 'datetime' && typeof v === 'string' && DATE.test(v);

export function parseValue(
  column: CatalogColumn,
  operation: FilterOperation,
  type: FilterType,
  raw: unknown,
): ParsedValue {
  if (!OPERATIONS_BY_TYPE[column.type].includes(operation)) {
    throw new CriteriaError(
      `Operation ${operation} does not apply to column ${column.name} (${column.type})`,
    );
  }
  if (!FITTING_TYPES[column.type].includes(type)) {
    throw new CriteriaError(`Type ${type} does not fit column ${column.name} (${column.type})`);
  }
  switch (operation) {
    case 'isnull':
    case 'isnotnull':
      if (raw !== undefined && raw !== null && raw !== '') {
        throw new CriteriaError(`Filter on ${column.name}: ${operation} takes no value`);
      }
      return { kind: 'none' };
    case 'in':
    case 'notin': {
      if (!Array.isArray(raw)) throw new CriteriaError(`Filter on ${column.name}: ${operation} takes a list`);
      if (raw.length === 0) throw new CriteriaError(`Filter on ${column.name}: the list is empty`);
      if (raw.length > CRITERIA_LIMITS.maxInItems) {
        throw new CriteriaError(
          `Filter on ${column.name}: more than ${CRITERIA_LIMITS.maxInItems} items in the list`,
        );
      }
      return { kind: 'list', values: raw.map((v) => scalar(column, v)) };
    }
    case 'between': {
      if (typeof raw !== 'string' || raw.split(',').length !== 2) {
        throw new CriteriaError(`Filter on ${column.name}: between takes "from,to"`);
      }
      const [fromRaw = '', toRaw = ''] = raw.split(',', 2).map((s) => s.trim());
      if (!fromRaw && !toRaw)
        throw new CriteriaError(`Filter on ${column.name}: between needs a from or a to`);
      return {
        kind: 'range',
        from: fromRaw ? (scalar(column, fromRaw) as string) : null,
        to: toRaw ? (scalar(column, toRaw) as string) : null,
        fromDateOnly: isDateOnly(column, fromRaw),
        toDateOnly: isDateOnly(column, toRaw),
      };
    }
    default: {
      if (raw === undefined || raw === null || Array.isArray(raw) || typeof raw === 'object') {
        throw new CriteriaError(`Filter on ${column.name}: ${operation} takes one value`);
      }
      const value = scalar(column, raw);
      return { kind: 'scalar', value, dateOnly: isDateOnly(column, value) };
    }
  }
}
