/**
 * Stages 2 and 3 of the criteria pipeline: a typed `ListRequest` → parameterised SQL. Identifiers
 * come from the catalogue only and are quoted here; every value is a `$n` parameter with a cast to
 * its column's type (so indexes on the column stay usable).
 */
import type { CatalogColumn, CatalogColumnType } from '../../catalog/entity-spec.ts';
import type { FilterNode, ListRequest } from './criteria.types.ts';

export interface SqlQuery {
  text: string;
  values: unknown[];
}

const IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]{0,62}$/;

/** Quotes a catalogue identifier; anything unexpected is a programming error, never user input. */
export function quoteIdent(name: string): string {
  if (!IDENTIFIER.test(name)) throw new Error(`Invalid catalogue identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}

const CAST: Record<CatalogColumnType, string> = {
  text: 'text',
  number: 'bigint',
  decimal: 'numeric',
  boolean: 'boolean',
  date: 'date',
  datetime: 'timestamptz',
};

const likeEscape = (text: string): string => text.replace(/[\\%_]/g, (c) => `\\${c}`);

class Params {
  readonly values: unknown[] = [];
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
}

function condition(node: Extract<FilterNode, { kind: 'condition' }>, params: Params): string {
  const col = quoteIdent(node.column.name);
  const cast = CAST[node.column.type];
  const { value } = node;
  // A date without a time on a date-time column means the whole day.
  const dayStart = (v: unknown) => params.add(v, 'date');
  const nextDay = (v: unknown) => `(${params.add(v, 'date')} + 1)`;
  switch (node.operation) {
    case 'isnull':
      return `${col} IS NULL`;
    case 'isnotnull':
      return `${col} IS NOT NULL`;
    case 'in':
    case 'notin': {
      if (value.kind !== 'list') throw new Error('in needs a list');
      const any = `${col} = ANY(${params.add(value.values, `${cast}[]`)})`;
      return node.operation === 'in' ? any : `NOT (${any})`;
    }
    case 'between': {
      if (value.kind !== 'range') throw new Error('between needs a range');
      const parts: string[] = [];
      if (value.from !== null)
        parts.push(`${col} >= ${value.fromDateOnly ? dayStart(value.from) : params.add(value.from, cast)}`);
      if (value.to !== null)
        parts.push(
          value.toDateOnly ? `${col} < ${nextDay(value.to)}` : `${col} <= ${params.add(value.to, cast)}`,
        );
      return parts.join(' AND ');
    }
    default:
      break;
  }
  if (value.kind !== 'scalar') throw new Error(`${node.operation} needs one value`);
  const v = value.value;
  if (value.dateOnly) {
    switch (node.operation) {
      case 'eq':
        return `(${col} >= ${dayStart(v)} AND ${col} < ${nextDay(v)})`;
      case 'neq':
        return `NOT (${col} >= ${dayStart(v)} AND ${col} < ${nextDay(v)})`;
      case 'lt':
        return `${col} < ${dayStart(v)}`;
      case 'lte':
        return `${col} < ${nextDay(v)}`;
      case 'gt':
        return `${col} >= ${nextDay(v)}`;
      case 'gte':
        return `${col} >= ${dayStart(v)}`;
      default:
        break;
    }
  }
  switch (node.operation) {
    case 'eq':
      return `${col} = ${params.add(v, cast)}`;
    case 'neq':
      return `${col} IS DISTINCT FROM ${params.add(v, cast)}`;
    case 'lt':
      return `${col} < ${params.add(v, cast)}`;
    case 'lte':
      return `${col} <= ${params.add(v, cast)}`;
    case 'gt':
      return `${col} > ${params.add(v, cast)}`;
    case 'gte':
      return `${col} >= ${params.add(v, cast)}`;
    case 'contains':
      return `${col} ILIKE ${params.add(`%${likeEscape(String(v))}%`, 'text')}`;
    case 'notcontains':
      return `(${col} IS NULL OR ${col} NOT ILIKE ${params.add(`%${likeEscape(String(v))}%`, 'text')})`;
    case 'startswith':
      return `${col} ILIKE ${params.add(`${likeEscape(String(v))}%`, 'text')}`;
    case 'endswith':
      return `${col} ILIKE ${params.add(`%${likeEscape(String(v))}`, 'text')}`;
    default:
      throw new Error(`Unplanned operation ${node.operation}`);
  }
}

function where(node: FilterNode, params: Params): string {
  if (node.kind === 'condition') return condition(node, params);
  const parts = node.children.map((c) => where(c, params)).filter((p) => p !== '');
  if (parts.length === 0) return '';
  if (parts.length === 1) return parts[0] as string;
  return `(${parts.join(node.conjunction === 'and' ? ' AND ' : ' OR ')})`;
}

/**
 * A condition added in front of the filters, built with the same parameter list; the list call uses
 * it to check the caller's right inside its own statement.
 */
export type SqlGuard = (param: (value: unknown, cast: string) => string) => string;

function whereClause(request: Pick<ListRequest, 'filter'>, params: Params, guard?: SqlGuard): string {
  const parts = [
    guard?.((v, cast) => params.add(v, cast)) ?? '',
    request.filter ? where(request.filter, params) : '',
  ];
  const clause = parts.filter((p) => p !== '').join(' AND ');
  return clause ? ` WHERE ${clause}` : '';
}

/** The FROM target: the view, or the record's set-returning function called with its id. */
function source(request: Pick<ListRequest, 'view' | 'of'>, params: Params): string {
  const view = quoteIdent(request.view);
  return request.of === undefined ? view : `${view}(${params.add(request.of, 'integer')}) AS "v"`;
}

/**
 * The list's columns, rows and order, without a page. The sort ends with the key, a unique
 * tie-breaker that keeps pages stable and an export's order total; it follows the last key's
 * direction.
 */
function orderedSelect(
  request: Omit<ListRequest, 'pageIndex' | 'pageSize'>,
  key: CatalogColumn,
  params: Params,
  guard?: SqlGuard,
): string {
  const columns = request.fields.map((c) => quoteIdent(c.name)).join(', ');
  const order = request.sort.map((s) => `${quoteIdent(s.column.name)} ${s.direction}`);
  if (!request.sort.some((s) => s.column.name === key.name)) {
    order.push(`${quoteIdent(key.name)} ${request.sort.at(-1)?.direction ?? 'ASC'}`);
  }
  return `SELECT ${columns} FROM ${source(request, params)}${whereClause(request, params, guard)} ORDER BY ${order.join(', ')}`;
}

/** One page, fetching one row more than asked so `hasMore` needs no count. */
export function listSql(request: ListRequest, key: CatalogColumn, guard?: SqlGuard): SqlQuery {
  const params = new Params();
  const text =
    orderedSelect(request, key, params, guard) +
    ` LIMIT ${params.add(request.pageSize + 1, 'bigint')}` +
    ` OFFSET ${params.add(request.pageIndex * request.pageSize, 'bigint')}`;
  return { text, values: params.values };
}

export function countSql(request: Pick<ListRequest, 'filter' | 'view' | 'of'>, guard?: SqlGuard): SqlQuery {
  const params = new Params();
  return {
    text: `SELECT count(*)::bigint AS n FROM ${source(request, params)}${whereClause(request, params, guard)}`,
    values: params.values,
  };
}

export function estimateSql(
  request: Pick<ListRequest, 'filter' | 'view' | 'of'>,
  guard?: SqlGuard,
): SqlQuery {
  const params = new Params();
  return {
    text: `EXPLAIN (FORMAT JSON) SELECT 1 FROM ${source(request, params)}${whereClause(request, params, guard)}`,
    values: params.values,
  };
}

/** Every row of the list, in its order, for a cursor (an export): the list's statement without its page. */
export function exportSql(
  request: Omit<ListRequest, 'pageIndex' | 'pageSize'>,
  key: CatalogColumn,
  guard?: SqlGuard,
): SqlQuery {
  const params = new Params();
  return { text: orderedSelect(request, key, params, guard), values: params.values };
}

/** The caller's own rows only, for an entity with an owner column (and nothing otherwise). */
export const ownerGuard = (owner: string | undefined, email: string): SqlGuard | undefined =>
  owner === undefined ? undefined : (param) => `lower(${quoteIdent(owner)}) = lower(${param(email, 'text')})`;

/** Both guards, either of which may be absent. */
export const bothGuards = (a: SqlGuard | undefined, b: SqlGuard | undefined): SqlGuard | undefined =>
  !a ? b : !b ? a : (param) => `${a(param)} AND ${b(param)}`;
