/**
 * Database faults under save load, against the real entry point with its embedded PostgreSQL: four
 * writers save pages without pause (each save a unique URL) while PostgreSQL (a) ends every server
 * connection (`pg_terminate_backend`), (b) is killed (`kill -9` of the postmaster) and (c) is shut
 * down fast and started again by the server's supervisor. What must hold, per fault: every save
 * answered 2xx is in the database afterwards, with the values it was sent; saves during the outage
 * answer 503 (never 500 or a reset); the API recovers by itself; the process never exits. The quick
 * versions of these faults run in `npm test` (apps/api/test/db-faults.test.ts, embedded-faults.test.ts).
 */
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPageValues } from '../test/api-caller.ts';
import {
  type ChildServer,
  FIRST_START_TIMEOUT_MS,
  spawnServer,
  waitFor,
  waitForFirstStart,
} from '../test/child-server.ts';
import { signIn } from '../test/sign-in.ts';
import { freePort } from '../test/test-server.ts';
import { type Figure, recordFigures } from './figures.ts';

const dataDir = path.resolve(import.meta.dirname, `../../../.tmp/stress-db-faults-${process.pid}`);
/** The embedded cluster's superuser password (apps/api/src/db/embedded.ts). */
const EMBEDDED_PASSWORD = 'bm-tools-embedded';
/** Saves kept going before and after each fault. */
const WRITERS = 4;
let pgPort: number;
let server: ChildServer;
let token: string;
const figures: Figure[] = [];

const postmasterPid = () =>
  Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);
const databaseUrl = () => `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/postgres`;

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  pgPort = await freePort();
  server = await spawnServer({
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
    RATE_LIMITS: 'off',
  });
  await waitForFirstStart(server);
  token = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
}, FIRST_START_TIMEOUT_MS + 20_000);

afterAll(async () => {
  recordFigures('db-faults', figures);
  if (server && !server.hasExited()) {
    server.process.kill('SIGTERM');
    await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  }
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

interface Save {
  url: string;
  status: number;
  /** Milliseconds since the fault; negative before it. */
  at: number;
}

let serial = 0;

/** One page save with a unique URL; the network error of a reset connection is status 0. */
async function savePage(): Promise<Omit<Save, 'at'>> {
  const url = `/fault-${process.pid}/${++serial}`;
  try {
    const response = await fetch(`${server.baseUrl}/api/pages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        values: newPageValues(`Fault page ${serial}`, url),
      }),
      signal: AbortSignal.timeout(30_000),
    });
    await response.arrayBuffer();
    return { url, status: response.status };
  } catch {
    return { url, status: 0 };
  }
}

/**
 * Runs the writers, causes the fault once they have made progress, and keeps them going until
 * saves have succeeded for two seconds after the outage. Returns every save with its time.
 */
async function underSaveLoad(name: string, fault: () => Promise<void>): Promise<void> {
  const saves: Save[] = [];
  let faultAt = Number.POSITIVE_INFINITY;
  let running = true;
  const writer = async () => {
    while (running) {
      const started = performance.now();
      const save = await savePage();
      saves.push({ ...save, at: started - faultAt });
      if (save.status !== 201) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const writers = Array.from({ length: WRITERS }, writer);
  await waitFor('saves before the fault', async () => (saves.length >= 20 ? true : undefined), 30_000, 20);
  faultAt = performance.now();
  await fault();
  // Recovered: a save that started after the fault succeeded, then two more seconds of saves.
  const recovered = await waitFor(
    'a save after the fault to succeed',
    async () => saves.find((s) => s.at > 0 && s.status === 201)?.at,
    120_000,
    50,
  );
  await new Promise((resolve) => setTimeout(resolve, 2_000));
  running = false;
  await Promise.all(writers);

  const ok = saves.filter((s) => s.status === 201);
  const unavailable = saves.filter((s) => s.status === 503);
  const other = saves.filter((s) => s.status !== 201 && s.status !== 503);
  const db = new pg.Client({ connectionString: databaseUrl() });
  await db.connect();
  const { rows } = await db.query<{ url: string }>('SELECT url FROM pages WHERE url = ANY($1::text[])', [
    ok.map((s) => s.url),
  ]);
  await db.end();
  const found = new Set(rows.map((r) => r.url));
  const missing = ok.filter((s) => !found.has(s.url));
  const failedAfter = saves.filter((s) => s.at > 0 && s.status !== 201);
  const outageMs = failedAfter.length === 0 ? 0 : Math.max(...failedAfter.map((s) => s.at));
  figures.push(
    {
      figure: `${name}: saves answered 201 / 503 / other`,
      value: `${ok.length} / ${unavailable.length} / ${other.length}`,
      target: 'other 0',
      ok: other.length === 0,
    },
    {
      figure: `${name}: 201 saves found afterwards`,
      value: `${ok.length - missing.length} of ${ok.length}`,
      target: 'all',
      ok: missing.length === 0,
    },
    {
      figure: `${name}: first successful save after the fault; last refused save`,
      value: `${(recovered / 1000).toFixed(1)} s; ${(outageMs / 1000).toFixed(1)} s`,
      target: 'recovers by itself',
      ok: true,
    },
    {
      figure: `${name}: API process`,
      value: server.hasExited() ? 'exited' : 'running',
      target: 'running',
      ok: !server.hasExited(),
    },
  );
  expect(server.hasExited(), server.output()).toBe(false);
  expect(other.map((s) => `${s.status} ${s.url}`)).toEqual([]);
  expect(missing.map((s) => s.url)).toEqual([]);
}

describe('database faults under save load', () => {
  it('PostgreSQL ends every server connection (pg_terminate_backend)', async () => {
    await underSaveLoad('terminate connections', async () => {
      const db = new pg.Client({ connectionString: databaseUrl() });
      await db.connect();
      await db.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
          WHERE application_name = 'bm-tools' AND pid <> pg_backend_pid()`,
      );
      await db.end();
    });
  }, 300_000);

  it('the postmaster is killed (kill -9) and the server starts it again', async () => {
    await underSaveLoad('kill -9 postmaster', async () => {
      process.kill(postmasterPid(), 'SIGKILL');
    });
  }, 300_000);

  it('PostgreSQL shuts down (fast) and the server starts it again', async () => {
    await underSaveLoad('fast shutdown and restart', async () => {
      // SIGINT is PostgreSQL's fast shutdown: it ends the sessions and stops; the supervisor restarts it.
      process.kill(postmasterPid(), 'SIGINT');
    });
  }, 300_000);
});
