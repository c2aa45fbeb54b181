/**
 * Keyset paging behind the pageIndex API (docs/adr/0019-keyset-paging.md). A deep page of a list
 * read with OFFSET costs every row before it; here it costs one short seek instead. For each sorted
 * and filtered list, the sort key of every `stride`-th row is read once (the boundaries: one scan of
 * the index that orders the list) and kept for a while; page p then starts at the boundary at or
 * before row p × pageSize and skips fewer than `stride` rows from there. The boundaries hold only
 * while the tables under the list are unchanged: they are stored with the tables' change number
 * (list_change_number, kept by a statement trigger), and every page read checks it in its own
 * statement, so a page is always the one OFFSET would answer. Anything this cannot serve exactly —
 * a shallow page, an order of several columns, a list no index orders, a view over untracked tables
 * — answers null and the caller uses OFFSET.
 */
import type { Row } from '@bm/contracts';
import type { CatalogColumn } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { ListRequest } from '../criteria/criteria.types.ts';
import {
  boundarySql,
  changeNumberSql,
  type KeysetBoundary,
  type KeysetOrder,
  keysetOrder,
  keysetScanSql,
  type SqlGuard,
  type SqlQuery,
  seekSql,
} from '../criteria/plan-sql.ts';
import type { Queryable } from '../db/pool.ts';

export interface KeysetOptions {
  /** Pages starting before this row use OFFSET: skipping that few rows is as cheap as a seek. */
  minOffset: number;
  /** Rows between two boundaries: a page read skips fewer than this many. */
  stride: number;
  /** How long one list's boundaries are reused (while its tables stay unchanged). */
  ttlMs: number;
  /**
   * Boundaries found stale this soon after they were read mean tables that change all the time (new
   * bookings every few seconds): reading them again would cost a boundary scan on nearly every deep
   * page on top of its OFFSET answer. Such a list reads deep pages by OFFSET until its entry
   * expires, so a busy table costs at most one boundary scan per list per `ttlMs`.
   */
  churnMs: number;
}

export const KEYSET_DEFAULTS: KeysetOptions = {
  minOffset: 2_000,
  stride: 100,
  ttlMs: 5 * 60_000,
  churnMs: 30_000,
};

/** Lists whose boundaries are kept at once; the oldest read is dropped first. */
const MAX_LISTS = 64;
/** Unfolded change rows of a table above which a boundary scan folds them (list_changes_fold). */
const FOLD_AFTER = 1_000;

interface Boundaries {
  kind: 'boundaries';
  version: string;
  keys: KeysetBoundary[];
  nullsAfter: boolean;
  expires: number;
  /** When the boundaries were read (Date.now()). */
  readAt: number;
}

/**
 * The list's order needs a sort the index cannot give, or its tables change too often for
 * boundaries to last: OFFSET until this expires.
 */
interface Unindexed {
  kind: 'unindexed';
  expires: number;
}

type Entry = Boundaries | Unindexed;

const lists = new Map<string, Promise<Entry>>();
const tablesOfView = new Map<string, Promise<string[] | null>>();

/** Forgets every list's boundaries (the next deep page of each reads them again). */
export function clearKeysetCache(): void {
  lists.clear();
  tablesOfView.clear();
}

/**
 * The tables a view reads, when every one of them records its changes (list_track_change);
 * otherwise null. Views do not change while the server runs, so this is asked once per view.
 */
function trackedTables(db: Queryable, view: string): Promise<string[] | null> {
  let found = tablesOfView.get(view);
  if (!found) {
    found = db
      .query<{ tables: string[] | null; tracked: boolean }>(
        `SELECT array_agg(c.oid::regclass::text ORDER BY c.oid) AS "tables",
                coalesce(bool_and(c.relkind IN ('r', 'p') AND EXISTS (
                  SELECT 1 FROM pg_trigger t WHERE t.tgrelid = c.oid AND t.tgname = 'list_track_change'
                )), false)
                -- A function of our own may read tables the view's dependencies do not show.
                AND NOT EXISTS (
                  SELECT 1 FROM pg_rewrite r
                  JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                   AND d.refclassid = 'pg_proc'::regclass AND d.refobjid >= 16384
                  WHERE r.ev_class = to_regclass($1)
                ) AS "tracked"
           FROM (SELECT DISTINCT d.refobjid
                   FROM pg_rewrite r
                   JOIN pg_depend d ON d.classid = 'pg_rewrite'::regclass AND d.objid = r.oid
                    AND d.refclassid = 'pg_class'::regclass AND d.refobjid <> r.ev_class
                  WHERE r.ev_class = to_regclass($1)) AS dep
           JOIN pg_class c ON c.oid = dep.refobjid`,
        [quoteIdent(view)],
      )
      .then(({ rows }) => {
        const row = rows[0];
        return row?.tracked && row.tables && row.tables.length > 0 ? row.tables : null;
      });
    // A failed lookup is asked again next time rather than remembered.
    found.catch(() => tablesOfView.delete(view));
    tablesOfView.set(view, found);
  }
  return found;
}

interface PlanNode {
  'Node Type'?: string;
  Plans?: PlanNode[];
}

const sorts = (node: PlanNode): boolean =>
  node['Node Type'] === 'Sort' || (node.Plans ?? []).some((child) => sorts(child));

/**
 * Reads a list's boundaries with `boundaries` (its `boundarySql`), unless the plan of the list's scan
 * needs a sort the index cannot give. A scan that fails (too long for the statement timeout, say) is
 * not retried on every call: the list goes to OFFSET until the entry expires, and OFFSET reports any
 * lasting fault.
 */
async function readBoundaries(
  db: Queryable,
  request: ListRequest,
  order: KeysetOrder,
  boundaries: SqlQuery,
  tables: string[],
  options: KeysetOptions,
  owner: SqlGuard | undefined,
  primary: Queryable,
): Promise<Entry> {
  const expires = Date.now() + options.ttlMs;
  const unindexed: Unindexed = { kind: 'unindexed', expires };
  try {
    const scan = keysetScanSql(request, order, owner);
    const plan = await db.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
      `EXPLAIN (FORMAT JSON) ${scan.text}`,
      scan.values,
    );
    const root = plan.rows[0]?.['QUERY PLAN'][0]?.Plan;
    if (!root || sorts(root)) return unindexed;
    const { rows } = await db.query<{
      version: string;
      boundaries: [string | null, string][] | null;
      lastIsNull: boolean;
      pending: number;
    }>(boundaries.text, boundaries.values);
    const row = rows[0];
    if (!row) return unindexed;
    if (row.pending > FOLD_AFTER) {
      for (const table of tables) {
        // Housekeeping only: the change number stays what it was, and a failure changes nothing.
        primary.query('SELECT list_changes_fold($1::regclass)', [table]).catch(() => {});
      }
    }
    return {
      kind: 'boundaries',
      version: row.version,
      keys: (row.boundaries ?? []).map(([value, key]) => ({ value, key })),
      nullsAfter: row.lastIsNull,
      expires,
      readAt: Date.now(),
    };
  } catch {
    return unindexed;
  }
}

/**
 * One page of a list read by key: `pageSize + 1` rows (as `listSql`), or null where OFFSET must
 * answer. `right` is checked in the page's statement; the boundary scan runs only for a caller who
 * holds it (`holdsRight`), so a refused caller never costs a scan. `owner` limits both to the
 * caller's rows.
 */
export async function keysetPage(
  db: Queryable,
  request: ListRequest,
  key: CatalogColumn,
  guards: { right: SqlGuard; owner: SqlGuard | undefined; holdsRight: () => Promise<boolean> },
  options: KeysetOptions = KEYSET_DEFAULTS,
  /** Where the housekeeping write goes when `db` is a read replica (which refuses writes). */
  primary: Queryable = db,
): Promise<Row[] | null> {
  const offset = request.pageIndex * request.pageSize;
  if (offset < options.minOffset || request.of !== undefined) return null;
  const order = keysetOrder(request, key);
  if (!order) return null;
  const tables = await trackedTables(db, request.view);
  if (!tables) return null;

  // The boundary statement names the list (view, filter, sort, owner): it is the cache key too.
  const boundaries = boundarySql(request, order, tables, options.stride, guards.owner);
  const listKey = `${boundaries.text}\u0000${JSON.stringify(boundaries.values)}`;
  let pending = lists.get(listKey);
  let entry = pending ? await pending.catch(() => undefined) : undefined;
  if (!entry || entry.expires <= Date.now()) {
    if (!(await guards.holdsRight())) return null;
    pending = readBoundaries(db, request, order, boundaries, tables, options, guards.owner, primary);
    lists.delete(listKey);
    lists.set(listKey, pending);
    pending.catch(() => lists.delete(listKey));
    while (lists.size > MAX_LISTS) {
      const oldest = lists.keys().next().value;
      if (oldest === undefined) break;
      lists.delete(oldest);
    }
    entry = await pending;
  }
  if (entry.kind !== 'boundaries' || entry.keys.length === 0) return null;

  const index = Math.min(Math.floor(offset / options.stride), entry.keys.length - 1);
  const from = entry.keys[index] as KeysetBoundary;
  const sql = seekSql(
    request,
    {
      order,
      from,
      skip: offset - index * options.stride,
      version: entry.version,
      relations: tables,
      nullsAfter: entry.nullsAfter,
    },
    (param) => {
      const owner = guards.owner?.(param);
      return owner ? `${guards.right(param)} AND ${owner}` : guards.right(param);
    },
  );
  if (!sql) return null;
  const { rows } = await db.query<Row>(sql.text, sql.values);
  if (rows.length > 0) return rows;
  // No rows: past the end, the right missing, or the tables changed since the boundaries were read.
  const now = changeNumberSql(tables);
  const current = await db.query<{ version: string }>(now.text, now.values);
  if (current.rows[0]?.version !== entry.version) {
    if (lists.get(listKey) === pending) {
      if (Date.now() - entry.readAt < options.churnMs) {
        lists.set(listKey, Promise.resolve({ kind: 'unindexed', expires: Date.now() + options.ttlMs }));
      } else {
        lists.delete(listKey);
      }
    }
    return null;
  }
  return rows;
}
