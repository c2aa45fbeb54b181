/**
 * Brings up what a benchmark measures: a database (BENCH_DATABASE_URL's server, else an embedded
 * PostgreSQL), seeded with BENCH_RESERVATIONS reservations (default 1,000,000; reused between runs
 * when BENCH_KEEP=1), the real server, and an admin token.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../../apps/api/src/db/embedded.ts';
import { migrate } from '../../apps/api/src/db/migrate.ts';
import { createPool } from '../../apps/api/src/db/pool.ts';
import { seedDemo } from '../../apps/api/src/seed/seed-demo.ts';
import { type RunningServer, startServer } from '../../apps/api/src/server.ts';
import { signIn } from '../../apps/api/test/sign-in.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

export interface BenchEnv {
  base: string;
  /** The admin's bearer token. */
  headers: Record<string, string>;
  databaseUrl: string;
  server: RunningServer;
  close(): Promise<void>;
}

/**
 * The real server on the benchmark's database at a free port, serving the console from `staticDir`
 * (STATIC_DIR; the built apps/web/dist by default).
 */
export async function startBenchServer(
  databaseUrl: string,
  staticDir?: string,
): Promise<{ base: string; server: RunningServer }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: 'silent',
    // Thousands of calls from one address are the benchmark, not an attack; the default stays on.
    RATE_LIMITS: 'off',
    // Calls go to 127.0.0.1 like the bare handler's (resolving "localhost" costs a lookup per call),
    // so that is the console's address: a development server redirects other loopback names to it,
    // and a redirected call loses its token (every call would time a 401).
    PUBLIC_URL: base,
    ...(staticDir ? { STATIC_DIR: staticDir } : {}),
  });
  return { base, server: await startServer(config, () => {}) };
}

export async function setUpBench(reservations: number): Promise<BenchEnv> {
  const dir = path.resolve(import.meta.dirname, '../../.tmp/bench');
  const keep = process.env.BENCH_KEEP === '1';
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.BENCH_DATABASE_URL;
  if (!adminUrl) {
    if (!keep) rmSync(dir, { recursive: true, force: true });
    embedded = await startEmbeddedDatabase(dir, 5499);
    adminUrl = embedded.url;
  }
  const dbName = 'bm_bench';
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const exists = await admin.query('SELECT 1 FROM pg_database WHERE datname = $1', [dbName]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE ${dbName}`);
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();

  await migrate(databaseUrl);
  const seedPool = createPool(databaseUrl, 2, { statementTimeoutMs: 0 });
  const started = Date.now();
  await seedDemo(seedPool, { reservations });
  await seedPool.end();
  console.log(
    `database ready: ${reservations.toLocaleString('en')} reservations (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );

  const { base, server } = await startBenchServer(databaseUrl);
  const { accessToken } = await signIn(base, 'admin@bmtools.local', 'admin');
  return {
    base,
    headers: { authorization: `Bearer ${accessToken}` },
    databaseUrl,
    server,
    close: async () => {
      await server.close();
      if (!keep) await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
      await admin.end();
      await embedded?.stop();
      if (embedded && !keep) rmSync(dir, { recursive: true, force: true });
    },
  };
}
