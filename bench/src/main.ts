/**
 * `npm run bench`: our endpoints against the same SQL run by a bare handler (or directly), side by
 * side in one run, printed as ratios of p50 latency (ours ÷ bare), with the plan of each list query.
 * Env: BENCH_RESERVATIONS (default 1,000,000), BENCH_ROUNDS (default 200), BENCH_DATABASE_URL,
 * BENCH_KEEP=1 to keep the seeded database between runs, BENCH_MAP_SAMPLE (default 1,000) merchant
 * records per kind for the mapping ranking, BENCH_ONLY to run some groups only (comma-separated:
 * platform, list, mapping, export; e.g. BENCH_ONLY=export), BENCH_EXPORT_SIZES and
 * BENCH_EXPORT_PAIRS (export-bench.ts). Not a test: it asserts nothing.
 */

import { setUpBench } from './bench-setup.ts';
import { exportBenchmarks } from './export-bench.ts';
import { listBenchmarks } from './list-bench.ts';
import { mappingBenchmarks } from './mapping-bench.ts';
import { platformBenchmarks } from './platform-bench.ts';

const reservations = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());
const runs = (group: string) => !only || only.includes(group);

const env = await setUpBench(reservations);
try {
  console.log(`rounds per measurement: ${rounds}, sequential, after a warm-up`);
  if (runs('platform')) await platformBenchmarks(env, rounds);
  if (runs('list')) await listBenchmarks(env, rounds);
  if (runs('mapping')) await mappingBenchmarks(env, Math.min(rounds, 100));
  if (runs('export')) await exportBenchmarks(env);
} finally {
  await env.close();
}
