/**
 * `npm run bench`: our endpoints against the same SQL run by a bare handler (or directly), side by
 * side in one run, printed as ratios of p50 latency (ours ÷ bare), with the plan of each list query.
 * Env: BENCH_RESERVATIONS (default 1,000,000), BENCH_ROUNDS (default 200), BENCH_DATABASE_URL,
 * BENCH_KEEP=1 to keep the seeded database between runs, BENCH_MAP_SAMPLE (default 1,000) merchant
 * records per kind for the mapping ranking. Not a test: it asserts nothing.
 */

import { setUpBench } from './bench-setup.ts';
import { listBenchmarks } from './list-bench.ts';
import { mappingBenchmarks } from './mapping-bench.ts';
import { platformBenchmarks } from './platform-bench.ts';

const reservations = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);

const env = await setUpBench(reservations);
try {
  console.log(`rounds per measurement: ${rounds}, sequential, after a warm-up`);
  await platformBenchmarks(env, rounds);
  await listBenchmarks(env, rounds);
  await mappingBenchmarks(env, Math.min(rounds, 100));
} finally {
  await env.close();
}
