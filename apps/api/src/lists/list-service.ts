/**
 * Runs list and page-summary requests for an entity: one page plus one row (no count), and a
 * summary that counts exactly only when the planner expects that to be cheap.
 */
import type { ListResponse, PageSummary, Row } from '@bm/contracts';
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { missingRight } from '../auth/access.ts';
import { CriteriaError, type ListRequest } from '../criteria/criteria.types.ts';
import {
  columnMap,
  parseFilters,
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

/** Above this many estimated rows, page-summarize answers the planner's estimate. */
const EXACT_COUNT_LIMIT = 100_000;

/** The caller whose right the list statement itself checks (one round trip). */
export interface ListCaller {
  email: string;
  right: string;
}

/** A list whose view is a function of one record (a map list): the record's id. */
export interface ListOf {
  of?: number | undefined;
}

export async function runList(
  db: Queryable,
  entity: EntitySpec,
  query: QueryInput,
  caller: ListCaller,
  { of }: ListOf = {},
): Promise<ListResponse> {
  let request: ListRequest;
  try {
    request = { ...parseListQuery(query, entity), of };
  } catch (error) {
    // Without the right, a refusal must not tell which columns exist: the answer is 403 either way.
    if (error instanceof CriteriaError && !(await hasRight(db, caller.email, caller.right))) {
      throw new HttpError(403, missingRight(caller.right).message);
    }
    throw error;
  }
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`Entity ${entity.entity} has no key column`);
  const right: SqlGuard = (param) => rightHeldSql(param(caller.email, 'text'), param(caller.right, 'text'));
  const sql = listSql(request, key, bothGuards(right, ownerGuard(entity.owner, caller.email)));
  const { rows } = await db.query<Row>(sql.text, sql.values);
  // No rows: either none match or the right is missing; only then is the right looked up apart.
  if (rows.length === 0 && !(await hasRight(db, caller.email, caller.right))) {
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

export async function runPageSummary(
  db: Queryable,
  entity: EntitySpec,
  query: QueryInput,
  { of, email }: ListOf & { email: string },
): Promise<PageSummary> {
  // Same parameters as the list call; sort and fields are accepted and ignored.
  const request = parseListQuery(query, entity);
  const target = { filter: parseFilters(query.filters, entity), view: resolveSource(entity, query), of };
  const owner = ownerGuard(entity.owner, email);
  const estimate = await plannedRows(db, estimateSql(target, owner));
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
