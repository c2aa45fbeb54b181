/**
 * `GET {api}/aggregate`: a figure over a list's rows, or one per group, computed in SQL over the
 * list's own criteria (the same filters, search, registered views and data sources, the same owner
 * rule and the List right), never by reading the rows out. What dashboards' panels are made of
 * (issue 42): a count, sum, average, minimum or maximum; grouped by a column's values (most first)
 * or by a date column's hours, days, weeks or months in the viewer's time zone.
 *
 * Parameters besides the list's: `measure` (count, sum, avg, min, max; default count), `field` (the
 * column a measure other than count reads: a number, or for min and max also a date), `groupBy` (a
 * column) or `bucket` (hour, day, week, month) with `dateField` (a date or timestamp column) and
 * `tz` (an IANA time zone, default UTC), `limit` (groups, default 20 for columns and 400 for
 * buckets, at most 1,000). Each refusal is a 400 naming its parameter.
 *
 * A count of one figure over more rows than a count should read answers the planner's estimate,
 * and says so (`exact: false`), as the list's page summary does.
 */
import type { CatalogColumn, EntitySpec } from '../../catalog/entity-spec.ts';
import { columnMap, parseCriteria, resolveSource } from '../criteria/parse-criteria.ts';
import type { SqlQuery } from '../criteria/plan-sql.ts';
import {
  type AggregateRequest,
  aggregateSql,
  type BucketUnit,
  estimateSql,
  type Measure,
  ownerGuard,
} from '../criteria/plan-sql.ts';
import {
  type Rollup,
  type RollupPlan,
  rollupAggregateSql,
  rollupBlockSql,
  rollupPlan,
  stateCountSql,
} from '../criteria/rollup-sql.ts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { type ListOf, plannedRows } from './list-service.ts';
import { ROLLUPS } from './rollups.ts';

type QueryInput = Record<string, unknown>;

const MEASURES: readonly Measure[] = ['count', 'sum', 'avg', 'min', 'max'];
const UNITS: readonly BucketUnit[] = ['hour', 'day', 'week', 'month'];
const LIMIT_MAX = 1000;
/** Above this many estimated rows a single count answers the estimate (`exact: false`). */
const EXACT_COUNT_LIMIT = 1_000_000;

interface AggregateGroup {
  key: string | null;
  value: number | null;
}

export interface AggregateResult {
  measure: Measure;
  field: string | null;
  groupBy: string | null;
  bucket: BucketUnit | null;
  timeZone: string | null;
  groups: AggregateGroup[];
  /** False when the figure is the planner's estimate ("about"). */
  exact: boolean;
}

const refuse = (param: string, message: string): never => {
  throw new HttpError(400, `${param}: ${message}`, { [param]: message });
};

const text = (query: QueryInput, name: string): string | undefined => {
  const value = query[name];
  if (value === undefined || value === '') return undefined;
  if (typeof value !== 'string' || value.length > 100) return refuse(name, 'Must be a short text');
  return value;
};

function columnOf(entity: EntitySpec, query: QueryInput, name: string): CatalogColumn | undefined {
  const key = text(query, name);
  if (key === undefined) return undefined;
  const column = columnMap(entity).get(key);
  if (!column) return refuse(name, `"${key.slice(0, 50)}" is not a column of ${entity.entity}`);
  return column;
}

/** A time zone PostgreSQL and the browser both know (an IANA name such as Europe/Madrid). */
function timeZoneOf(query: QueryInput): string {
  const zone = text(query, 'tz') ?? 'UTC';
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone;
  } catch {
    return refuse('tz', `"${zone.slice(0, 50)}" is not a time zone`);
  }
}

/** The aggregation a query asks for, checked against the entity's columns. */
function parseAggregate(
  entity: EntitySpec,
  query: QueryInput,
): Omit<AggregateRequest, 'filter' | 'view' | 'of'> {
  const measure = (text(query, 'measure') ?? 'count') as Measure;
  if (!MEASURES.includes(measure)) refuse('measure', `Must be one of ${MEASURES.join(', ')}`);
  const field = columnOf(entity, query, 'field');
  if (measure === 'count' && field) refuse('field', 'A count reads no field');
  if (measure !== 'count') {
    if (!field) return refuse('field', `A ${measure} needs the column it reads`);
    const numeric = field.type === 'number' || field.type === 'decimal';
    const dated = field.type === 'date' || field.type === 'datetime';
    if (!(numeric || ((measure === 'min' || measure === 'max') && dated))) {
      refuse(
        'field',
        `${field.name} is not a number${measure === 'min' || measure === 'max' ? ' or a date' : ''}`,
      );
    }
  }
  const groupBy = columnOf(entity, query, 'groupBy');
  const unit = text(query, 'bucket') as BucketUnit | undefined;
  if (groupBy && unit) refuse('bucket', 'Group by a column or by time buckets, not both');
  let group: AggregateRequest['group'];
  if (groupBy) group = { kind: 'column', column: groupBy };
  if (unit !== undefined) {
    if (!UNITS.includes(unit)) refuse('bucket', `Must be one of ${UNITS.join(', ')}`);
    const dateField = columnOf(entity, query, 'dateField');
    if (!dateField) return refuse('dateField', 'Time buckets need the date column they cut');
    if (dateField.type !== 'date' && dateField.type !== 'datetime') {
      refuse('dateField', `${dateField.name} is not a date`);
    }
    group = { kind: 'bucket', column: dateField, unit, timeZone: timeZoneOf(query) };
  }
  const limitText = text(query, 'limit');
  const limit = limitText === undefined ? (group?.kind === 'bucket' ? 400 : 20) : Number(limitText);
  if (!Number.isInteger(limit) || limit < 1 || limit > LIMIT_MAX) {
    refuse('limit', `Must be a whole number from 1 to ${LIMIT_MAX}`);
  }
  return { measure, field, group, limit };
}

export async function runAggregate(
  db: Queryable,
  entity: EntitySpec,
  query: QueryInput,
  { of, email }: ListOf & { email: string },
  rollups: readonly Rollup[] = ROLLUPS,
  exactCountLimit = EXACT_COUNT_LIMIT,
): Promise<AggregateResult> {
  const aggregate = parseAggregate(entity, query);
  const request: AggregateRequest = {
    ...aggregate,
    filter: parseCriteria(query, entity),
    view: resolveSource(entity, query),
    of,
  };
  const owner = ownerGuard(entity.owner, email);
  const answer = (groups: AggregateGroup[], exact: boolean): AggregateResult => ({
    measure: request.measure,
    field: request.field?.name ?? null,
    groupBy: request.group?.kind === 'column' ? request.group.column.name : null,
    bucket: request.group?.kind === 'bucket' ? request.group.unit : null,
    timeZone: request.group?.kind === 'bucket' ? request.group.timeZone : null,
    groups,
    exact,
  });
  // A rollup answers exactly what it can (a count, sum or average over its columns): an hourly one
  // reads the rows only for the partial hours at the range's edges, a count by state reads none.
  const fromRollup = await rollupQuery(db, rollupPlan(request, owner, rollups));
  if (request.measure === 'count' && !request.group && !fromRollup) {
    const estimate = await plannedRows(db, estimateSql(request, owner));
    if (estimate > exactCountLimit) return answer([{ key: null, value: estimate }], false);
  }
  const sql = fromRollup ?? aggregateSql(request, owner);
  const { rows } = await db.query<{ key: string | null; value: string | number | null }>(
    sql.text,
    sql.values,
  );
  const groups = rows.map((r) => ({
    key: r.key,
    value: r.value === null ? null : typeof r.value === 'number' ? r.value : numberOf(r.value),
  }));
  return answer(groups, true);
}

/**
 * The statement that answers the request from its rollup, when the rollup can: a count by state
 * always, an hourly one when whole hours of the range are rolled up (its block of them).
 */
async function rollupQuery(db: Queryable, plan: RollupPlan | null): Promise<SqlQuery | undefined> {
  if (!plan) return undefined;
  if (plan.rollup.time === undefined) return stateCountSql(plan);
  const sql = rollupBlockSql(plan);
  const { rows } = await db.query<{ lo: Date | null; hi: Date | null; ok: boolean }>(sql.text, sql.values);
  const found = rows[0];
  return found?.lo && found.hi && found.ok
    ? rollupAggregateSql(plan, { lo: found.lo, hi: found.hi })
    : undefined;
}

/** A numeric or a timestamp (min/max of a date) as the answer carries it: a number, or the date's time. */
function numberOf(value: string): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : Date.parse(value);
}
