/**
 * Exports stranded by a fault (issue 37), against the real entry point as child processes:
 * (a) PostgreSQL's postmaster is killed (`kill -9`) mid-export and the server's supervisor starts it
 *     again (embedded PostgreSQL);
 * (b) the instance running an export is killed (`kill -9`) while a second instance runs;
 * (c) the only instance running exports is killed (`kill -9`) and started again.
 * What must hold, each time: the export finishes within a minute of the database, or of an
 * instance, being back (a killed instance's lease lapses first: EXPORT_LEASE_SECONDS, 30 s), and
 * exactly once — one done row, one file for it in the export folder, one "ready" notification to
 * its owner — with no half-written `.part` upload left in the folder. The pieces are tested fast in
 * apps/api/test/export-recovery.test.ts. Figures are recorded; the waits are hang guards only.
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtemp, readdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedApiLogs } from '../areas/api-logs/demo.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import {
  type ChildServer,
  FIRST_START_TIMEOUT_MS,
  spawnServer,
  stopChildServer,
  waitFor,
  waitForFirstStart,
} from '../test/child-server.ts';
import { signIn } from '../test/sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { freePort } from '../test/test-server.ts';
import { type Figure, recordFigures } from './figures.ts';

const EMAIL = 'admin@bmtools.local';
/** API log rows exported: enough for a run of several seconds, so a fault lands mid-flight. */
const LOG_ROWS = 300_000;
/** How soon after the database or an instance is back an export must be done. */
const WITHIN_S = 60;
/** The lease of a running export (the default, stated so the figures say what they measured). */
const LEASE_SECONDS = 30;
const figures: Figure[] = [];
const started: ChildServer[] = [];

afterAll(async () => {
  recordFigures('export-faults', figures);
  for (const server of started) await stopChildServer(server, 30_000);
}, 90_000);

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;

async function sendExport(base: string, token: string, fileName: string): Promise<number> {
  const response = await fetch(`${base}/api/exports/send`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      values: [
        { mapkey: 'fileName', value: fileName },
        {
          mapkey: 'criteria',
          value: JSON.stringify({
            source: '/api/ApiLogs',
            sort: ['id=ASC'],
            selector: [
              { field: 'id', label: 'Id' },
              { field: 'requestedAt', label: 'Timestamp' },
              { field: 'path', label: 'Path' },
              { field: 'clientName', label: 'Client' },
              { field: 'statusCode', label: 'Status' },
            ],
          }),
        },
        { mapkey: 'pageName', value: 'Export faults' },
      ],
    }),
  });
  expect(response.status).toBe(200);
  return Number(((await response.json()) as { id: number }).id);
}

interface ExportRow {
  status: string;
  attempt: number;
  worker: string | null;
  row_count: number;
}

const rowOf = async (db: Db, id: number): Promise<ExportRow | undefined> =>
  (await db.query<ExportRow>('SELECT status, attempt, worker, row_count FROM exports WHERE id = $1', [id]))
    .rows[0];

/** Waits (a hang guard) until the export is done; the moment it was seen done. */
async function doneAt(db: Db, id: number): Promise<number> {
  await waitFor(
    `export ${id} done`,
    async () => ((await rowOf(db, id))?.status === 'done' ? true : undefined),
    240_000,
    100,
  );
  return Date.now();
}

/** Every file left in the export folder (recursively), relative names. */
async function filesIn(storage: string): Promise<string[]> {
  const entries = await readdir(storage, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(storage, path.join(e.parentPath, e.name)))
    .sort();
}

interface Once {
  done: number;
  notified: number;
  files: number;
  parts: number;
}

/** How many done rows, ready notifications and files one export has, and `.part` uploads left in all. */
async function once(db: Db, storage: string, id: number): Promise<Once> {
  const { rows: done } = await db.query(`SELECT 1 FROM exports WHERE id = $1 AND status = 'done'`, [id]);
  const { rows: told } = await db.query(
    `SELECT 1 FROM notifications WHERE to_email = $1 AND actions -> 'download' ->> 'url' = $2`,
    [EMAIL, `/api/exports/download?id=${id}`],
  );
  const files = await filesIn(storage);
  return {
    done: done.length,
    notified: told.length,
    files: files.filter((f) => new RegExp(`^xlsx/${id}-\\d+-[0-9a-f]+\\.xlsx$`).test(f)).length,
    parts: files.filter((f) => f.endsWith('.part')).length,
  };
}

/**
 * Waits until nothing can still touch these exports: no job of theirs waits in the queue (created
 * or retried) and no half-written upload is left. A dead run's job may stay active until its expiry,
 * but it can no longer claim a finished export, so only these two could still add a file or a run.
 */
async function settled(db: Db, storage: string, ids: readonly number[]): Promise<void> {
  await waitFor(
    'the exports to settle (no queued job, no .part upload)',
    async () => {
      const { rows } = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pgboss.job
          WHERE name = 'bm-export' AND state IN ('created', 'retry')
            AND (data ->> 'exportId')::int = ANY($1::int[])`,
        [ids],
      );
      const parts = (await filesIn(storage)).filter((f) => f.endsWith('.part')).length;
      return rows[0]?.n === 0 && parts === 0 ? true : undefined;
    },
    120_000,
    200,
  );
}

const onceFigure = (name: string, counts: Once): Figure => ({
  figure: `${name}: done rows / ready notifications / files / .part left`,
  value: `${counts.done} / ${counts.notified} / ${counts.files} / ${counts.parts}`,
  target: '1 / 1 / 1 / 0',
  ok: counts.done === 1 && counts.notified === 1 && counts.files === 1 && counts.parts === 0,
});

/** Waits until one of `ids` runs on the worker named by `pid` and has written rows; its id. */
const runningOn = (db: Db, ids: number[], pid: number | undefined) =>
  waitFor(
    `an export running on ${pid}`,
    async () => {
      const { rows } = await db.query<{ id: number }>(
        `SELECT id FROM exports WHERE id = ANY($1) AND status = 'running' AND row_count > 0 AND worker LIKE $2
          LIMIT 1`,
        [ids, `${pid}-%`],
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },
    120_000,
    20,
  );

describe('PostgreSQL killed mid-export (embedded, restarted by the server)', () => {
  const dataDir = path.resolve(import.meta.dirname, `../../../.tmp/stress-export-faults-${process.pid}`);
  const EMBEDDED_PASSWORD = 'bm-tools-embedded';
  let server: ChildServer;
  let storage: string;
  let pgPort: number;
  let db: Db;
  let token: string;
  const postmasterPid = () =>
    Number.parseInt(
      readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '',
      10,
    );
  const databaseUrl = () => `postgres://postgres:${EMBEDDED_PASSWORD}@127.0.0.1:${pgPort}/postgres`;

  beforeAll(async () => {
    rmSync(dataDir, { recursive: true, force: true });
    storage = await mkdtemp(path.join(tmpdir(), 'bm-export-faults-'));
    pgPort = await freePort();
    server = await spawnServer({
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      RATE_LIMITS: 'off',
      EXPORT_STORAGE_DIR: storage,
      EXPORT_LEASE_SECONDS: String(LEASE_SECONDS),
    });
    started.push(server);
    await waitForFirstStart(server);
    db = createPool(databaseUrl(), 2);
    await seedApiLogs(db, LOG_ROWS);
    await db.query('ANALYZE api_logs');
    token = (await signIn(server.baseUrl, EMAIL, 'admin')).accessToken;
  }, FIRST_START_TIMEOUT_MS + 120_000);

  afterAll(async () => {
    await db?.end().catch(() => {});
    if (server && !server.hasExited()) {
      server.process.kill('SIGTERM');
      await Promise.race([server.exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('the export is finished once within a minute of the database being back', async () => {
    const id = await sendExport(server.baseUrl, token, 'postmaster killed');
    await runningOn(db, [id], server.process.pid);
    const killedAt = Date.now();
    process.kill(postmasterPid(), 'SIGKILL');
    // Back: a new connection answers (the supervisor restarted the postmaster).
    const backAt = await waitFor(
      'PostgreSQL back',
      async () => {
        if (Date.now() - killedAt < 200) return undefined;
        const client = new pg.Client({ connectionString: databaseUrl(), connectionTimeoutMillis: 1000 });
        client.on('error', () => {});
        try {
          await client.connect();
          await client.query('SELECT 1');
          return Date.now();
        } finally {
          await client.end().catch(() => {});
        }
      },
      120_000,
      100,
    );
    const finishedAt = await doneAt(db, id);
    // Nothing left that could run it again (a second file, a second notification).
    await settled(db, storage, [id]);
    const row = await rowOf(db, id);
    const counts = await once(db, storage, id);
    const download = await fetch(`${server.baseUrl}/api/exports/download?id=${id}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    await download.arrayBuffer();
    figures.push(
      {
        figure: 'kill -9 postmaster mid-export: database back after the kill; export done after that',
        value: `${seconds(backAt - killedAt)}; ${seconds(finishedAt - backAt)} (attempt ${row?.attempt})`,
        target: `done ≤ ${WITHIN_S} s after`,
        ok: finishedAt - backAt <= WITHIN_S * 1000,
      },
      onceFigure('kill -9 postmaster mid-export', counts),
      {
        figure: 'kill -9 postmaster mid-export: download after; API process',
        value: `${download.status}; ${server.hasExited() ? 'exited' : 'running'}`,
        target: '200; running',
        ok: download.status === 200 && !server.hasExited(),
      },
    );
    expect(server.hasExited(), server.output()).toBe(false);
    expect(row).toMatchObject({ status: 'done' });
    expect(counts).toEqual({ done: 1, notified: 1, files: 1, parts: 0 });
    expect(download.status).toBe(200);
  }, 600_000);
});

describe('an API instance killed mid-export', () => {
  let database: TestDatabase;
  let storage: string;
  let token: string;
  let b: ChildServer;

  const instance = async (publicUrl?: string): Promise<ChildServer> => {
    const server = await spawnServer({
      DATABASE_URL: database.url,
      NODE_ENV: 'test',
      RATE_LIMITS: 'off',
      EXPORT_STORAGE_DIR: storage,
      EXPORT_LEASE_SECONDS: String(LEASE_SECONDS),
      ...(publicUrl ? { PUBLIC_URL: publicUrl } : {}),
    });
    started.push(server);
    await server.waitForOutput(/BM Tools is ready/, 90_000);
    return server;
  };

  const kill = async (server: ChildServer) => {
    server.process.kill('SIGKILL');
    await server.exited;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    storage = await mkdtemp(path.join(tmpdir(), 'bm-export-faults-'));
    await seedApiLogs(database.db, LOG_ROWS);
    await database.db.query('ANALYZE api_logs');
    b = await instance();
    token = (await signIn(b.baseUrl, EMAIL, 'admin')).accessToken;
  }, 300_000);

  it('(b) with a second instance alive: it takes the export over and finishes it once', async () => {
    const a = await instance(b.baseUrl);
    const ids = [
      await sendExport(a.baseUrl, token, 'instance killed 1'),
      await sendExport(a.baseUrl, token, 'instance killed 2'),
    ];
    const taken = await runningOn(database.db, ids, a.process.pid);
    const killedAt = Date.now();
    await kill(a);
    const finishedAt = await doneAt(database.db, taken);
    for (const id of ids) await doneAt(database.db, id);
    await settled(database.db, storage, ids);
    const row = await rowOf(database.db, taken);
    const counts = await Promise.all(ids.map((id) => once(database.db, storage, id)));
    figures.push(
      {
        figure: `kill -9 of the instance running an export, another alive: export done after the kill (lease ${LEASE_SECONDS} s)`,
        value: `${seconds(finishedAt - killedAt)} (attempt ${row?.attempt})`,
        target: `≤ ${WITHIN_S} s`,
        ok: finishedAt - killedAt <= WITHIN_S * 1000,
      },
      onceFigure('kill -9 of an instance, another alive (taken over)', counts[0] as Once),
      onceFigure('kill -9 of an instance, another alive (the other export)', counts[1] as Once),
    );
    expect(row).toMatchObject({ status: 'done' });
    expect(row?.worker).toMatch(new RegExp(`^${b.process.pid}-`));
    expect(row?.attempt).toBeGreaterThanOrEqual(2);
    for (const count of counts) expect(count).toEqual({ done: 1, notified: 1, files: 1, parts: 0 });
    expect(b.hasExited()).toBe(false);
  }, 600_000);

  it('(c) the only instance, killed and started again: the new one finishes it once', async () => {
    const id = await sendExport(b.baseUrl, token, 'instance restarted');
    await runningOn(database.db, [id], b.process.pid);
    const killedAt = Date.now();
    await kill(b);
    const parts = (await filesIn(storage)).filter((f) => f.endsWith('.part')).length;
    const again = await instance();
    const backAt = Date.now();
    const finishedAt = await doneAt(database.db, id);
    await settled(database.db, storage, [id]);
    const row = await rowOf(database.db, id);
    const counts = await once(database.db, storage, id);
    figures.push(
      {
        figure: 'kill -9 of the only instance, started again: back after the kill; export done after that',
        value: `${seconds(backAt - killedAt)}; ${seconds(finishedAt - backAt)} (attempt ${row?.attempt}, ${parts} .part left by the kill)`,
        target: `done ≤ ${WITHIN_S} s after`,
        ok: finishedAt - backAt <= WITHIN_S * 1000,
      },
      onceFigure('kill -9 of the only instance, started again', counts),
    );
    expect(row?.worker).toMatch(new RegExp(`^${again.process.pid}-`));
    expect(counts).toEqual({ done: 1, notified: 1, files: 1, parts: 0 });
  }, 600_000);
});
