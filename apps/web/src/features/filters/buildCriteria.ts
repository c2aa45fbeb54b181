/**
 * Turns the grid's column filters into the list call's `filters`:
 * wire types by column type, `in`/`notin` as lists, `between` as "from,to", a
 * date's 'T00:00:00' trimmed for lt and gt; a column's conditions combine by their conjunctions,
 * columns combine with and. Conditions without a value are left out.
 */
import type {
  ColumnDefinition,
  ColumnFilter,
  Filter,
  FilterCondition,
  FilterOperation,
  FilterValue,
} from '@bm/contracts';
import { FILTER_OPERATIONS } from '@bm/contracts';
import { type ColumnFilters, NO_VALUE_OPERATORS, wireTypeOf } from './filterTypes.ts';

type Scalar = string | number | boolean;

const isOperation = (op: string): op is FilterOperation =>
  (FILTER_OPERATIONS as readonly string[]).includes(op);

const toScalar = (value: unknown): Scalar | undefined => {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value.trim();
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  return undefined;
};

function listOf(condition: ColumnFilter): Scalar[] {
  const raw = Array.isArray(condition.value)
    ? condition.value
    : condition.lists && condition.lists.length > 0
      ? condition.lists
      : typeof condition.value === 'string'
        ? condition.value.split(',')
        : [condition.value];
  return raw.map(toScalar).filter((v): v is Scalar => v !== undefined);
}

function rangeOf(condition: ColumnFilter): string | undefined {
  const parts = Array.isArray(condition.value)
    ? condition.value.map((v) => String(v ?? ''))
    : String(condition.value ?? '').split(',');
  const [from = '', to = ''] = parts.map((p) => p.trim());
  return from || to ? `${from},${to}` : undefined;
}

function booleanOf(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

function conditionValue(
  column: ColumnDefinition,
  condition: ColumnFilter,
  op: FilterOperation,
): FilterValue | undefined {
  if (NO_VALUE_OPERATORS.includes(op)) return null;
  if (op === 'in' || op === 'notin') {
    const list = listOf(condition);
    return list.length > 0 ? list : undefined;
  }
  if (op === 'between') return rangeOf(condition);
  const wire = wireTypeOf(column.type);
  if (wire === 'boolean') return booleanOf(condition.value);
  const scalar = toScalar(condition.value);
  if (
    (wire === 'date' || wire === 'datetime') &&
    (op === 'lt' || op === 'gt') &&
    typeof scalar === 'string'
  ) {
    return scalar.replace(/T00:00:00$/, '');
  }
  return scalar;
}

/** One wire condition, or undefined when the condition is incomplete. */
export function toWireCondition(
  column: ColumnDefinition,
  condition: ColumnFilter,
): FilterCondition | undefined {
  if (!isOperation(condition.operator)) return undefined;
  const operation = condition.operator;
  const value = conditionValue(column, condition, operation);
  if (value === undefined) return undefined;
  const wire: FilterCondition = { operation, name: column.mapKey, type: wireTypeOf(column.type) };
  if (value !== null) wire.value = value;
  return wire;
}

/** Left to right: `a or b and c` is `(a or b) and c`; runs of one conjunction stay flat. */
function combineColumn(column: ColumnDefinition, conditions: readonly ColumnFilter[]): Filter | undefined {
  let result: Filter | undefined;
  let resultOp: 'and' | 'or' | undefined;
  for (const condition of conditions) {
    const wire = toWireCondition(column, condition);
    if (!wire) continue;
    if (result === undefined) {
      result = wire;
      continue;
    }
    const op = condition.conjunction === 'or' ? 'or' : 'and';
    if (resultOp === op) {
      (result as Record<typeof op, Filter[]>)[op].push(wire);
    } else {
      result = op === 'or' ? { or: [result, wire] } : { and: [result, wire] };
      resultOp = op;
    }
  }
  return result;
}

export function buildCriteria(
  columns: readonly ColumnDefinition[],
  filters: ColumnFilters,
): Filter | undefined {
  const parts: Filter[] = [];
  for (const column of columns) {
    const conditions = Object.hasOwn(filters, column.key) ? filters[column.key] : undefined;
    if (!conditions || conditions.length === 0) continue;
    const combined = combineColumn(column, conditions);
    if (combined) parts.push(combined);
  }
  if (parts.length === 0) return undefined;
  return parts.length === 1 ? parts[0] : { and: parts };
}
