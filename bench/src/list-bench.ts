/**
 * Lines 1–4 of the suite: the list engine on 1,000,000 reservations (and the API logs).
 *
 * 1. The list endpoint with a nested and/or filter and a sort, pageSize 20 and 1,000: p50 and p99
 *    at 1 connection, requests/s at 16, against a bare `node:http` + `pg` handler running the
 *    identical SQL (`listSql`, the caller's right check included). The API logs cases likewise.
 * 2. A page in the middle and the last page of the 1M-row list sorted by pick-up date against its
 *    first page (keyset paging, ADR 0019); the cold first call is printed in the note.
 * 3. `contains` on trigram-indexed text columns against the same SQL with bitmap scans off (the
 *    only way PostgreSQL uses a trigram index), so the index's worth is the ratio.
 * 4. page-summarize, a selective filter and none, against the exact `count(*)` of the same filter;
 *    the estimate's error against that count is printed.
 *
 * Every list statement's plan is printed, and a line MISSes when one meant for an index scans
 * reservations or api_logs sequentially. Env: BENCH_THROUGHPUT_MS (default 2,000), how long one
 * requests/s measurement runs.
 */
import type { PageSummary } from '@bm/contracts';
import pg from 'pg';
import { catalogEntry } from '../../apps/api/catalog/entities/index.ts';
import { type CatalogColumn, type EntitySpec, entityRight } from '../../apps/api/catalog/entity-spec.ts';
import type { ListRequest } from '../../apps/api/src/criteria/criteria.types.ts';
import { columnMap, parseFilters, parseListQuery } from '../../apps/api/src/criteria/parse-criteria.ts';
import {
  changeNumberSql,
  countSql,
  keysetOrder,
  listSql,
  type SqlGuard,
  type SqlQuery,
  seekSql,
} from '../../apps/api/src/criteria/plan-sql.ts';
import { clearKeysetCache, KEYSET_DEFAULTS } from '../../apps/api/src/lists/keyset-pages.ts';
import { clearEstimateCache } from '../../apps/api/src/lists/list-service.ts';
import { rightHeldSql } from '../../apps/api/src/users/users.ts';
import { type BareRoute, startBareHandler } from './bare-handler.ts';
import type { BenchEnv } from './bench-setup.ts';
import {
  checkPlan,
  fmtMs,
  fmtRatio,
  median,
  type Paired,
  paired,
  planProblem,
  quantile,
  report,
  sequential,
  throughput,
} from './report.ts';
import { getJson } from './time-it.ts';

const LARGE_TABLES = ['reservations', 'api_logs'] as const;
const THROUGHPUT_MS = Number(process.env.BENCH_THROUGHPUT_MS ?? 2_000);
const ADMIN = 'admin@bmtools.local';

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();
const fmtRps = (n: number) => `${n.toFixed(0)} req/s`;
/** `fmtRatio`, with two significant digits where a ratio is far below 1 (it would print 0.00x). */
const fmtRatioOf = (p: Pick<Paired, 'ratio' | 'spread'>): string => {
  if (p.ratio >= 0.1) return fmtRatio(p);
  const f = (x: number) => x.toPrecision(2);
  return `${f(p.ratio)}x (${f(p.spread[0])}–${f(p.spread[1])})`;
};

/** The right check runList puts in its statement, for the admin: the bare handler runs it too. */
const rightGuard =
  (entity: EntitySpec): SqlGuard =>
  (param) =>
    rightHeldSql(param(ADMIN, 'text'), param(entityRight(entity, 'List'), 'text'));

function keyOf(entity: EntitySpec): CatalogColumn {
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`${entity.entity} has no key column`);
  return key;
}

/** Prints a statement's plan and answers the note its line carries when the plan is not as meant. */
async function planNote(env: BenchEnv, label: string, sql: SqlQuery): Promise<string | undefined> {
  const plan = await checkPlan(env.databaseUrl, sql);
  console.log(`  plan (${label}):\n${plan.text}`);
  return planProblem(plan, LARGE_TABLES);
}

const notes = (...parts: (string | undefined)[]): string | undefined =>
  parts.filter((p) => p !== undefined && p !== '').join('; ') || undefined;

/** Runs `sequential(rounds)` per arm and pair, keeping every measurement's samples. */
async function latencyPairs(
  pairs: number,
  rounds: number,
  ours: () => Promise<unknown>,
  baseline: () => Promise<unknown>,
): Promise<{ p50: Paired; p99: { ours: number; baseline: number; ratio: number } }> {
  const runs = { ours: [] as number[][], baseline: [] as number[][] };
  const p50 = await paired(
    pairs,
    async () => {
      const samples = await sequential(rounds, ours);
      runs.ours.push(samples);
      return median(samples);
    },
    async () => {
      const samples = await sequential(rounds, baseline);
      runs.baseline.push(samples);
      return median(samples);
    },
  );
  // The warm-up's measurements (the first of each arm) are not counted.
  const p99s = (list: number[][]) => list.slice(1).map((s) => quantile(s, 0.99));
  const ours99 = p99s(runs.ours);
  const base99 = p99s(runs.baseline);
  return {
    p50,
    p99: {
      ours: median(ours99),
      baseline: median(base99),
      ratio: median(ours99.map((x, i) => x / (base99[i] ?? Number.NaN))),
    },
  };
}

interface EndpointCase {
  name: string;
  /** Our endpoint's path and query. */
  path: string;
  request: ListRequest;
  sql: SqlQuery;
}

function endpointCase(entity: EntitySpec, name: string, params: Record<string, string>): EndpointCase {
  const request = parseListQuery(params, entity);
  return {
    name,
    path: `${entity.api}?${qs(params)}`,
    request,
    sql: listSql(request, keyOf(entity), rightGuard(entity)),
  };
}

/** Line 1 (and its API logs lines): p50/p99 at 1 connection and requests/s at 16, against bare. */
async function endpointLines(
  env: BenchEnv,
  cases: EndpointCase[],
  rounds: number,
  pairs: number,
): Promise<void> {
  const bare = await startBareHandler(
    env.databaseUrl,
    new Map<string, BareRoute>(cases.map((c, i) => [`/${i}`, { sql: c.sql, pageSize: c.request.pageSize }])),
  );
  try {
    for (const [i, c] of cases.entries()) {
      const note = await planNote(env, c.name, c.sql);
      const ours = () => getJson(`${env.base}${c.path}`, env.headers);
      const baseline = () => getJson(`${bare.url}/${i}`, {});
      const latency = await latencyPairs(pairs, rounds, ours, baseline);
      const p50ok = latency.p50.ratio <= 1.15;
      report({
        name: `${c.name}: p50 / p99 at 1 connection`,
        ours: `${fmtMs(median(latency.p50.ours))} / ${fmtMs(latency.p99.ours)}`,
        baseline: `${fmtMs(median(latency.p50.baseline))} / ${fmtMs(latency.p99.baseline)}`,
        ratio: `${fmtRatio(latency.p50)}, p99 ${latency.p99.ratio.toFixed(2)}x`,
        target: 'p50 ≤ 1.15x',
        pass: p50ok && !note,
        note: notes(note, p50ok ? undefined : 'p50 above 1.15x of the bare handler'),
      });
      const rps = await paired(
        pairs,
        () => throughput(16, THROUGHPUT_MS, ours),
        () => throughput(16, THROUGHPUT_MS, baseline),
      );
      const rpsOk = rps.ratio >= 0.85;
      report({
        name: `${c.name}: requests/s at 16 connections`,
        ours: fmtRps(median(rps.ours)),
        baseline: fmtRps(median(rps.baseline)),
        ratio: fmtRatio(rps),
        target: '≥ 0.85x',
        pass: rpsOk && !note,
        note: notes(note, rpsOk ? undefined : 'throughput below 0.85x of the bare handler'),
      });
    }
  } finally {
    await bare.close();
  }
}

const NESTED = JSON.stringify({
  and: [
    { operation: 'in', name: 'status', type: 'text', value: ['confirmed', 'pending'] },
    {
      or: [
        { operation: 'gt', name: 'totalPrice', type: 'number', value: 500 },
        { operation: 'eq', name: 'supplier', type: 'text', value: 'Sixt' },
      ],
    },
  ],
});
const BY_PICKUP = JSON.stringify(['pickupDate=DESC']);
const LOG_SORT = JSON.stringify(['requestedAt=DESC']);
const contains = (name: string, value: string) =>
  JSON.stringify({ operation: 'contains', name, type: 'text', value });

/** Line 2: a middle page and the last page of the 1M-row sorted list against its first page. */
async function deepPageLines(env: BenchEnv, rounds: number, pairs: number): Promise<void> {
  const entity = catalogEntry('Reservation');
  const key = keyOf(entity);
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  try {
    const total = Number(
      (await db.query<{ n: string }>('SELECT count(*) AS n FROM reservations')).rows[0]?.n,
    );
    const pageSize = 20;
    const lastPage = Math.ceil(total / pageSize) - 1;
    const page = (pageIndex: number) => ({
      sort: BY_PICKUP,
      pageSize: String(pageSize),
      pageIndex: String(pageIndex),
    });
    const first = endpointCase(entity, 'first page', page(0));
    const firstNote = await planNote(env, 'first page, sorted by pick-up date', first.sql);
    const get = (c: EndpointCase) => () => getJson(`${env.base}${c.path}`, env.headers);
    for (const [label, pageIndex] of [
      ['a page in the middle', Math.floor(lastPage / 2)],
      ['the last page', lastPage],
    ] as const) {
      const deep = endpointCase(entity, label, page(pageIndex));
      // The statement a warm call runs: the seek from the boundary at or before the page's first row.
      const offset = pageIndex * pageSize;
      const boundaryIndex = Math.floor(offset / KEYSET_DEFAULTS.stride);
      const order = keysetOrder(deep.request, key);
      const boundary = await db.query<{ value: string; key: string }>(
        'SELECT "pickupDate"::text AS "value", id::text AS "key" FROM v_reservations ORDER BY "pickupDate" DESC, id DESC LIMIT 1 OFFSET $1',
        [boundaryIndex * KEYSET_DEFAULTS.stride],
      );
      const version = changeNumberSql(['reservations']);
      const seek =
        order && boundary.rows[0]
          ? seekSql(
              deep.request,
              {
                order,
                from: boundary.rows[0],
                skip: offset - boundaryIndex * KEYSET_DEFAULTS.stride,
                version:
                  (await db.query<{ version: string }>(version.text, version.values)).rows[0]?.version ?? '0',
                relations: ['reservations'],
                nullsAfter: false,
              },
              rightGuard(entity),
            )
          : null;
      const seekNote = seek ? await planNote(env, `${label}, keyset seek`, seek) : 'not read by key';
      // Cold: the first call after the boundaries are forgotten reads them (one index-only scan).
      clearKeysetCache();
      const started = performance.now();
      const cold = (await getJson(`${env.base}${deep.path}`, env.headers)) as { data: unknown[] };
      const coldMs = performance.now() - started;
      // The same page read with OFFSET (its identical SQL through the bare handler) must be equal.
      const bare = await startBareHandler(env.databaseUrl, new Map([['/', { sql: deep.sql, pageSize }]]));
      const expected = (await getJson(`${bare.url}/`, {}).finally(() => bare.close())) as { data: unknown[] };
      const same = JSON.stringify(cold.data) === JSON.stringify(expected.data);
      const result = await latencyPairs(pairs, rounds, get(deep), get(first));
      const ok = result.p50.ratio <= 1.5;
      report({
        name: `reservations sorted by pick-up date, ${label} (pageIndex ${pageIndex.toLocaleString('en')}) vs the first page, pageSize ${pageSize}`,
        ours: `p50 ${fmtMs(median(result.p50.ours))}`,
        baseline: `p50 ${fmtMs(median(result.p50.baseline))}`,
        ratio: fmtRatio(result.p50),
        target: '≤ 1.5x',
        pass: ok && same && !seekNote && !firstNote,
        note: notes(
          `cold first call ${fmtMs(coldMs)} (reads the boundaries of ${total.toLocaleString('en')} rows)`,
          same ? undefined : 'rows differ from the OFFSET answer',
          seekNote,
          firstNote,
          ok ? undefined : 'above 1.5x of the first page',
        ),
      });
    }
  } finally {
    await db.end();
  }
}

/** Line 3: `contains` with the trigram index against the same SQL with bitmap scans off. */
async function containsLines(env: BenchEnv, rounds: number, pairs: number): Promise<void> {
  const reservations = catalogEntry('Reservation');
  const logs = catalogEntry('ApiLogs');
  const cases = [
    endpointCase(reservations, 'reservations customerName contains "Nakamura" (no such customer)', {
      filters: contains('customerName', 'Nakamura'),
      pageSize: '20',
    }),
    endpointCase(reservations, 'reservations pickupLocation contains "Zagreb" (no such station)', {
      filters: contains('pickupLocation', 'Zagreb'),
      pageSize: '20',
    }),
    endpointCase(reservations, 'reservations reservationNumber contains "004242" (10 rows)', {
      filters: contains('reservationNumber', '004242'),
      pageSize: '20',
    }),
    endpointCase(logs, 'API logs path contains "BM-1015102" (1 row), newest first', {
      filters: contains('path', 'BM-1015102'),
      sort: LOG_SORT,
      pageSize: '20',
    }),
  ];
  const bare = await startBareHandler(
    env.databaseUrl,
    new Map<string, BareRoute>(
      cases.map((c, i) => [
        `/${i}`,
        { sql: c.sql, pageSize: c.request.pageSize, settings: ['enable_bitmapscan = off'] },
      ]),
    ),
  );
  try {
    for (const [i, c] of cases.entries()) {
      const note = await planNote(env, c.name, c.sql);
      const result = await latencyPairs(
        pairs,
        rounds,
        () => getJson(`${env.base}${c.path}`, env.headers),
        () => getJson(`${bare.url}/${i}`, {}),
      );
      const ok = result.p50.ratio <= 0.1;
      report({
        name: `${c.name} vs the same SQL with the trigram index off`,
        ours: `p50 ${fmtMs(median(result.p50.ours))}`,
        baseline: `p50 ${fmtMs(median(result.p50.baseline))}`,
        ratio: fmtRatioOf(result.p50),
        target: '≤ 0.1x (≥ 10x faster)',
        pass: ok && !note,
        note: notes(note, ok ? undefined : 'less than 10x faster than without the index'),
      });
    }
  } finally {
    await bare.close();
  }
}

/** Line 4: page-summarize's estimate against the exact count of the same filter. */
async function summaryLines(env: BenchEnv, rounds: number, pairs: number): Promise<void> {
  const entity = catalogEntry('Reservation');
  const cases = [
    {
      name: 'selective filter (supplier = Hertz)',
      filters: JSON.stringify({ operation: 'eq', name: 'supplier', type: 'text', value: 'Hertz' }),
    },
    { name: 'no filter', filters: undefined },
  ].map((c) => ({
    ...c,
    path: `${entity.api}/page-summarize${c.filters ? `?${qs({ filters: c.filters })}` : ''}`,
    sql: countSql({ filter: parseFilters(c.filters, entity), view: entity.view }),
  }));
  const bare = await startBareHandler(
    env.databaseUrl,
    new Map<string, BareRoute>(cases.map((c, i) => [`/${i}`, { sql: c.sql }])),
  );
  try {
    for (const [i, c] of cases.entries()) {
      // The exact count's plan, printed to show what the estimate saves (it reads every matching row).
      await planNote(env, `exact count, ${c.name}`, c.sql);
      // Cold: the first summary of a filter plans its estimate; later ones reuse it for 30 s.
      clearEstimateCache();
      const started = performance.now();
      const summary = (await getJson(`${env.base}${c.path}`, env.headers)) as PageSummary;
      const coldMs = performance.now() - started;
      const exact = (await getJson(`${bare.url}/${i}`, {})) as { data: { n: string }[] };
      const count = Number(exact.data[0]?.n);
      const error = Math.abs(summary.totalItemsCount - count) / Math.max(1, count);
      const result = await latencyPairs(
        pairs,
        rounds,
        () => getJson(`${env.base}${c.path}`, env.headers),
        () => getJson(`${bare.url}/${i}`, {}),
      );
      const fast = result.p50.ratio <= 0.1;
      const close = error <= 0.1;
      report({
        name: `page-summarize, ${c.name}, vs exact count(*)`,
        ours: `p50 ${fmtMs(median(result.p50.ours))}, ${summary.totalItemsCount.toLocaleString('en')}${summary.exact ? ' (exact)' : ' (estimate)'}`,
        baseline: `p50 ${fmtMs(median(result.p50.baseline))}, ${count.toLocaleString('en')}`,
        ratio: `${fmtRatioOf(result.p50)}, error ${(error * 100).toFixed(1)}%`,
        target: '≤ 0.1x, error ≤ 10%',
        pass: fast && close,
        note: notes(
          `first summary of the filter (plans the estimate) ${fmtMs(coldMs)}`,
          fast ? undefined : 'not 10x faster than counting',
          close ? undefined : 'estimate off by more than 10%',
          summary.exact ? 'counted exactly (estimate at or below the exact-count limit)' : undefined,
        ),
      });
    }
  } finally {
    await bare.close();
  }
}

export async function listBenchmarks(
  env: BenchEnv,
  { rounds, pairs }: { rounds: number; pairs: number },
): Promise<void> {
  // Index-only scans (the keyset boundaries) need the visibility map; the seed leaves it unset. And
  // a freshly seeded table's first full read sets every row's hint bits (writing the whole table
  // back): on the 5M API logs that made the trigram-off baseline's first call outlast the 30 s
  // statement timeout. A vacuum does that once, before the clock.
  const db = new pg.Client({ connectionString: env.databaseUrl });
  await db.connect();
  await db.query('VACUUM (ANALYZE) reservations, api_logs');
  await db.end();

  const reservations = catalogEntry('Reservation');
  const logs = catalogEntry('ApiLogs');
  console.log('-- 1. list endpoint vs bare node:http + pg, identical SQL');
  await endpointLines(
    env,
    [20, 1000].map((pageSize) =>
      endpointCase(reservations, `GET /api/reservations nested filter + sort, pageSize ${pageSize}`, {
        filters: NESTED,
        sort: BY_PICKUP,
        pageSize: String(pageSize),
        pageIndex: '0',
      }),
    ),
    rounds,
    pairs,
  );
  await endpointLines(
    env,
    [
      endpointCase(logs, 'GET /api/ApiLogs first page, newest first', { sort: LOG_SORT, pageSize: '20' }),
      endpointCase(logs, 'GET /api/ApiLogs status 503, newest first', {
        filters: JSON.stringify({ operation: 'eq', name: 'statusCode', type: 'number', value: 503 }),
        sort: LOG_SORT,
        pageSize: '20',
      }),
      endpointCase(logs, 'GET /api/ApiLogs path contains "voucher", newest first', {
        filters: contains('path', 'voucher'),
        sort: LOG_SORT,
        pageSize: '20',
      }),
    ],
    rounds,
    pairs,
  );
  console.log('-- 2. deep pages (keyset) vs the first page');
  await deepPageLines(env, rounds, pairs);
  console.log('-- 3. contains with the trigram index vs without');
  await containsLines(env, Math.min(rounds, 3), pairs);
  console.log('-- 4. page-summarize estimate vs exact count(*)');
  await summaryLines(env, Math.min(rounds, 10), pairs);
}
