/**
 * Exports stranded by a fault recover by themselves (issue 37), each on its own database and
 * export folder, with the queue's real workers on pools whose statements the test can hold or fail:
 * - an instance that stops answering mid-export (frozen, killed, cut off) stops renewing its lease;
 *   another instance takes the export over once the lease lapses and finishes it once, and the
 *   frozen one waking up finishes nothing;
 * - half-written uploads and files no live export owns are swept at the start, the files of live
 *   exports kept;
 * - the writes that end a run (done, handed back, the job's end) are retried while the database is
 *   away, so a run cut off by the database runs again as soon as it is back, not at its job's expiry.
 * The stress versions (kill -9 of PostgreSQL and of an instance) are apps/api/stress/export-faults.stress.ts.
 */
import { mkdir, mkdtemp, readdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import type { QueryConfig, QueryResult, QueryResultRow } from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { type EntityRegistry, loadEntityRegistry } from '../src/catalog/entity-registry.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { type ExportJobs, startExportJobs } from '../src/exports/export-jobs.ts';
import { localFileStore } from '../src/files/file-store.ts';
import { waitFor } from './child-server.ts';
import { afterFile } from './file-end.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

const OWNER = 'admin@bmtools.local';

let registry: EntityRegistry;

beforeAll(async () => {
  const first = await createTestDatabase();
  registry = await loadEntityRegistry(first.db);
});

/** Decides, per statement, to let it run (undefined), hold it, or fail it (a rejected promise). */
type Intercept = (text: string) => Promise<void> | undefined;

/** A pool whose statements, through `query` and through its clients, pass `intercept` first. */
function interceptedPool(url: string, intercept: Intercept): { db: Db; pool: Db } {
  const pool = createPool(url, 6);
  const textOf = (text: unknown) =>
    typeof text === 'string' ? text : ((text as QueryConfig | undefined)?.text ?? '');
  const wrapQuery =
    (target: { query: (...args: never[]) => unknown }) =>
    async (text: string | QueryConfig, values?: unknown[]): Promise<QueryResult<QueryResultRow>> => {
      await intercept(textOf(text));
      return (
        target.query as (t: string | QueryConfig, v?: unknown[]) => Promise<QueryResult<QueryResultRow>>
      )(text, values);
    };
  const wrapClient = (client: pg.PoolClient): pg.PoolClient =>
    new Proxy(client, {
      get: (target, property) => {
        if (property === 'query') return wrapQuery(target);
        const value: unknown = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  const db = new Proxy(pool, {
    get: (target, property) => {
      if (property === 'query') return wrapQuery(target);
      if (property === 'connect') return async () => wrapClient(await target.connect());
      const value: unknown = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  }) as Db;
  return { db, pool };
}

interface Instance {
  jobs: ExportJobs;
  messages: string[];
  stop(): Promise<void>;
}

async function startInstance(
  url: string,
  storage: string,
  { intercept = () => undefined, leaseSeconds = 2 }: { intercept?: Intercept; leaseSeconds?: number } = {},
): Promise<Instance> {
  const { db, pool } = interceptedPool(url, intercept);
  const messages: string[] = [];
  const jobs = await startExportJobs({
    db,
    store: localFileStore(storage),
    registry,
    workers: 1,
    retentionHours: 24,
    jobTimeoutMinutes: 60,
    pollingSeconds: 0.5,
    leaseSeconds,
    log: {
      info: (msg) => messages.push(msg),
      warn: (_obj, msg) => messages.push(msg),
      error: (_obj, msg) => messages.push(msg),
    },
  });
  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      await jobs.stop();
      await pool.end().catch(() => {});
    })();
    return stopped;
  };
  afterFile(stop);
  return { jobs, messages, stop };
}

/** An export row of the reservations' ids, as the send route stores it. */
async function newExport(database: TestDatabase, name: string): Promise<number> {
  const criteria = {
    source: '/api/reservations',
    sort: ['id=ASC'],
    selector: [{ field: 'id', label: 'Id' }],
  };
  const { rows } = await database.db.query<{ id: number }>(
    `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
     VALUES ($1, 'Recovery', $2, 'Reservation', '/api/reservations', $3) RETURNING id`,
    [`${name}.xlsx`, OWNER, criteria],
  );
  return Number(rows[0]?.id);
}

interface ExportRow {
  status: string;
  attempt: number;
  worker: string | null;
  storage_key: string | null;
}
const rowOf = async (database: TestDatabase, id: number): Promise<ExportRow> =>
  (
    await database.db.query<ExportRow>(
      'SELECT status, attempt, worker, storage_key FROM exports WHERE id = $1',
      [id],
    )
  ).rows[0] as ExportRow;

const readyNotifications = async (database: TestDatabase, id: number) =>
  (
    await database.db.query(`SELECT id FROM notifications WHERE actions -> 'download' ->> 'url' = $1`, [
      `/api/exports/download?id=${id}`,
    ])
  ).rows.length;

/** Every file under the export folder's `xlsx/`, by name. */
const filesIn = async (storage: string): Promise<string[]> =>
  (await readdir(path.join(storage, 'xlsx')).catch(() => [] as string[])).sort();

const held = () => {
  let release: () => void = () => {};
  const promise = new Promise<void>((resolve) => {
    release = resolve;
  });
  return { promise, release };
};

describe('a running export whose instance is gone', () => {
  it('is taken over once its lease lapses and finished once; the frozen instance finishes nothing', async () => {
    const database = await createTestDatabase();
    const storage = await mkdtemp(path.join(tmpdir(), 'bm-export-recovery-'));
    // A freezes (every statement held) at its first cursor fetch, once its upload has begun.
    const frozen = held();
    let freeze = false;
    const reachedFetch = held();
    const a = await startInstance(database.url, storage, {
      intercept: (text) => {
        if (!freeze && text.startsWith('FETCH')) {
          freeze = true;
          reachedFetch.release();
        }
        return freeze ? frozen.promise : undefined;
      },
    });
    const id = await newExport(database, 'frozen');
    await a.jobs.enqueue(id);
    await reachedFetch.promise;
    expect(await rowOf(database, id)).toMatchObject({ status: 'running', attempt: 1, worker: a.jobs.worker });
    expect((await filesIn(storage)).filter((f) => f.endsWith('.part'))).toHaveLength(1);

    const b = await startInstance(database.url, storage);
    const done = await waitFor(
      'the export done by B',
      async () => {
        const row = await rowOf(database, id);
        return row.status === 'done' ? row : undefined;
      },
      60_000,
    );
    expect(done).toMatchObject({ attempt: 2, worker: b.jobs.worker });
    expect(b.messages.some((m) => m.includes(`exports ${id} taken over`))).toBe(true);

    // A wakes up: its attempt is no longer the export's, so it writes no file and tells no one.
    frozen.release();
    await waitFor(
      "A's run to end (its job no longer active)",
      async () => {
        const { rows } = await database.db.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'bm-export' AND data->>'exportId' = $1`,
          [String(id)],
        );
        return rows.length === 2 && rows.every((r) => r.state !== 'active') ? true : undefined;
      },
      30_000,
    );
    await a.stop();
    await b.stop();
    expect(await rowOf(database, id)).toMatchObject({ status: 'done', attempt: 2, worker: b.jobs.worker });
    expect(await readyNotifications(database, id)).toBe(1);
    const files = await filesIn(storage);
    expect(files).toEqual([path.basename(done.storage_key ?? '')]);
    expect(files[0]).toMatch(new RegExp(`^${id}-2-[0-9a-f]+\\.xlsx$`));
  }, 120_000);
});

describe('the storage sweep', () => {
  it('removes half-written uploads and files no live export owns, at the start, and keeps the rest', async () => {
    const database = await createTestDatabase();
    const storage = await mkdtemp(path.join(tmpdir(), 'bm-export-sweep-'));
    await mkdir(path.join(storage, 'xlsx'), { recursive: true });
    await mkdir(path.join(storage, 'other'), { recursive: true });
    const queued = await newExport(database, 'queued');
    const running = await newExport(database, 'running');
    const done = await newExport(database, 'done');
    // A run that is live (its lease fresh) on attempt 3, and a finished export holding its file.
    await database.db.query(
      `UPDATE exports SET status = 'running', attempt = 3, worker = 'elsewhere', heartbeat_at = now()
        WHERE id = $1`,
      [running],
    );
    await database.db.query(
      `UPDATE exports SET status = 'done', attempt = 1, storage_key = $2, finished_at = now() WHERE id = $1`,
      [done, `xlsx/${done}-1-cc.xlsx`],
    );
    const put = (name: string) => writeFile(path.join(storage, name), 'x');
    await put(`xlsx/${queued}-1-aa.xlsx.part`); // a killed run's upload: its export is queued again
    await put(`xlsx/${running}-2-bb.xlsx.part`); // an earlier attempt's upload
    await put(`xlsx/${running}-3-bb.xlsx.part`); // the live attempt's upload
    await put(`xlsx/${done}-1-cc.xlsx`); // the finished export's file
    await put(`xlsx/${done}-2-cc.xlsx`); // a file of an attempt that never recorded it
    await put('xlsx/999999999-1-dd.xlsx'); // a file of an export deleted
    await put('other/notes.txt'); // not an export's: never touched

    const instance = await startInstance(database.url, storage, { leaseSeconds: 60 });
    const left = await waitFor(
      'the sweep at the start',
      async () => {
        const files = await filesIn(storage);
        return files.length === 2 ? files : undefined;
      },
      30_000,
    );
    expect(left).toEqual([`${done}-1-cc.xlsx`, `${running}-3-bb.xlsx.part`].sort());
    expect(await readdir(path.join(storage, 'other'))).toEqual(['notes.txt']);
    expect(instance.messages).toContain('export storage: 4 orphaned file(s) removed');
  }, 60_000);
});

describe('the writes that end a run', () => {
  it('are retried while the database is away: done, notified and completed once', async () => {
    const database = await createTestDatabase();
    const storage = await mkdtemp(path.join(tmpdir(), 'bm-export-persist-'));
    let doneRefusals = 3;
    let completeRefusals = 2;
    const instance = await startInstance(database.url, storage, {
      leaseSeconds: 60,
      intercept: (text) => {
        if (text.includes(`SET status = 'done'`) && doneRefusals > 0) {
          doneRefusals--;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        if (text.includes(`state = 'completed'`) && completeRefusals > 0) {
          completeRefusals--;
          return Promise.reject(new Error('Connection terminated unexpectedly'));
        }
        return undefined;
      },
    });
    const id = await newExport(database, 'persisted');
    await instance.jobs.enqueue(id);
    await waitFor(
      'the job completed',
      async () => {
        const { rows } = await database.db.query<{ state: string }>(
          `SELECT state FROM pgboss.job WHERE name = 'bm-export' AND data->>'exportId' = $1`,
          [String(id)],
        );
        return rows[0]?.state === 'completed' ? true : undefined;
      },
      60_000,
    );
    expect([doneRefusals, completeRefusals]).toEqual([0, 0]);
    expect(await rowOf(database, id)).toMatchObject({ status: 'done', attempt: 1 });
    expect(await readyNotifications(database, id)).toBe(1);
    expect(await filesIn(storage)).toHaveLength(1);
    expect(instance.messages).toContain(`export ${id}: recording it done: recorded after 4 tries`);
  }, 90_000);

  it('a run cut off by the database is handed back once it returns and runs again at once', async () => {
    const database = await createTestDatabase();
    const storage = await mkdtemp(path.join(tmpdir(), 'bm-export-cut-'));
    let cut = true;
    let handBackRefusals = 3;
    let failRefusals = 2;
    const instance = await startInstance(database.url, storage, {
      leaseSeconds: 600,
      intercept: (text) => {
        const away = () => Promise.reject(new Error('Connection terminated unexpectedly'));
        if (cut && text.startsWith('FETCH')) {
          cut = false;
          return away();
        }
        if (text.includes(`SET status = 'queued'`) && handBackRefusals > 0) {
          handBackRefusals--;
          return away();
        }
        // The queue's fail of a job by its id (a retry), not its timeout sweep.
        if (text.includes('retried_jobs') && text.includes('UNNEST($2::uuid[])') && failRefusals > 0) {
          failRefusals--;
          return away();
        }
        return undefined;
      },
    });
    const id = await newExport(database, 'cut off');
    await instance.jobs.enqueue(id);
    // The lease (10 minutes) and the job's expiry (an hour) are far away: only the retries bring it back.
    const done = await waitFor(
      'the export done',
      async () => {
        const row = await rowOf(database, id);
        return row.status === 'done' ? row : undefined;
      },
      60_000,
    );
    expect([cut, handBackRefusals, failRefusals]).toEqual([false, 0, 0]);
    expect(done).toMatchObject({ attempt: 2, worker: instance.jobs.worker });
    expect(await readyNotifications(database, id)).toBe(1);
    expect(await filesIn(storage)).toEqual([path.basename(done.storage_key ?? '')]);
  }, 90_000);
});
