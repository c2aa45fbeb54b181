/**
 * Prepares a fresh, demo-seeded database, starts the built server on it (apps/api/dist, as
 * `npm start` runs it; on E2E_PORT, chosen by the config) and returns the teardown that stops the
 * server and drops the database.
 *
 * - TEST_DATABASE_URL set: a database `bm_e2e_<random>` is created on that server, migrated and seeded
 *   with the seed CLI, and the server uses it through DATABASE_URL.
 * - Otherwise: the server's embedded PostgreSQL under .tmp/e2e-data, wiped first, so the first start
 *   creates, migrates and seeds it.
 *
 * The server serves a copy of apps/web/dist taken now. The specs reach the database through
 * E2E_DATABASE_URL (inherited by the workers).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, rm } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { FullConfig } from '@playwright/test';
import pg from 'pg';
import {
  API_MAIN,
  AUTH_DIR,
  E2E_DATA_DIR,
  E2E_STATIC_DIR,
  REPO_ROOT,
  SERVER_LOG,
  TMP_DIR,
  WEB_DIST,
} from './paths.ts';

const STARTUP_TIMEOUT_MS = 180_000;
const EMBEDDED_PASSWORD = 'bm-tools-embedded';

const logTail = (lines = 40): string => {
  try {
    return readFileSync(SERVER_LOG, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no server log)';
  }
};

/** The URL of database `name` on the server of `base`. */
function databaseUrl(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(base: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

function run(args: string[], env: NodeJS.ProcessEnv, what: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { cwd: REPO_ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${what} failed (exit ${code}):\n${output.trim()}`)),
    );
  });
}

/** Fails when something already listens on `port` (another run, another server). */
async function assertPortFree(port: number): Promise<void> {
  const tryHost = (host: string): Promise<boolean> =>
    new Promise((resolve) => {
      const probe = net.createServer();
      probe.once('error', (error: NodeJS.ErrnoException) =>
        resolve(error.code === 'EADDRNOTAVAIL' || error.code === 'EAFNOSUPPORT'),
      );
      probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
    });
  if (!(await tryHost('127.0.0.1')) || !(await tryHost('::1'))) {
    throw new Error(`Port ${port} is already in use: free it or set E2E_PORT to another port.`);
  }
}

/**
 * Waits until our own child says it listens (so a foreign server that happens to answer on the port
 * cannot be mistaken for it), then until /healthz answers ok.
 */
async function waitForHealth(baseURL: string, server: ChildProcess): Promise<void> {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS;
  let exited: number | null | undefined;
  let listening = false;
  server.once('exit', (code) => {
    exited = code;
  });
  const watch = (chunk: Buffer): void => {
    if (/Server listening at|is ready at/.test(chunk.toString())) listening = true;
  };
  server.stdout?.on('data', watch);
  server.stderr?.on('data', watch);
  while (Date.now() < deadline) {
    if (exited !== undefined) {
      throw new Error(`The e2e server exited (code ${exited}) before it was healthy:\n${logTail()}`);
    }
    if (!listening) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      continue;
    }
    try {
      const response = await fetch(`${baseURL}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) {
        const body = (await response.json()) as { status?: string };
        if (body.status === 'ok') return;
      }
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The e2e server was not healthy within ${STARTUP_TIMEOUT_MS / 1000}s:\n${logTail()}`);
}

function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const force = setTimeout(() => server.kill('SIGKILL'), 15_000);
    server.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    server.kill('SIGTERM');
  });
}

export default async function globalSetup(config: FullConfig): Promise<() => Promise<void>> {
  for (const built of [path.join(WEB_DIST, 'index.html'), API_MAIN]) {
    if (!existsSync(built)) {
      throw new Error(
        `${path.relative(REPO_ROOT, built)} is missing: run \`npm run build\` first (npm run test:e2e does).`,
      );
    }
  }
  const baseURL = String(config.projects[0]?.use.baseURL ?? `http://localhost:${process.env.E2E_PORT}`);
  const port = new URL(baseURL).port;
  await assertPortFree(Number(port));
  await mkdir(TMP_DIR, { recursive: true });
  await rm(AUTH_DIR, { recursive: true, force: true });
  await rm(E2E_STATIC_DIR, { recursive: true, force: true });
  await cp(WEB_DIST, E2E_STATIC_DIR, { recursive: true });

  const serverEnv: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: port,
    HOST: 'localhost',
    PUBLIC_URL: baseURL,
    // At least info: the setup waits for the server's own 'listening' line.
    LOG_LEVEL: 'info',
    STATIC_DIR: E2E_STATIC_DIR,
    // Finished exports stay with the run's other temporary files, never in the checkout's data/.
    EXPORT_STORAGE_DIR: path.join(TMP_DIR, 'e2e-exports'),
  };
  for (const key of ['DATABASE_URL', 'DATA_DIR', 'EMBEDDED_PG_PORT', 'OIDC_AUTHORITY', 'TOOL_URLS']) {
    delete serverEnv[key];
  }

  const testDatabaseUrl = process.env.TEST_DATABASE_URL;
  let dropDatabase = async (): Promise<void> => {};
  if (testDatabaseUrl) {
    const name = `bm_e2e_${randomBytes(6).toString('hex')}`;
    await adminQuery(testDatabaseUrl, `CREATE DATABASE ${name}`);
    dropDatabase = () => adminQuery(testDatabaseUrl, `DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    const url = databaseUrl(testDatabaseUrl, name);
    serverEnv.DATABASE_URL = url;
    process.env.E2E_DATABASE_URL = url;
    try {
      await run(['--import', 'tsx', 'apps/api/src/cli/seed.ts'], serverEnv, 'Seeding the e2e database');
    } catch (error) {
      await dropDatabase();
      throw error;
    }
  } else {
    await rm(E2E_DATA_DIR, { recursive: true, force: true });
    const pgPort = process.env.E2E_PG_PORT ?? '5500';
    serverEnv.DATA_DIR = E2E_DATA_DIR;
    serverEnv.EMBEDDED_PG_PORT = pgPort;
    process.env.E2E_DATABASE_URL = `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/postgres`;
  }

  const log = createWriteStream(SERVER_LOG);
  // The built server, as `npm start` runs it.
  const server = spawn(process.execPath, ['--enable-source-maps', API_MAIN], {
    cwd: REPO_ROOT,
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  server.stdout?.pipe(log);
  server.stderr?.pipe(log);

  const teardown = async (): Promise<void> => {
    await stopServer(server);
    log.end();
    await dropDatabase().catch((error: unknown) => {
      console.error(`Could not drop the e2e database: ${error instanceof Error ? error.message : error}`);
    });
  };

  try {
    await waitForHealth(baseURL, server);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
