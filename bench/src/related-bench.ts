/**
 * The related lists of a record's view on the big database. For every declared relation (`refersTo`)
 * between tables of which one holds at least 10,000 rows at the bench's size — a reservation's
 * payments, chargebacks, customer service cases and reviews, a customer reservation's summaries and
 * insurance policies, a payment's chargebacks and prepaid credits, a merchant supplier's or location's
 * offices, a price-watch location's locations, offices, suppliers and keywords — the first page the
 * view asks for: the referring area's list, sorted as its default preset sorts it, pageSize 20,
 * filtered on the key holding the record's id, as the web sends it (useListController's
 * relatedCriteria). Each call is for another record of the table referred to, picked at random; both
 * arms read the same records. Prints p50 and p99 through HTTP against the identical SQL (`listSql`,
 * right check included) run directly on one connection, side by side with their ratio. The target is
 * a p50 under 50 ms and a plan that reads no big table sequentially (a missing index on the referring
 * column shows there); the note says how many rows the pages held on average.
 */
import pg from 'pg';
import { catalogEntry } from '../../apps/api/catalog/entities/index.ts';
import { type CatalogColumn, type EntitySpec, entityRight } from '../../apps/api/catalog/entity-spec.ts';
import { RELATIONS, type Relation } from '../../apps/api/catalog/relations.ts';
import { columnMap, parseListQuery } from '../../apps/api/src/criteria/parse-criteria.ts';
import { listSql, type SqlGuard, type SqlQuery } from '../../apps/api/src/criteria/plan-sql.ts';
import { rightHeldSql } from '../../apps/api/src/users/users.ts';
import type { BenchEnv } from './bench-setup.ts';
import {
  checkPlan,
  fmtMs,
  fmtRatio,
  median,
  paired,
  planProblem,
  quantile,
  report,
  sequential,
} from './report.ts';
import { getJson } from './time-it.ts';

const ADMIN = 'admin@bmtools.local';
const PAGE_SIZE = 20;
/** A relation is measured when the table referred to or the referring one holds this many rows. */
const BIG_TABLE_ROWS = 10_000;
const TARGET_MS = 50;

/** One record's related list: our endpoint's path and the statement behind it. */
interface Call {
  path: string;
  sql: SqlQuery;
}

interface Measured {
  relation: Relation;
  /** The big tables: the plan must read none of them sequentially. */
  big: readonly string[];
  /** The calls in order, each for another record picked at random. */
  calls: Call[];
}

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

function keyOf(entity: EntitySpec): CatalogColumn {
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`${entity.entity} has no key column`);
  return key;
}

/** The query string of a related list's first page for one record, as the web sends it. */
function relatedParams(relation: Relation, entity: EntitySpec, id: string): Record<string, string> {
  const sort = relation.from.list?.sort;
  const sortable = sort && columnMap(entity).get(sort.key)?.sortable;
  return {
    filters: JSON.stringify({ operation: 'eq', name: relation.idKey, type: 'number', value: id }),
    pageSize: String(PAGE_SIZE),
    pageIndex: '0',
    ...(sort && sortable ? { sort: JSON.stringify([`${sort.key}=${sort.direction}`]) } : {}),
  };
}

async function rowCount(db: pg.Client, table: string): Promise<number> {
  const { rows } = await db.query<{ n: string }>(`SELECT count(*)::text AS n FROM ${table}`);
  return Number(rows[0]?.n ?? 0);
}

/**
 * The relations worth measuring: listed, between tables of which one is big, the biggest referring
 * table first; and the big tables among theirs (a sequential scan of one of those is a bad plan, of a
 * table of a few hundred rows is not).
 */
async function bigRelations(
  db: pg.Client,
): Promise<{ chosen: { relation: Relation; rows: number }[]; big: string[] }> {
  const counts = new Map<string, number>();
  const count = async (table: string) => {
    const known = counts.get(table);
    if (known !== undefined) return known;
    const n = await rowCount(db, table);
    counts.set(table, n);
    return n;
  };
  const chosen: { relation: Relation; rows: number }[] = [];
  for (const relation of RELATIONS) {
    if (!relation.from.actions.includes('List') || !relation.from.table || !relation.to.table) continue;
    const [from, to] = [await count(relation.from.table), await count(relation.to.table)];
    if (Math.max(from, to) >= BIG_TABLE_ROWS) chosen.push({ relation, rows: from });
  }
  const big = [...counts].filter(([, n]) => n >= BIG_TABLE_ROWS).map(([table]) => table);
  return { chosen: chosen.sort((a, b) => b.rows - a.rows), big };
}

/** `n` records of the table referred to, picked at random, each with its related list's call. */
async function callsOf(db: pg.Client, relation: Relation, entity: EntitySpec, n: number): Promise<Call[]> {
  const { rows } = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM ${relation.to.table} ORDER BY random() LIMIT $1`,
    [n],
  );
  const key = keyOf(entity);
  // The right check the list engine puts in its statement, for the admin.
  const guard: SqlGuard = (param) =>
    rightHeldSql(param(ADMIN, 'text'), param(entityRight(entity, 'List'), 'text'));
  return rows.map(({ id }) => {
    const params = relatedParams(relation, entity, id);
    return { path: `${entity.api}?${qs(params)}`, sql: listSql(parseListQuery(params, entity), key, guard) };
  });
}

/** Walks the calls in order, each arm on its own, so measurement k of both arms reads the same records. */
function cycle(calls: readonly Call[], run: (call: Call) => Promise<unknown>): () => Promise<unknown> {
  let next = 0;
  return () => {
    const call = calls[next++ % calls.length] as Call;
    return run(call);
  };
}

async function measure(
  env: BenchEnv,
  direct: pg.Client,
  { relation, big, calls }: Measured,
  rounds: number,
  pairs: number,
): Promise<void> {
  const name = `related list ${relation.to.entity} → ${relation.from.label} (${relation.idKey}), first page`;
  const plan = await checkPlan(env.databaseUrl, (calls[0] as Call).sql);
  console.log(`  plan (${name}):\n${plan.text}`);
  const planNote = planProblem(plan, big);

  let rowsSeen = 0;
  let answered = 0;
  const ours = cycle(calls, async (call) => {
    const body = (await getJson(`${env.base}${call.path}`, env.headers)) as { data: unknown[] };
    rowsSeen += body.data.length;
    answered++;
  });
  const baseline = cycle(calls, (call) => direct.query(call.sql.text, call.sql.values));
  const p99s: [number[], number[]] = [[], []];
  const figure = (work: () => Promise<unknown>, p99: number[]) => async () => {
    const samples = await sequential(rounds, work);
    p99.push(quantile(samples, 0.99));
    return quantile(samples, 0.5);
  };
  const result = await paired(pairs, figure(ours, p99s[0]), figure(baseline, p99s[1]));
  // The warm-up pair's p99s are the first two; they are not part of the figures.
  const p99 = (values: number[]) => median(values.slice(1));
  const p50 = median(result.ours);
  const fast = p50 < TARGET_MS;
  report({
    name,
    ours: `p50 ${fmtMs(p50)} (p99 ${fmtMs(p99(p99s[0]))})`,
    baseline: `p50 ${fmtMs(median(result.baseline))} (p99 ${fmtMs(p99(p99s[1]))})`,
    ratio: fmtRatio(result),
    target: `p50 < ${TARGET_MS} ms`,
    pass: fast && !planNote,
    note: [
      `${(rowsSeen / Math.max(1, answered)).toFixed(2)} rows per page on average`,
      planNote,
      fast ? undefined : `p50 at or above ${TARGET_MS} ms`,
    ]
      .filter((p) => p !== undefined)
      .join('; '),
  });
}

export async function relatedBenchmarks(env: BenchEnv, rounds: number, pairs: number): Promise<void> {
  const direct = new pg.Client({ connectionString: env.databaseUrl });
  await direct.connect();
  try {
    const { chosen, big } = await bigRelations(direct);
    // A freshly seeded table's first reads set its hint bits, and the planner needs its statistics.
    const tables = new Set(chosen.flatMap(({ relation }) => [relation.from.table, relation.to.table]));
    await direct.query(`VACUUM (ANALYZE) ${[...tables].join(', ')}`);
    // Enough records that no call of a line reads one twice (where the table holds that many): a
    // record's rows once cached, every later call for it would time the cache.
    const perRelation = rounds * (Math.max(5, pairs) + 1);
    for (const { relation, rows } of chosen) {
      const entity = catalogEntry(relation.from.entity);
      console.log(
        `-- ${relation.from.label} (${rows.toLocaleString('en')} rows) by ${relation.idKey} → ${relation.to.label}`,
      );
      const calls = await callsOf(direct, relation, entity, perRelation);
      if (calls.length === 0) continue;
      await measure(env, direct, { relation, big, calls }, rounds, pairs);
    }
  } finally {
    await direct.end();
  }
}
