/**
 * Exports: our export run (`runExport`, the real path from the `exports` row to the stored file)
 * against a bare ExcelJS streaming writer fed by the same SQL through the same cursor, for the
 * first N reservations (`id <= N`, so every size runs on the one seeded table). Each run is a child
 * process of its own (`export-arm.ts`), so its peak RSS is that run's alone; ours and bare
 * alternate, and the ratios are the median of the pairs' (min–max beside). The issue's targets:
 * time at most 1.15×, memory at most 1.2× the bare writer's, peak RSS under 300 MB at 1,000,000 rows.
 * Env: BENCH_EXPORT_SIZES (default "100000,1000000"), BENCH_EXPORT_PAIRS (default BENCH_PAIRS, 5).
 */
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { BenchEnv } from './bench-setup.ts';
import type { ArmResult } from './export-arm.ts';
import { fmtRatio, median, report, summarise } from './report.ts';

const TIME_TARGET = 1.15;
const MEMORY_TARGET = 1.2;
const RSS_LIMIT_MB = 300;

const ROOT = path.resolve(import.meta.dirname, '../..');
const ARM = path.join(import.meta.dirname, 'export-arm.ts');

/** Runs one arm in a child process; its one line of JSON. */
function runArm(arm: ArmResult['arm'], databaseUrl: string, rows: number): Promise<ArmResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ARM, arm, databaseUrl, String(rows)], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => {
      if (code !== 0) return reject(new Error(`export arm ${arm} (${rows} rows) exited with ${code}`));
      try {
        resolve(JSON.parse(out) as ArmResult);
      } catch {
        reject(new Error(`export arm ${arm} printed ${JSON.stringify(out.slice(0, 200))}`));
      }
    });
  });
}

const mb = (kb: number): number => (kb * 1024) / 1e6;

async function seededReservations(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
    return rows[0]?.n ?? 0;
  } finally {
    await client.end();
  }
}

export async function exportBenchmarks(env: BenchEnv): Promise<void> {
  const sizes = (process.env.BENCH_EXPORT_SIZES ?? '100000,1000000')
    .split(',')
    .map((s) => Number(s.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  const pairs = Math.max(1, Number(process.env.BENCH_EXPORT_PAIRS ?? process.env.BENCH_PAIRS ?? 5));
  const seeded = await seededReservations(env.databaseUrl);
  for (const rows of sizes) {
    const name = `export ${rows.toLocaleString('en')} reservations to .xlsx vs bare ExcelJS streaming writer`;
    if (rows > seeded) {
      console.log(`${name}: skipped, only ${seeded.toLocaleString('en')} reservations seeded`);
      continue;
    }
    const load = loadavg()[0] ?? 0;
    // A warm-up pair, not counted: PostgreSQL's cache holds the rows for both arms alike.
    await runArm('ours', env.databaseUrl, rows);
    await runArm('bare', env.databaseUrl, rows);
    const results: [ArmResult, ArmResult][] = [];
    for (let i = 0; i < pairs; i++) {
      // Which arm goes first alternates, so neither always meets a cache the other warmed.
      if (i % 2 === 0) {
        const a = await runArm('ours', env.databaseUrl, rows);
        results.push([a, await runArm('bare', env.databaseUrl, rows)]);
      } else {
        const b = await runArm('bare', env.databaseUrl, rows);
        results.push([await runArm('ours', env.databaseUrl, rows), b]);
      }
    }
    for (const [a, b] of results) {
      if (a.rows !== rows || b.rows !== rows)
        throw new Error(`export of ${rows} reservations wrote ${a.rows} rows (ours) and ${b.rows} (bare)`);
    }
    const times = results.map(([a, b]) => a.ms / b.ms);
    const memories = results.map(([a, b]) => a.maxRssKb / b.maxRssKb);
    const ours = {
      s: median(results.map(([a]) => a.ms)) / 1000,
      mb: median(results.map(([a]) => mb(a.maxRssKb))),
    };
    const bare = {
      s: median(results.map(([, b]) => b.ms)) / 1000,
      mb: median(results.map(([, b]) => mb(b.maxRssKb))),
    };
    const peak = Math.max(...results.map(([a]) => mb(a.maxRssKb)));
    const time = summarise(times);
    const memory = summarise(memories);
    report({
      name: `${name}: time`,
      ours: `${ours.s.toFixed(1)} s`,
      baseline: `${bare.s.toFixed(1)} s`,
      ratio: fmtRatio(time),
      target: `≤ ${TIME_TARGET}x`,
      pass: time.ratio <= TIME_TARGET,
    });
    report({
      name: `${name}: peak memory`,
      ours: `${ours.mb.toFixed(0)} MB`,
      baseline: `${bare.mb.toFixed(0)} MB`,
      ratio: fmtRatio(memory),
      target: `≤ ${MEMORY_TARGET}x, and < ${RSS_LIMIT_MB} MB at 1,000,000 rows`,
      pass: memory.ratio <= MEMORY_TARGET && (rows < 1_000_000 || peak < RSS_LIMIT_MB),
      note: `highest peak RSS of ours ${peak.toFixed(0)} MB`,
    });
    const size = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
    console.log(
      `  ${pairs} pairs after a warm-up pair, load average ${load.toFixed(2)} → ${(loadavg()[0] ?? 0).toFixed(2)}; ` +
        `files: ours ${size(results[0]?.[0].bytes ?? 0)}, bare ${size(results[0]?.[1].bytes ?? 0)}`,
    );
  }
}
