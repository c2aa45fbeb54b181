/**
 * Runs list and page-summary requests for an entity: one page plus one row (no count), and a
 * summary that counts exactly only when the planner expects that to be cheap.
 */
import type { ListResponse, PageSummary, Row } from '@bm/contracts';
import type { CatalogColumn, EntitySpec } from '../../catalog/entity-spec.ts';
import { missingRight } from '../auth/access.ts';
import { CriteriaError, type ListRequest } from '../criteria/criteria.types.ts';
import {
  columnMap,
  parseCriteria,
  parseListQuery,
  type QueryInput,
  resolveSource,
} from '../criteria/parse-criteria.ts';
import {
  bothGuards,
  countSql,
  estimateSql,
  listSql,
  ownerGuard,
  type SqlGuard,
  type SqlQuery,
} from '../criteria/plan-sql.ts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { hasRight, rightHeldSql } from '../users/users.ts';
import { KEYSET_DEFAULTS, type KeysetOptions, keysetPage } from './keyset-pages.ts';

/**
 * Above this many estimated rows, page-summarize answers the planner's estimate (`exact: false`);
 * at or below, it counts. Counting 50,000 rows takes a few milliseconds; a filter matching a tenth
 * of a million-row table takes tens, while the estimate takes one planning.
 */
const EXACT_COUNT_LIMIT = 50_000;

/** The caller whose right the list statement itself checks (one round trip). */
export interface ListCaller {
  email: string;
  right: string;
  /**
   * The right was confirmed on the primary for this call (a read routed to a replica,
   * db/read-replicas.ts): the statement does not check it again, so a replica that has not yet
   * replayed a new grant cannot refuse it.
   */
  rightChecked?: boolean | undefined;
}

/** A list whose view is a function of one record (a map list): the record's id. */
export interface ListOf {
  of?: number | undefined;
}

/** Where a list's housekeeping writes go when `db` is a replica (which refuses them). */
export interface ListWriter {
  primary?: Queryable | undefined;
}

/** List calls planned lately, by entity: the same query of the same caller plans to the same SQL. */
const planned = new WeakMap<EntitySpec, Map<string, { request: ListRequest; sql: SqlQuery }>>();
/** Planned calls kept per entity; the least recently used one makes room. */
const PLANNED_MAX = 256;

/**
 * The parsed request and its OFFSET statement, planned once per distinct query and caller: a grid
 * asks the same few queries again and again, and parsing and planning are most of what a list call
 * costs besides its statement. Only what parses is kept; a refused query is parsed (and refused) again.
 */
function planList(
  entity: EntitySpec,
  query: QueryInput,
  caller: ListCaller,
  of: number | undefined,
  key: CatalogColumn,
  guard: SqlGuard | undefined,
): { request: ListRequest; sql: SqlQuery } {
  let byQuery = planned.get(entity);
  if (!byQuery) {
    byQuery = new Map();
    planned.set(entity, byQuery);
  }
  const id = `${caller.email}\u0000${caller.right}\u0000${caller.rightChecked ? 1 : 0}\u0000${of ?? ''}\u0000${JSON.stringify(query)}`;
  let plan = byQuery.get(id);
  if (plan) {
    byQuery.delete(id);
  } else {
    const request: ListRequest = { ...parseListQuery(query, entity), of };
    plan = { request, sql: listSql(request, key, guard) };
    if (byQuery.size >= PLANNED_MAX) {
      const oldest = byQuery.keys().next();
      if (!oldest.done) byQuery.delete(oldest.value);
    }
  }
  byQuery.set(id, plan);
  return plan;
}

/**
 * What to answer for a list query refused before it ran: without the list's right, 403 whatever was
 * wrong with the query, so the refusal tells someone who may not run it nothing about the list
 * (which columns exist, which parameters it takes); with the right, the refusal itself.
 */
export async function refusalOf(db: Queryable, caller: ListCaller, error: unknown): Promise<unknown> {
  return caller.rightChecked || (await hasRight(db, caller.email, caller.right))
    ? error
    : new HttpError(403, missingRight(caller.right).message);
}

export async function runList(
  db: Queryable,
  entity: EntitySpec,
  query: QueryInput,
  caller: ListCaller,
  { of, primary }: ListOf & ListWriter = {},
  keyset: KeysetOptions = KEYSET_DEFAULTS,
): Promise<ListResponse> {
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`Entity ${entity.entity} has no key column`);
  const right: SqlGuard = caller.rightChecked
    ? () => 'TRUE'
    : (param) => rightHeldSql(param(caller.email, 'text'), param(caller.right, 'text'));
  const holdsRight = async () => caller.rightChecked === true || hasRight(db, caller.email, caller.right);
  const owner = ownerGuard(entity.owner, caller.email);
  let plan: { request: ListRequest; sql: SqlQuery };
  try {
    plan = planList(entity, query, caller, of, key, bothGuards(right, owner));
  } catch (error) {
    throw error instanceof CriteriaError ? await refusalOf(db, caller, error) : error;
  }
  const { request } = plan;
  // A deep page of a list an index orders is read by key (ADR 0019); any other by OFFSET.
  const rows =
    (await keysetPage(db, request, key, { right, owner, holdsRight }, keyset, primary)) ??
    (await db.query<Row>(plan.sql.text, plan.sql.values)).rows;
  // No rows: either none match or the right is missing; only then is the right looked up apart.
  if (rows.length === 0 && !(await holdsRight())) {
    throw new HttpError(403, missingRight(caller.right).message);
  }
  const hasMore = rows.length > request.pageSize;
  return {
    data: hasMore ? rows.slice(0, request.pageSize) : rows,
    paging: { pageIndex: request.pageIndex, pageSize: request.pageSize, hasMore },
  };
}

interface ExplainRow {
  'QUERY PLAN': Array<{ Plan: { 'Plan Rows': number } }>;
}

/** The rows the planner expects an `estimateSql` statement to find (no rows are read). */
export async function plannedRows(db: Queryable, explain: SqlQuery): Promise<number> {
  const { rows } = await db.query<ExplainRow>(explain.text, explain.values);
  return Math.round(rows[0]?.['QUERY PLAN'][0]?.Plan['Plan Rows'] ?? 0);
}

/** How long page-summarize reuses the planner's estimate of one filter. */
const ESTIMATE_TTL_MS = 30_000;
/** Estimates kept at once; the oldest makes room. */
const ESTIMATES_MAX = 256;
const estimates = new Map<string, { rows: number; until: number }>();

/** Forgets every kept estimate (the next summary of each filter plans it again). */
export function clearEstimateCache(): void {
  estimates.clear();
}

/**
 * The planner's estimate of a filter's rows, kept ESTIMATE_TTL_MS: the grid asks the summary of
 * the same filter on every page it shows, and the estimate only moves when the table's statistics
 * or size do, so planning it once per half-minute loses nothing. Exact counts are never kept.
 */
async function estimatedRows(db: Queryable, explain: SqlQuery): Promise<number> {
  const id = `${explain.text}\u0000${JSON.stringify(explain.values)}`;
  const now = Date.now();
  const kept = estimates.get(id);
  if (kept && kept.until > now) return kept.rows;
  const rows = await plannedRows(db, explain);
  estimates.delete(id);
  if (estimates.size >= ESTIMATES_MAX) {
    const oldest = estimates.keys().next();
    if (!oldest.done) estimates.delete(oldest.value);
  }
  estimates.set(id, { rows, until: now + ESTIMATE_TTL_MS });
  return rows;
}

export async function runPageSummary(
  db: Queryable,
  entity: EntitySpec,
  query: QueryInput,
  { of, email }: ListOf & { email: string },
): Promise<PageSummary> {
  // Same parameters as the list call; sort and fields are accepted and ignored.
  const request = parseListQuery(query, entity);
  const target = { filter: parseCriteria(query, entity), view: resolveSource(entity, query), of };
  const owner = ownerGuard(entity.owner, email);
  const estimate = await estimatedRows(db, estimateSql(target, owner));
  let total = estimate;
  let exact = false;
  if (estimate <= EXACT_COUNT_LIMIT) {
    const count = countSql(target, owner);
    const result = await db.query<{ n: number }>(count.text, count.values);
    total = Number(result.rows[0]?.n ?? 0);
    exact = true;
  }
  return {
    totalItemsCount: total,
    totalPages: Math.ceil(total / request.pageSize),
    pageIndex: request.pageIndex,
    pageSize: request.pageSize,
    exact,
  };
}
