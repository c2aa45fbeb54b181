/**
 * The list engine on the reservations table: our endpoint against the identical SQL through a bare
 * `pg` handler for pageSize 20 and 1,000 with a nested filter and a sort; page-summarize exact
 * against estimate; and the plan of each query, to show the index it uses. Then the largest table,
 * the API logs (ten rows per reservation): the first page newest first, a status filter and a
 * path search, each against the same SQL run bare.
 */
import pg from 'pg';
import { catalogEntry } from '../../apps/api/catalog/entities/index.ts';
import { columnMap, parseFilters, parseListQuery } from '../../apps/api/src/criteria/parse-criteria.ts';
import { countSql, listSql, type SqlQuery } from '../../apps/api/src/criteria/plan-sql.ts';
import { startBareHandler } from './bare-handler.ts';
import type { BenchEnv } from './bench-setup.ts';
import { compare, getJson } from './time-it.ts';

const nested = JSON.stringify({
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
const narrow = JSON.stringify({ operation: 'eq', name: 'status', type: 'text', value: 'pending' });
const sort = JSON.stringify(['pickupDate=DESC']);

const qs = (params: Record<string, string>) => new URLSearchParams(params).toString();

async function explain(databaseUrl: string, sql: SqlQuery): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const { rows } = await client.query<{ 'QUERY PLAN': string }>(
    `EXPLAIN (COSTS OFF) ${sql.text}`,
    sql.values,
  );
  await client.end();
  return rows.map((r) => `    ${r['QUERY PLAN']}`).join('\n');
}

export async function listBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const key = columnMap(catalogEntry('Reservation')).get('id');
  if (!key) throw new Error('reservations have no id column');
  const cases = [20, 1000].map((pageSize) => {
    const params = { filters: nested, sort, pageSize: String(pageSize), pageIndex: '0' };
    return {
      pageSize,
      path: `/api/reservations?${qs(params)}`,
      sql: listSql(parseListQuery(params, catalogEntry('Reservation')), key),
    };
  });
  const summary = {
    exact: countSql({ filter: parseFilters(narrow, catalogEntry('Reservation')), view: 'v_reservations' }),
    estimate: countSql({ filter: null, view: 'v_reservations' }),
  };
  const bare = await startBareHandler(
    env.databaseUrl,
    new Map([
      ...cases.map((c) => [`/${c.pageSize}`, c.sql] as const),
      ['/count-exact', summary.exact],
      ['/count-all', summary.estimate],
    ]),
  );
  const headers = env.headers;
  const get = (url: string, h: Record<string, string> = {}) => getJson(url, h);
  try {
    for (const c of cases) {
      await compare(
        `GET /api/reservations pageSize ${c.pageSize}, nested filter + sort vs bare pg handler`,
        rounds,
        () => get(`${env.base}${c.path}`, headers),
        () => get(`${bare.url}/${c.pageSize}`),
      );
      console.log(`  plan:\n${await explain(env.databaseUrl, c.sql)}`);
    }
    await compare(
      'page-summarize, narrow filter (exact count) vs bare count(*)',
      rounds,
      () => get(`${env.base}/api/reservations/page-summarize?${qs({ filters: narrow })}`, headers),
      () => get(`${bare.url}/count-exact`),
    );
    console.log(`  plan:\n${await explain(env.databaseUrl, summary.exact)}`);
    await compare(
      'page-summarize, no filter (planner estimate) vs bare exact count(*)',
      Math.min(rounds, 20),
      () => get(`${env.base}/api/reservations/page-summarize`, headers),
      () => get(`${bare.url}/count-all`),
    );
  } finally {
    await bare.close();
  }
  await apiLogBenchmarks(env, rounds);
}

const LOG_SORT = JSON.stringify(['requestedAt=DESC']);
const LOG_CASES: readonly { name: string; filters?: string }[] = [
  { name: 'first page, newest first' },
  {
    name: 'status 503, newest first',
    filters: JSON.stringify({ operation: 'eq', name: 'statusCode', type: 'number', value: 503 }),
  },
  {
    name: 'path contains "voucher", newest first',
    filters: JSON.stringify({ operation: 'contains', name: 'path', type: 'text', value: 'voucher' }),
  },
];

async function apiLogBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const entry = catalogEntry('ApiLogs');
  const key = columnMap(entry).get('id');
  if (!key) throw new Error('API logs have no id column');
  const cases = LOG_CASES.map((c, i) => {
    const params = {
      sort: LOG_SORT,
      pageSize: '20',
      pageIndex: '0',
      ...(c.filters ? { filters: c.filters } : {}),
    };
    return {
      ...c,
      route: `/log-${i}`,
      path: `/api/ApiLogs?${qs(params)}`,
      sql: listSql(parseListQuery(params, entry), key),
    };
  });
  const bare = await startBareHandler(env.databaseUrl, new Map(cases.map((c) => [c.route, c.sql] as const)));
  try {
    for (const c of cases) {
      await compare(
        `GET /api/ApiLogs ${c.name} vs bare pg handler`,
        rounds,
        () => getJson(`${env.base}${c.path}`, env.headers),
        () => getJson(`${bare.url}${c.route}`, {}),
      );
      console.log(`  plan:\n${await explain(env.databaseUrl, c.sql)}`);
    }
  } finally {
    await bare.close();
  }
}
