/**
 * Stages 2 and 3 of the criteria pipeline: a typed `ListRequest` → parameterised SQL. Identifiers
 * come from the catalogue only and are quoted here; every value is a `$n` parameter with a cast to
 * its column's type (so indexes on the column stay usable).
 */

import type { CatalogColumnType } from '../../areas/manifest.ts';
import type { CatalogColumn } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { FilterNode, ListRequest } from './criteria.types.ts';

export interface SqlQuery {
  text: string;
  values: unknown[];
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

/** The statement's values, each added as a `$n` placeholder with its cast. */
export class Params {
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

export function where(node: FilterNode, params: Params): string {
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

function whereClause(
  request: Pick<ListRequest, 'filter'>,
  params: Params,
  guard?: SqlGuard,
  extra: readonly string[] = [],
): string {
  const parts = [
    guard?.((v, cast) => params.add(v, cast)) ?? '',
    request.filter ? where(request.filter, params) : '',
    ...extra,
  ];
  const clause = parts.filter((p) => p !== '').join(' AND ');
  return clause ? ` WHERE ${clause}` : '';
}

/** The FROM target: the view, or the record's set-returning function called with its id. */
export function source(request: Pick<ListRequest, 'view' | 'of'>, params: Params): string {
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

/** What a dashboard panel computes over a list's rows (lists/aggregate-service.ts). */
export type Measure = 'count' | 'sum' | 'avg' | 'min' | 'max';
export type BucketUnit = 'hour' | 'day' | 'week' | 'month';

export interface AggregateRequest extends Pick<ListRequest, 'filter' | 'view' | 'of'> {
  measure: Measure;
  /** The column summed, averaged or bounded; none for a count. */
  field?: CatalogColumn | undefined;
  /**
   * The groups: the values of a column (most first), or a date column's time buckets in a time
   * zone (in time order); none for one figure.
   */
  group?:
    | { kind: 'column'; column: CatalogColumn }
    | { kind: 'bucket'; column: CatalogColumn; unit: BucketUnit; timeZone: string }
    | undefined;
  /** The most groups answered. */
  limit: number;
}

/**
 * One figure, or one per group: `key` (the group's value as text, a bucket's start as local
 * `YYYY-MM-DDTHH:MI:SS`) and `value`. A bucket of a timestamp is cut in the viewer's time zone, so
 * a day is that zone's day, 23 or 25 hours long across a daylight-saving change; a date is its own.
 */
export function aggregateSql(request: AggregateRequest, guard?: SqlGuard): SqlQuery {
  const params = new Params();
  const value =
    request.measure === 'count' ? 'count(*)' : `${request.measure}(${quoteIdent(request.field?.name ?? '')})`;
  const group = request.group;
  const column = group ? quoteIdent(group.column.name) : '';
  // A row without a date belongs to no bucket.
  const extra = group?.kind === 'bucket' ? [`${column} IS NOT NULL`] : [];
  const from = `${source(request, params)}${whereClause(request, params, guard, extra)}`;
  if (!group)
    return { text: `SELECT NULL::text AS key, ${value} AS value FROM ${from}`, values: params.values };
  if (group.kind === 'column') {
    return {
      text:
        `SELECT ${column}::text AS key, ${value} AS value FROM ${from} GROUP BY 1` +
        ` ORDER BY 2 DESC NULLS LAST, 1 LIMIT ${params.add(request.limit, 'integer')}`,
      values: params.values,
    };
  }
  const local =
    group.column.type === 'date'
      ? `${column}::timestamp`
      : `(${column} AT TIME ZONE ${params.add(group.timeZone, 'text')})`;
  const unit = params.add(group.unit, 'text');
  return {
    text:
      `SELECT to_char(date_trunc(${unit}, ${local}), 'YYYY-MM-DD"T"HH24:MI:SS') AS key, ${value} AS value` +
      ` FROM ${from} GROUP BY 1 ORDER BY 1 LIMIT ${params.add(request.limit, 'integer')}`,
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

/**
 * Keyset paging (docs/adr/0019-keyset-paging.md): the order a list may be paged in by key instead of
 * by OFFSET — one sort column and the key after it in the same direction, or the key alone. `column`
 * is null when the key alone orders the list.
 */
export interface KeysetOrder {
  column: CatalogColumn | null;
  key: CatalogColumn;
  direction: 'ASC' | 'DESC';
}

/** The request's order as a keyset order, or null when it has more keys than one column and the key. */
export function keysetOrder(request: Pick<ListRequest, 'sort'>, key: CatalogColumn): KeysetOrder | null {
  const [first, second, ...rest] = request.sort;
  if (rest.length > 0) return null;
  if (!first) return { column: null, key, direction: 'ASC' };
  if (first.column.name === key.name)
    return second ? null : { column: null, key, direction: first.direction };
  if (second && (second.column.name !== key.name || second.direction !== first.direction)) return null;
  return { column: first.column, key, direction: first.direction };
}

/** `"a" DESC, "id" DESC`: the keyset order as ORDER BY spells it (the same as `orderedSelect`'s). */
function keysetOrderBy(order: KeysetOrder): string {
  const keys = order.column ? [order.column, order.key] : [order.key];
  return keys.map((c) => `${quoteIdent(c.name)} ${order.direction}`).join(', ');
}

/** The change number of the tables under a list, as the statement's snapshot sees it. */
const changeNumber = (params: Params, relations: readonly string[]): string =>
  `list_change_number(${params.add(relations, 'regclass[]')})`;

/**
 * The list's sort keys in order without its columns, for the planner: when it must sort them (a
 * `Sort` node), no index orders the list and keyset paging would not help.
 */
export function keysetScanSql(
  request: Pick<ListRequest, 'filter' | 'view'>,
  order: KeysetOrder,
  guard?: SqlGuard,
): SqlQuery {
  const params = new Params();
  const keys = [order.column, order.key].filter((c) => c !== null).map((c) => quoteIdent(c.name));
  return {
    text: `SELECT ${keys.join(', ')} FROM ${source(request, params)}${whereClause(request, params, guard)} ORDER BY ${keysetOrderBy(order)}`,
    values: params.values,
  };
}

/**
 * One statement, one snapshot: the tables' change number (`version`), the sort key of every
 * `stride`-th row from the first (`boundaries`, a JSON list of [column as text or null, key as
 * text], null when no row matches), whether the list's last row has a NULL sort column (`lastIsNull`:
 * in an ascending order NULLs come last) and how many unfolded changes the tables hold (`pending`).
 */
export function boundarySql(
  request: Pick<ListRequest, 'filter' | 'view'>,
  order: KeysetOrder,
  relations: readonly string[],
  stride: number,
  guard?: SqlGuard,
): SqlQuery {
  const params = new Params();
  const version = changeNumber(params, relations);
  const pending = `(SELECT count(*) FROM list_changes WHERE relation = ANY(${params.add(relations, 'regclass[]')}))`;
  const column = order.column ? `${quoteIdent(order.column.name)}::text` : 'NULL::text';
  const key = `${quoteIdent(order.key.name)}::text`;
  const rows =
    `SELECT ${column} AS "k0", ${key} AS "k", row_number() OVER (ORDER BY ${keysetOrderBy(order)}) AS "rn"` +
    ` FROM ${source(request, params)}${whereClause(request, params, guard)}`;
  const step = params.add(stride, 'bigint');
  const boundaries = `(SELECT json_agg(json_build_array(s."k0", s."k") ORDER BY s."rn") FROM (${rows}) AS s WHERE (s."rn" - 1) % ${step} = 0)`;
  let lastIsNull = 'false';
  if (order.column && order.direction === 'ASC') {
    const reversed = `${quoteIdent(order.column.name)} DESC, ${quoteIdent(order.key.name)} DESC`;
    lastIsNull = `coalesce((SELECT ${quoteIdent(order.column.name)} IS NULL FROM ${source(request, params)}${whereClause(request, params, guard)} ORDER BY ${reversed} LIMIT 1), false)`;
  }
  return {
    text: `SELECT ${version}::text AS "version", ${boundaries} AS "boundaries", ${lastIsNull} AS "lastIsNull", ${pending}::int AS "pending"`,
    values: params.values,
  };
}

/** A boundary: the sort column's value as text (null for NULL) and the key's, of one row. */
export interface KeysetBoundary {
  value: string | null;
  key: string;
}

export interface KeysetSeek {
  order: KeysetOrder;
  /** The row the page is counted from (it is row 0). */
  from: KeysetBoundary;
  /** Rows after `from` before the page starts (less than the boundary stride). */
  skip: number;
  /** The change number the boundary was read at: the statement answers no rows when it differs. */
  version: string;
  relations: readonly string[];
  /** Whether rows with a NULL sort column follow the non-NULL ones (ascending order only). */
  nullsAfter: boolean;
}

/**
 * One page read by key: the rows from `seek.from` on, in the list's order, skipping `seek.skip`,
 * one more than the page size (as `listSql`). The rows are those `listSql` answers for the same page
 * as long as the tables' change number is still `seek.version`; otherwise none (the statement's
 * snapshot decides, so the check and the read agree). NULLs sort as ORDER BY sorts them — last when
 * ascending, first when descending — and a row comparison never matches them, so where the page may
 * run from non-NULL into NULL rows (or back) it reads both parts, each by its index, and orders
 * their union. Null when that union is needed but the page's columns lack the sort column.
 */
export function seekSql(request: ListRequest, seek: KeysetSeek, guard?: SqlGuard): SqlQuery | null {
  const { order, from } = seek;
  const params = new Params();
  const keyCol = quoteIdent(order.key.name);
  const keyValue = () => params.add(from.key, CAST[order.key.type]);
  const op = order.direction === 'ASC' ? '>=' : '<=';
  const segments: string[] = [];
  if (!order.column) {
    segments.push(`${keyCol} ${op} ${keyValue()}`);
  } else {
    const col = quoteIdent(order.column.name);
    const cast = CAST[order.column.type];
    if (from.value !== null) {
      segments.push(`(${col}, ${keyCol}) ${op} (${params.add(from.value, cast)}, ${keyValue()})`);
      if (order.direction === 'ASC' && seek.nullsAfter) segments.push(`${col} IS NULL`);
    } else {
      segments.push(`${col} IS NULL AND ${keyCol} ${op} ${keyValue()}`);
      if (order.direction === 'DESC') segments.push(`${col} IS NOT NULL`);
    }
  }
  const orderBy = keysetOrderBy(order);
  const columns = request.fields.map((c) => quoteIdent(c.name)).join(', ');
  const version = `${changeNumber(params, seek.relations)} = ${params.add(seek.version, 'bigint')}`;
  const select = (segment: string) =>
    `SELECT ${columns} FROM ${source(request, params)}${whereClause(request, params, guard, [version, `(${segment})`])} ORDER BY ${orderBy}`;
  const limit = request.pageSize + 1;
  if (segments.length === 1) {
    return {
      text: `${select(segments[0] as string)} LIMIT ${params.add(limit, 'bigint')} OFFSET ${params.add(seek.skip, 'bigint')}`,
      values: params.values,
    };
  }
  const names = new Set(request.fields.map((c) => c.name));
  if (!names.has(order.key.name) || (order.column && !names.has(order.column.name))) return null;
  const each = params.add(seek.skip + limit, 'bigint');
  const parts = segments.map((s) => `(${select(s)} LIMIT ${each})`).join(' UNION ALL ');
  return {
    text: `SELECT * FROM (${parts}) AS "page" ORDER BY ${orderBy} LIMIT ${params.add(limit, 'bigint')} OFFSET ${params.add(seek.skip, 'bigint')}`,
    values: params.values,
  };
}

/** The tables' change number now (to tell a stale boundary from an empty page). */
export function changeNumberSql(relations: readonly string[]): SqlQuery {
  const params = new Params();
  return { text: `SELECT ${changeNumber(params, relations)}::text AS "version"`, values: params.values };
}
