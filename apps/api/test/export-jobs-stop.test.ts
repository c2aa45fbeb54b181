/**
 * The export queue's worker at its edges, on a pool whose answers the test controls:
 * - stopping while a fetch is in flight waits for that fetch, hands the job it brings back to the
 *   queue (not left active until its expiry), and only then lets the pool close, so nothing of the
 *   queue runs on a closed pool (on a busy machine the database answers that late by itself);
 * - a job whose end cannot be recorded (the database away at that moment) is logged once and
 *   written again while the database stays away; the rejection never escapes (it would end the
 *   process). That the retry gets through once it is back is test/export-recovery.test.ts.
 * An unhandled rejection fails the test file.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { beforeAll, expect, it } from 'vitest';
import { type EntityRegistry, loadEntityRegistry } from '../src/catalog/entity-registry.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { type ExportJobs, startExportJobs } from '../src/exports/export-jobs.ts';
import { localFileStore } from '../src/files/file-store.ts';
import { afterFile } from './file-end.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

/** The queue's fetch of the next job: the statement that makes a job active. */
const isFetch = (text: string) =>
  text.includes('FOR UPDATE SKIP LOCKED') && text.includes(`state = 'active'`);
/** The queue's record of a job's success. */
const isComplete = (text: string) => text.includes(`state = 'completed'`);

let database: TestDatabase;
let registry: EntityRegistry;

beforeAll(async () => {
  database = await createTestDatabase();
  registry = await loadEntityRegistry(database.db);
});

/** Statements seen by the pool: refused before they run, or their answer held until released. */
interface Intercept {
  before?: (text: string) => Promise<void> | undefined;
  after?: (text: string, result: QueryResult<QueryResultRow>) => Promise<void> | undefined;
}

interface Started {
  jobs: ExportJobs;
  pool: Db;
  warnings: string[];
}

async function start(intercept: Intercept): Promise<Started> {
  const pool = createPool(database.url, 4);
  const query = async (text: string | QueryConfig, values?: unknown[]) => {
    const sql = typeof text === 'string' ? text : text.text;
    await intercept.before?.(sql);
    const result = await pool.query(text, values);
    await intercept.after?.(sql, result);
    return result;
  };
  const db = new Proxy(pool, {
    get: (target, property) => {
      if (property === 'query') return query;
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
  const warnings: string[] = [];
  const jobs = await startExportJobs({
    db,
    store: localFileStore(await mkdtemp(path.join(tmpdir(), 'bm-export-stop-'))),
    registry,
    workers: 1,
    retentionHours: 24,
    jobTimeoutMinutes: 60,
    pollingSeconds: 0.5,
    log: {
      info: () => {},
      warn: (_obj, msg) => warnings.push(msg),
      error: (_obj, msg) => warnings.push(msg),
    },
  });
  afterFile(async () => {
    await jobs.stop();
    await pool.end().catch(() => {});
  });
  return { jobs, pool, warnings };
}

/** The queue's job of an export id (no export row is needed: an unknown export is "gone"). */
const jobOf = async (exportId: number) =>
  (
    await database.db.query<{ state: string }>(
      `SELECT state FROM pgboss.job WHERE name = 'bm-export' AND data->>'exportId' = $1`,
      [String(exportId)],
    )
  ).rows;

it('waits for a fetch in flight and hands its job back before the pool closes', async () => {
  let fetched: () => void = () => {};
  const fetchHeld = new Promise<void>((resolve) => {
    fetched = resolve;
  });
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let holding = true;
  const { jobs, pool, warnings } = await start({
    after: (text, result) => {
      if (!holding || !isFetch(text) || result.rows.length === 0) return undefined;
      holding = false;
      fetched();
      return released;
    },
  });

  await jobs.enqueue(987_654);
  await fetchHeld;
  const stopped = jobs.stop();
  setTimeout(release, 1_000);
  await stopped;
  await pool.end();

  expect(await jobOf(987_654)).toEqual([{ state: 'retry' }]);
  expect(warnings).toEqual([]);
});

it('logs a job whose end cannot be recorded, once, and keeps it active while retrying', async () => {
  const { jobs, warnings } = await start({
    before: (text) =>
      isComplete(text) ? Promise.reject(new Error('Connection terminated unexpectedly')) : undefined,
  });

  await jobs.enqueue(987_655);
  await expect.poll(() => warnings, { timeout: 20_000 }).toHaveLength(1);
  expect(warnings[0]).toMatch(/export 987655: its job's end could not be recorded/);
  expect(await jobOf(987_655)).toEqual([{ state: 'active' }]);
});
