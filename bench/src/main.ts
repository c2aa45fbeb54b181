/**
 * `npm run bench`: the performance suite. Every benchmark runs our figure and its baseline
 * alternated in one run and prints one line (report.ts): name, ours, baseline, the median of the
 * paired ratios with its spread, the target, PASS or MISS. bench/README.md says what each measures
 * and why its baseline is the floor; each run merges its groups' lines into bench/RESULTS.md
 * (BENCH_RESULTS=off leaves it alone).
 *
 * Env: BENCH_RESERVATIONS (default 1,000,000), BENCH_ROUNDS (default 200 calls per measurement),
 * BENCH_PAIRS (default 5), BENCH_DATABASE_URL, BENCH_KEEP=1 to keep the seeded database between runs,
 * BENCH_ONLY to run some groups only (comma-separated: list, grid, socket, bundle, start, search,
 * export, mapping, platform, dashboards, related), and each group's own (see its file). Not a test:
 * it asserts nothing.
 */
import { loadavg } from 'node:os';
import path from 'node:path';
import { type BenchEnv, setUpBench } from './bench-setup.ts';
import { bundleBenchmarks } from './bundle-bench.ts';
import { dashboardBenchmarks } from './dashboard-bench.ts';
import { exportBenchmarks } from './export-bench.ts';
import { gridBenchmarks } from './grid-bench.ts';
import { listBenchmarks } from './list-bench.ts';
import { mappingBenchmarks } from './mapping-bench.ts';
import { platformBenchmarks } from './platform-bench.ts';
import { relatedBenchmarks } from './related-bench.ts';
import { reportedLines, verdictOf } from './report.ts';
import { describeMachine, type GroupRun, writeResults } from './results.ts';
import { searchBenchmarks } from './search-bench.ts';
import { socketBenchmarks } from './socket-bench.ts';
import { startBenchmarks } from './start-bench.ts';

const reservations = Number(process.env.BENCH_RESERVATIONS ?? 1_000_000);
const rounds = Number(process.env.BENCH_ROUNDS ?? 200);
const pairs = Number(process.env.BENCH_PAIRS ?? 5);
const only = process.env.BENCH_ONLY?.split(',').map((s) => s.trim());

/** The groups in the order of the suite's table (README): 1–4 list, 5–7 grid, 8 socket, 9 bundle, 10 start. */
const groups: [string, (env: BenchEnv) => Promise<void>][] = [
  ['list', (env) => listBenchmarks(env, { rounds, pairs })],
  ['grid', gridBenchmarks],
  ['socket', socketBenchmarks],
  ['bundle', bundleBenchmarks],
  ['start', startBenchmarks],
  ['search', (env) => searchBenchmarks(env, pairs)],
  ['export', exportBenchmarks],
  ['mapping', (env) => mappingBenchmarks(env, Math.min(rounds, 100))],
  ['platform', (env) => platformBenchmarks(env, rounds)],
  ['dashboards', (env) => dashboardBenchmarks(env, Math.min(rounds, 20))],
  ['related', (env) => relatedBenchmarks(env, rounds, pairs)],
];

const env = await setUpBench(reservations);
const runs: GroupRun[] = [];
// A group that fails is reported and the run goes on: the groups measured before and after it are
// kept and written (RESULTS.md keeps the failed group's previous figures), and the exit code is 1.
const failed: string[] = [];
try {
  const machine = await describeMachine(env.databaseUrl);
  console.log(`${machine}\n${pairs} pairs per line, ${rounds} calls per measurement, after a warm-up`);
  for (const [group, run] of groups) {
    if (only && !only.includes(group)) continue;
    console.log(`\n== ${group} ==`);
    const before = reportedLines().length;
    const ranAt = new Date().toISOString();
    const load = loadavg()[0] ?? 0;
    try {
      await run(env);
    } catch (error) {
      console.error(`group ${group} failed:`, error);
      failed.push(group);
      continue;
    }
    runs.push({
      group,
      ranAt,
      machine,
      conditions:
        `${reservations.toLocaleString('en')} reservations, ${pairs} pairs, ${rounds} calls per measurement, ` +
        `load average ${load.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}`,
      lines: reportedLines().slice(before),
    });
  }
} finally {
  await env.close();
}

const lines = reportedLines();
const missed = lines.filter((l) => verdictOf(l) === 'MISS');
const passed = lines.filter((l) => verdictOf(l) === 'PASS');
console.log(
  `\n${lines.length} lines: ${passed.length} PASS, ${missed.length} MISS, ${lines.length - passed.length - missed.length} INFO`,
);
for (const line of missed) console.log(`  MISS ${line.name}${line.note ? `: ${line.note}` : ''}`);
if (process.env.BENCH_RESULTS !== 'off' && runs.length > 0) {
  const file = writeResults(
    runs,
    groups.map(([g]) => g),
  );
  console.log(`written ${path.relative(process.cwd(), file)}`);
}
if (failed.length > 0) {
  console.error(`failed groups: ${failed.join(', ')} (their previous figures stay in RESULTS.md)`);
  process.exitCode = 1;
}
