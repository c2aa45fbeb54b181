/**
 * Line 10: the server's start and its memory, on the default install (an embedded PostgreSQL under
 * DATA_DIR), with no baseline.
 *
 * - start: the built server (apps/api/dist, built by this group first) spawned as `npm start`'s
 *   `serve` does (`node --enable-source-maps apps/api/dist/main.js`) on an embedded database
 *   created and seeded once beforehand under
 *   .tmp/bench-start (kept between runs), timed from the spawn to the first 200 of `/healthz`;
 *   BENCH_STARTS starts (default BENCH_PAIRS, at least 5), median and spread. Each start's own log
 *   line "embedded PostgreSQL started" splits the time into loading the code (and starting
 *   PostgreSQL) and the rest (migrations check, catalogue sync, identity provider, routes).
 * - memory: one more start with `--expose-gc` and a bench-only hook (MEMORY_HOOK) answering its
 *   memory after a GC over the IPC channel: RSS at idle, after a warm-up of 2,000 list calls, and
 *   after 10,000 more, halfway too (4 callers, the reservations list, pages 0–49 of a filtered,
 *   sorted list).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { signIn } from '../../apps/api/test/sign-in.ts';
import type { BenchEnv } from './bench-setup.ts';
import { MIN_PAIRS, median, report } from './report.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DATA_DIR = path.join(ROOT, '.tmp/bench-start');
const SERVER_MAIN = 'apps/api/dist/main.js';
const START_TARGET_MS = 3000;
const RSS_TARGET_MB = 200;
/** RSS after a GC moves by a few MB with the allocator's whims; more than this is growth. */
const GROWTH_TOLERANCE_MB = 10;
const WARM_UP_CALLS = 2000;
const CALLS = 10_000;
const CALLERS = 4;

const filters = JSON.stringify({
  operation: 'in',
  name: 'status',
  type: 'text',
  value: ['confirmed', 'pending'],
});
const sort = JSON.stringify(['pickupDate=DESC']);

/**
 * Loaded only into the server this benchmark spawns for the memory lines (`--expose-gc --import`
 * it as a data: URL), never by the product: on the message "memory" over the IPC channel it
 * collects garbage (twice, the second pass after the first one's finalisers) and answers with the
 * process's memory, so RSS is compared after a GC rather than at a random point of the heap's cycle.
 * The channel is unref'd so that it never keeps a stopping server alive.
 */
const MEMORY_HOOK = `
process.on('message', (message) => {
  if (message !== 'memory') return;
  globalThis.gc();
  setImmediate(() => {
    globalThis.gc();
    const { rss, heapUsed, external } = process.memoryUsage();
    process.send({ rss, heapUsed, external });
  });
});
process.channel?.unref();
`;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

interface Memory {
  rss: number;
  heapUsed: number;
  external: number;
}

interface Started {
  child: ChildProcess;
  base: string;
  /** Spawn to the first healthy answer, ms. */
  ms: number;
  /** Spawn to the log line saying the embedded PostgreSQL runs, ms. */
  databaseMs: number;
  /** CPU time (user + system, all threads) the server process spent until that answer, ms. */
  cpuMs: number;
  output: string[];
}

/** Spawns the server as `npm run serve` does, and waits for its first healthy answer. */
async function start(nodeArgs: string[] = [], timeoutMs = 120_000): Promise<Started> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _external, ...inherited } = process.env;
  const began = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, '--enable-source-maps', SERVER_MAIN], {
    cwd: ROOT,
    env: {
      ...inherited,
      DATA_DIR,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      // Started as in production, whatever an earlier group (a Vite build sets NODE_ENV) left
      // behind; the bench database keeps the demo accounts the calls sign in with.
      NODE_ENV: 'production',
      ALLOW_DEMO_USERS: 'true',
    },
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
  });
  const output: string[] = [];
  let databaseMs = Number.NaN;
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line) continue;
      output.push(line);
      if (Number.isNaN(databaseMs) && /embedded PostgreSQL (started|created)/.test(line)) {
        databaseMs = performance.now() - began;
      }
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  const deadline = began + timeoutMs;
  for (;;) {
    if (exited) throw new Error(`the server exited during its start:\n${output.slice(-20).join('\n')}`);
    if (performance.now() > deadline) {
      await stop(child);
      throw new Error(`no healthy answer within ${timeoutMs} ms:\n${output.slice(-20).join('\n')}`);
    }
    const ok = await fetch(`${base}/healthz`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { child, base, ms: performance.now() - began, databaseMs, cpuMs: cpuOf(child), output };
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * CPU milliseconds a process has used (utime + stime of /proc/<pid>/stat, in clock ticks of 10 ms
 * on Linux); NaN elsewhere. Unlike the wall time, the load of other processes hardly moves it.
 */
function cpuOf(child: ChildProcess): number {
  try {
    const stat = readFileSync(`/proc/${child.pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return Number.NaN;
  }
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 40_000);
  await gone;
  clearTimeout(timer);
}

async function memory(child: ChildProcess): Promise<Memory> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the server did not answer its memory')), 10_000);
    child.once('message', (m) => {
      clearTimeout(timer);
      resolve(m as Memory);
    });
    child.send('memory');
  });
}

async function listCalls(base: string, token: string, count: number): Promise<void> {
  let next = 0;
  let failures = 0;
  await Promise.all(
    Array.from({ length: CALLERS }, async () => {
      while (next < count) {
        const i = next++;
        const params = new URLSearchParams({ filters, sort, pageSize: '20', pageIndex: String(i % 50) });
        const response = await fetch(`${base}/api/reservations?${params}`, {
          headers: { authorization: `Bearer ${token}` },
        });
        await response.arrayBuffer();
        if (response.status !== 200) failures++;
      }
    }),
  );
  if (failures > 0) throw new Error(`${failures} of ${count} list calls failed`);
}

const mb = (bytes: number) => bytes / 1024 / 1024;
const fmtMb = (bytes: number) => `${mb(bytes).toFixed(0)} MB`;
const secs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;

export async function startBenchmarks(_env: BenchEnv): Promise<void> {
  const starts = Math.max(MIN_PAIRS, Number(process.env.BENCH_STARTS ?? process.env.BENCH_PAIRS ?? 5));
  // The server as it is deployed: built from the current sources.
  execFileSync(process.execPath, ['apps/api/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (!existsSync(path.join(DATA_DIR, 'pg', 'PG_VERSION'))) {
    // The first start creates the cluster and seeds it: not what is timed.
    mkdirSync(DATA_DIR, { recursive: true });
    const first = await start([], 20 * 60_000);
    console.log(
      `  embedded database created and seeded under ${path.relative(ROOT, DATA_DIR)} (${secs(first.ms)})`,
    );
    await stop(first.child);
  }

  // One start not counted: the file system cache warms up as after any deploy.
  await stop((await start()).child);
  const runs: Started[] = [];
  for (let i = 0; i < starts; i++) {
    const run = await start();
    runs.push(run);
    await stop(run.child);
  }
  const ms = runs.map((r) => r.ms);
  const toDatabase = median(runs.map((r) => r.databaseMs));
  const total = median(ms);
  const startPass = total < START_TARGET_MS;
  report({
    name: `start to first healthy answer, existing embedded database (${starts} starts)`,
    ours: `${secs(total)} (${secs(Math.min(...ms))}–${secs(Math.max(...ms))})`,
    baseline: '—',
    ratio: '—',
    target: `< ${START_TARGET_MS / 1000} s`,
    pass: startPass,
    note:
      `CPU time of the server until then ${secs(median(runs.map((r) => r.cpuMs)))} (median); ` +
      `code loaded and PostgreSQL running after ${secs(toDatabase)}, ` +
      `then migrations check, catalogue sync, identity provider and routes ${secs(total - toDatabase)}` +
      (startPass ? '' : ' (see bench/README.md for where the time goes)'),
  });

  const run = await start([
    '--expose-gc',
    '--import',
    `data:text/javascript,${encodeURIComponent(MEMORY_HOOK)}`,
  ]);
  try {
    await new Promise((resolve) => setTimeout(resolve, 2000));
    const idle = await memory(run.child);
    const { accessToken } = await signIn(run.base, 'admin@bmtools.local', 'admin');
    await listCalls(run.base, accessToken, WARM_UP_CALLS);
    const warm = await memory(run.child);
    // Halfway too: growth that goes on in the second half is a leak; a step in the first is settling.
    await listCalls(run.base, accessToken, CALLS / 2);
    const half = await memory(run.child);
    await listCalls(run.base, accessToken, CALLS / 2);
    const after = await memory(run.child);
    for (const [name, m] of [
      ['RSS at idle after the start (after a GC)', idle],
      [`RSS after ${CALLS.toLocaleString('en')} list calls (after a GC)`, after],
    ] as const) {
      report({
        name,
        ours: `${fmtMb(m.rss)} (heap ${fmtMb(m.heapUsed)}, external ${fmtMb(m.external)})`,
        baseline: '—',
        ratio: '—',
        target: `< ${RSS_TARGET_MB} MB`,
        pass: mb(m.rss) < RSS_TARGET_MB,
      });
    }
    const growth = mb(after.rss - warm.rss);
    report({
      name: `RSS growth over ${CALLS.toLocaleString('en')} list calls after a warm-up of ${WARM_UP_CALLS.toLocaleString('en')}`,
      ours:
        `${growth >= 0 ? '+' : ''}${growth.toFixed(1)} MB (${fmtMb(warm.rss)} → ${fmtMb(half.rss)} halfway → ` +
        `${fmtMb(after.rss)}; heap ${fmtMb(warm.heapUsed)} → ${fmtMb(half.heapUsed)} → ${fmtMb(after.heapUsed)})`,
      baseline: '—',
      ratio: '—',
      target: `no growth (≤ ${GROWTH_TOLERANCE_MB} MB)`,
      pass: growth <= GROWTH_TOLERANCE_MB,
    });
  } finally {
    await stop(run.child);
  }
}
