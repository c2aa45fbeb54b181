/**
 * Aggregates answered from an hourly rollup (docs/adr/0034-api-log-rollup.md): a table holding,
 * per UTC hour and per value of some of a list's columns, the rows' count and the sums of some of
 * its number columns. A count, sum or average over the list, one figure or grouped by one of the
 * rollup's columns or by time buckets of its date column, reads the rollup for the whole hours its
 * range covers and the list's rows for the partial hours at the edges, so the figure is the one the
 * rows give, exactly.
 *
 * Two statements: `rollupBlockSql` finds the block of whole hours the filter's time conditions
 * cover (and whether each hour falls inside one bucket of the viewer's zone); `rollupAggregateSql`
 * then adds the rollup's rows of that block to the list's rows outside it. Both read one snapshot
 * each; rows written between them fall either inside the block (and are in the rollup, which the
 * log's own statement keeps) or outside (read from the rows), so nothing is lost or counted twice.
 */
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { FilterNode } from './criteria.types.ts';
import { type AggregateRequest, Params, type SqlGuard, type SqlQuery, source, where } from './plan-sql.ts';

/**
 * A rollup of a list's rows, by the list view's column names: hourly (with `time`), or a count of
 * the rows by state alone (without: the table holds one row per combination of its keys, and
 * answers only requests with no condition but on those keys, such as "records by mapping state").
 */
export interface Rollup {
  /** The list view whose rows it sums up. */
  view: string;
  /** The rollup table. */
  table: string;
  /** The view's timestamp column, cut into UTC hours in the table's `hour` column; none for a state count. */
  time?: string;
  /** The view's columns the table keeps as they are, by the table's column for each. */
  keys: Readonly<Record<string, string>>;
  /** The table's column counting the rows. */
  count: string;
  /** The view's number columns summed (each NOT NULL, so its count is the rows'), by the table's column. */
  sums: Readonly<Record<string, string>>;
}

/** The time conditions a block of whole hours can be cut from: each keeps one interval. */
const INTERVAL_OPERATIONS = new Set(['eq', 'lt', 'lte', 'gt', 'gte', 'between']);

/** A request a rollup can answer, split into its time conditions and the others. */
export interface RollupPlan {
  rollup: Rollup;
  request: AggregateRequest;
  /** The conditions on the time column, each an interval, all of them and-ed at the top. */
  time: Extract<FilterNode, { kind: 'condition' }>[];
  /** The rest of the filter: conditions on the rollup's key columns only. */
  rest: FilterNode | null;
}

/** The conditions and-ed at the top of a filter, through nested "and" groups. */
const conjuncts = (node: FilterNode | null): FilterNode[] =>
  !node
    ? []
    : node.kind === 'group' && node.conjunction === 'and'
      ? node.children.flatMap(conjuncts)
      : [node];

const onlyKeys = (node: FilterNode, rollup: Rollup): boolean =>
  node.kind === 'condition'
    ? Object.hasOwn(rollup.keys, node.column.name)
    : node.children.every((c) => onlyKeys(c, rollup));

/**
 * The plan of a request over a rollup, or null when the rollup cannot answer it: another view or a
 * record's rows, an owner rule, a minimum or maximum, a column the rollup does not keep, or a time
 * condition that is not one interval and-ed with the others.
 */
export function rollupPlan(
  request: AggregateRequest,
  guard: SqlGuard | undefined,
  rollups: readonly Rollup[],
): RollupPlan | null {
  if (guard || request.of !== undefined) return null;
  if (request.measure !== 'count' && request.measure !== 'sum' && request.measure !== 'avg') return null;
  for (const rollup of rollups) {
    if (rollup.view !== request.view) continue;
    if (request.field && !Object.hasOwn(rollup.sums, request.field.name)) continue;
    const group = request.group;
    if (group?.kind === 'column' && !Object.hasOwn(rollup.keys, group.column.name)) continue;
    if (
      group?.kind === 'bucket' &&
      (rollup.time === undefined || group.column.name !== rollup.time || group.column.type !== 'datetime')
    )
      continue;
    const top = conjuncts(request.filter);
    const time: RollupPlan['time'] = [];
    const rest: FilterNode[] = [];
    let fits = true;
    for (const node of top) {
      if (node.kind === 'condition' && rollup.time !== undefined && node.column.name === rollup.time) {
        if (INTERVAL_OPERATIONS.has(node.operation)) time.push(node);
        else fits = false;
      } else if (onlyKeys(node, rollup)) rest.push(node);
      else fits = false;
    }
    if (!fits) continue;
    const others: FilterNode | null =
      rest.length === 0
        ? null
        : rest.length === 1
          ? (rest[0] ?? null)
          : { kind: 'group', conjunction: 'and', children: rest };
    return { rollup, request, time, rest: others };
  }
  return null;
}

/** The time conditions read against another column (an hour's first or last instant). */
const timeConditionsOn = (plan: RollupPlan, name: string, params: Params): string[] =>
  plan.time.map((node) => where({ ...node, column: { ...node.column, name } }, params));

/**
 * The block of whole UTC hours that hold rows and that the time conditions cover entirely (`lo`
 * inclusive, `hi` exclusive; null when none), and `ok`: whether each of them falls inside one time
 * bucket of the viewer's zone with no change of offset within it (true for whole-hour zones; not for
 * Asia/Kolkata, whose hours straddle two, and then the rows answer alone).
 */
export function rollupBlockSql(plan: RollupPlan): SqlQuery {
  if (plan.rollup.time === undefined) throw new Error(`${plan.rollup.table} has no hours`);
  const params = new Params();
  const conditions = [
    ...timeConditionsOn(plan, 'hour_first', params),
    ...timeConditionsOn(plan, 'hour_last', params),
  ];
  const group = plan.request.group;
  let ok = 'true';
  if (group?.kind === 'bucket') {
    const zone = params.add(group.timeZone, 'text');
    const unit = params.add(group.unit, 'text');
    ok =
      `bool_and(date_trunc(${unit}, hour_first AT TIME ZONE ${zone}) = date_trunc(${unit}, hour_last AT TIME ZONE ${zone})` +
      ` AND (hour_first AT TIME ZONE ${zone}) + interval '1 hour' - interval '1 microsecond' = (hour_last AT TIME ZONE ${zone}))`;
  }
  return {
    text:
      `SELECT min(hour_first) AS lo, max(hour_first) + interval '1 hour' AS hi, coalesce(${ok}, true) AS ok` +
      ` FROM (SELECT DISTINCT hour AS hour_first, hour + interval '1 hour' - interval '1 microsecond' AS hour_last` +
      ` FROM ${quoteIdent(plan.rollup.table)}) h` +
      (conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : ''),
    values: params.values,
  };
}

/**
 * The figure over parts holding a count `n` and a sum `s`: an average is the sum over the count, the
 * division `avg` itself makes; a count or a sum is the total of the parts.
 */
const figureOf = (measure: AggregateRequest['measure']): string =>
  measure === 'count'
    ? 'coalesce(sum(n), 0)::bigint'
    : measure === 'sum'
      ? 'sum(s)'
      : 'sum(s) / nullif(sum(n), 0)';

/** The group's key over rows whose columns are named as the view's. */
function keyOf(request: AggregateRequest, params: Params): string {
  const group = request.group;
  if (!group) return 'NULL::text';
  const column = quoteIdent(group.column.name);
  if (group.kind === 'column') return `${column}::text`;
  // As aggregateSql cuts a timestamp: the bucket's start in the viewer's zone.
  const local = `(${column} AT TIME ZONE ${params.add(group.timeZone, 'text')})`;
  return `to_char(date_trunc(${params.add(group.unit, 'text')}, ${local}), 'YYYY-MM-DD"T"HH24:MI:SS')`;
}

/**
 * The aggregate as `aggregateSql` answers it (the same keys, values and order), from the rollup's
 * rows of the hours [lo, hi) and the list's rows before and after them. An average is the sum over
 * the count, the division `avg` itself makes; a count or a sum is the total of the parts.
 */
export function rollupAggregateSql(plan: RollupPlan, block: { lo: Date; hi: Date }): SqlQuery {
  const { request, rollup } = plan;
  if (rollup.time === undefined) throw new Error(`${rollup.table} has no hours`);
  const params = new Params();
  const field = request.field ? quoteIdent(request.field.name) : null;
  const time = quoteIdent(rollup.time);
  const filter = request.filter ? where(request.filter, params) : '';
  const lo = params.add(block.lo.toISOString(), 'timestamptz');
  const hi = params.add(block.hi.toISOString(), 'timestamptz');
  // The rows of the partial hours: the list's own statement, limited to before and after the block
  // (two index ranges of the time column rather than one over the whole range).
  const rows = (edge: string) => {
    const conditions = [filter, `${time} IS NOT NULL`, edge].filter((c) => c !== '');
    return (
      `SELECT ${keyOf(request, params)} AS key, count(*) AS n, ${field ? `sum(${field})` : 'NULL::bigint'} AS s` +
      ` FROM ${source(request, params)} WHERE ${conditions.join(' AND ')} GROUP BY 1`
    );
  };
  // The rollup's rows, with the view's names so the key and the other conditions read as over the list.
  const columns = [
    `hour AS ${time}`,
    ...Object.entries(rollup.keys).map(([name, column]) => `${quoteIdent(column)} AS ${quoteIdent(name)}`),
    `${quoteIdent(rollup.count)} AS n`,
    `${field && request.field ? quoteIdent(rollup.sums[request.field.name] ?? '') : 'NULL::bigint'} AS s`,
  ];
  const rest = plan.rest ? ` AND ${where(plan.rest, params)}` : '';
  const rolled =
    `SELECT ${keyOf(request, params)} AS key, sum(n) AS n, sum(s) AS s` +
    ` FROM (SELECT ${columns.join(', ')} FROM ${quoteIdent(rollup.table)}` +
    ` WHERE hour >= ${lo} AND hour < ${hi}) r WHERE true${rest} GROUP BY 1`;
  const parts = `(${rows(`${time} < ${lo}`)} UNION ALL ${rows(`${time} >= ${hi}`)} UNION ALL ${rolled}) p`;
  const value = figureOf(request.measure);
  const group = request.group;
  if (!group)
    return { text: `SELECT NULL::text AS key, ${value} AS value FROM ${parts}`, values: params.values };
  const order = group.kind === 'column' ? '2 DESC NULLS LAST, 1' : '1';
  return {
    text: `SELECT key, ${value} AS value FROM ${parts} GROUP BY 1 ORDER BY ${order} LIMIT ${params.add(request.limit, 'integer')}`,
    values: params.values,
  };
}

/**
 * The aggregate from a rollup without hours (a count of the rows by state): its rows, named as the
 * view's columns, filtered by the request's conditions on them and summed by the group's key.
 */
export function stateCountSql(plan: RollupPlan): SqlQuery {
  const { request, rollup } = plan;
  const params = new Params();
  const field = request.field ? quoteIdent(rollup.sums[request.field.name] ?? '') : null;
  const columns = [
    ...Object.entries(rollup.keys).map(([name, column]) => `${quoteIdent(column)} AS ${quoteIdent(name)}`),
    `${quoteIdent(rollup.count)} AS n`,
    `${field ?? 'NULL::bigint'} AS s`,
  ];
  const rest = plan.rest ? ` WHERE ${where(plan.rest, params)}` : '';
  const value = figureOf(request.measure);
  const parts = `(SELECT ${columns.join(', ')} FROM ${quoteIdent(rollup.table)}) r${rest}`;
  const group = request.group;
  if (group?.kind !== 'column')
    return { text: `SELECT NULL::text AS key, ${value} AS value FROM ${parts}`, values: params.values };
  const key = `${quoteIdent(group.column.name)}::text`;
  return {
    text: `SELECT ${key} AS key, ${value} AS value FROM ${parts} GROUP BY 1 HAVING sum(n) > 0 ORDER BY 2 DESC NULLS LAST, 1 LIMIT ${params.add(request.limit, 'integer')}`,
    values: params.values,
  };
}
