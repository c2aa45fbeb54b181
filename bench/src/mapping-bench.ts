/**
 * Mapping: how well the map lists rank, and how fast a map-list page answers.
 * - Ranking: for up to BENCH_MAP_SAMPLE merchant records of each kind that have a price-watch
 *   counterpart in the seeded ground truth (evenly spread over the ids), where the true match
 *   stands among the candidates by score alone (the current mapping's place first is left out, or
 *   every mapped record would count as found): top-1 and top-5 per kind and overall.
 * - Speed: a map-list page (pageSize 20, pageIndex 0) of our endpoint against the same candidate
 *   function run directly, over rotating records, as p50 and the ratio.
 */
import pg from 'pg';
import type { BenchEnv } from './bench-setup.ts';
import { compare, getJson } from './time-it.ts';

// Insurance: a policy against the customer reservation it covers (the same truth table).
const KINDS = [
  'location',
  'supplier',
  'car_class',
  'car',
  'option',
  'included_item',
  'office',
  'insurance',
] as const;
const SAMPLE = Number(process.env.BENCH_MAP_SAMPLE ?? 1000);

interface Accuracy {
  n: number;
  top1: number;
  top5: number;
}

async function accuracy(db: pg.Pool, kind: string): Promise<Accuracy> {
  const { rows } = await db.query<Accuracy>(
    `WITH truth AS (
       SELECT merchant_record_id AS id, pricewatch_id AS truth,
              row_number() OVER (ORDER BY merchant_record_id) AS i, count(*) OVER () AS total
         FROM merchant_ground_truth WHERE kind = $1 AND pricewatch_id IS NOT NULL),
     sample AS (SELECT id, truth FROM truth WHERE i % greatest(1, total / $2) = 0 LIMIT $2),
     ranked AS (
       SELECT (SELECT n FROM (SELECT c.id, row_number() OVER (ORDER BY c.match DESC, c.id) AS n
                                FROM map_${kind}_candidates(s.id) c) r
                WHERE r.id = s.truth) AS rank
         FROM sample s)
     SELECT count(*)::int AS n, count(*) FILTER (WHERE rank = 1)::int AS top1,
            count(*) FILTER (WHERE rank <= 5)::int AS top5
       FROM ranked`,
    [kind, SAMPLE],
  );
  return rows[0] ?? { n: 0, top1: 0, top5: 0 };
}

const percent = (part: number, whole: number) => `${((100 * part) / Math.max(1, whole)).toFixed(1)}%`;

/** Ids to rotate through: records of the table spread over its ids. */
async function someIds(db: pg.Pool, table: string, count: number): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(`SELECT id FROM ${table} ORDER BY md5(id::text) LIMIT $1`, [
    count,
  ]);
  return rows.map((r) => r.id);
}

export async function mappingBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const db = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  const total: Accuracy = { n: 0, top1: 0, top5: 0 };
  for (const kind of KINDS) {
    const started = performance.now();
    const a = await accuracy(db, kind);
    total.n += a.n;
    total.top1 += a.top1;
    total.top5 += a.top5;
    console.log(
      `map ranking ${kind}: ${a.n} merchant records, true match first ${percent(a.top1, a.n)}, ` +
        `in the top 5 ${percent(a.top5, a.n)} (${((performance.now() - started) / Math.max(1, a.n)).toFixed(1)} ms a record)`,
    );
  }
  console.log(
    `map ranking overall: ${total.n} merchant records, top-1 ${percent(total.top1, total.n)}, ` +
      `top-5 ${percent(total.top5, total.n)} (target top-5 >= 95%)`,
  );

  const headers = env.headers;
  const pages: { name: string; api: string; fn: string; table: string }[] = [
    {
      name: 'merchant location',
      api: '/api/mapMerchantLocations',
      fn: 'map_location_candidates',
      table: 'merchant_locations',
    },
    {
      name: 'price-watch location',
      api: '/api/maplocations',
      fn: 'map_location_merchants',
      table: 'pricewatch_locations',
    },
    {
      name: 'merchant office',
      api: '/api/mapMerchantOffices',
      fn: 'map_office_candidates',
      table: 'merchant_offices',
    },
    {
      name: 'price-watch office',
      api: '/api/mapOffices',
      fn: 'map_office_merchants',
      table: 'pricewatch_offices',
    },
    // The heaviest candidate function: customer reservations (450,000 at 1M) for a policy.
    {
      name: 'insurance policy',
      api: '/api/mapInsurance',
      fn: 'map_insurance_candidates',
      table: 'insurance_policies',
    },
  ];
  for (const page of pages) {
    const ids = await someIds(db, page.table, 50);
    let i = 0;
    let j = 0;
    await compare(
      `GET ${page.api} (map list of a ${page.name}, page of 20) vs its function run directly`,
      rounds,
      () => {
        const id = ids[i++ % ids.length];
        return getJson(`${env.base}${page.api}?id=${id}&pageSize=20&pageIndex=0`, headers);
      },
      () => db.query(`SELECT * FROM ${page.fn}($1) ORDER BY rank LIMIT 21`, [ids[j++ % ids.length]]),
    );
  }
  await db.end();
}
