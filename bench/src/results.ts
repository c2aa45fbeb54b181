/**
 * bench/RESULTS.md: the last run of each group, with the machine and the data it ran on. A run of
 * some groups (BENCH_ONLY) replaces those groups' lines and keeps the others', so the file always
 * shows the latest figure of every line and says when and where each group last ran.
 * bench/results.json holds the same lines for the next run to merge into.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type BenchLine, verdictOf } from './report.ts';

export interface GroupRun {
  group: string;
  /** ISO date and time the group ran. */
  ranAt: string;
  machine: string;
  /** What else the run saw: reservations seeded, pairs, calls per measurement, load average. */
  conditions: string;
  lines: BenchLine[];
}

const JSON_FILE = path.resolve(import.meta.dirname, '../results.json');
const MARKDOWN_FILE = path.resolve(import.meta.dirname, '../RESULTS.md');

const cell = (s: string) => s.replaceAll('|', '\\|').replaceAll('\n', ' ');

async function postgresVersion(databaseUrl: string): Promise<string> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (
      (await client.query<{ server_version: string }>('SHOW server_version')).rows[0]?.server_version ?? ''
    );
  } finally {
    await client.end();
  }
}

export async function describeMachine(databaseUrl: string): Promise<string> {
  const cpus = os.cpus();
  return [
    `${cpus.length} × ${cpus[0]?.model ?? 'unknown CPU'}`,
    `${(os.totalmem() / 2 ** 30).toFixed(1)} GiB`,
    `${os.type()} ${os.release()}`,
    `Node ${process.version}`,
    `PostgreSQL ${await postgresVersion(databaseUrl)}`,
  ].join(', ');
}

function readRuns(): GroupRun[] {
  if (!existsSync(JSON_FILE)) return [];
  return JSON.parse(readFileSync(JSON_FILE, 'utf8')) as GroupRun[];
}

/** Merges this run's groups into results.json and rewrites RESULTS.md; answers the file written. */
export function writeResults(runs: readonly GroupRun[], order: readonly string[]): string {
  const byGroup = new Map(readRuns().map((r) => [r.group, r]));
  for (const run of runs) byGroup.set(run.group, run);
  const all = [...byGroup.values()].sort((a, b) => order.indexOf(a.group) - order.indexOf(b.group));
  writeFileSync(JSON_FILE, `${JSON.stringify(all, null, 2)}\n`);
  const sections = all.flatMap((run) => [
    `## ${run.group}`,
    '',
    `Ran ${run.ranAt.slice(0, 16).replace('T', ' ')} UTC on ${run.machine}; ${run.conditions}.`,
    '',
    '| | Benchmark | Ours | Baseline | Ratio (median, spread) | Target | Note |',
    '|---|---|---|---|---|---|---|',
    ...run.lines.map(
      (l) =>
        `| ${verdictOf(l)} | ${cell(l.name)} | ${cell(l.ours)} | ${cell(l.baseline)} | ${cell(l.ratio)} | ${cell(l.target)} | ${cell(l.note ?? '')} |`,
    ),
    '',
  ]);
  const lines = all.flatMap((r) => r.lines);
  const count = (v: string) => lines.filter((l) => verdictOf(l) === v).length;
  writeFileSync(
    MARKDOWN_FILE,
    [
      '# Benchmark results',
      '',
      'The latest run of each group of `npm run bench` (a run of some groups replaces only theirs).',
      'bench/README.md says what each line measures, why its baseline is the floor, and why a line misses.',
      '',
      `${lines.length} lines: ${count('PASS')} PASS, ${count('MISS')} MISS, ${count('INFO')} INFO.`,
      '',
      ...sections,
    ].join('\n'),
  );
  return MARKDOWN_FILE;
}
