/**
 * The export queue: pg-boss in the application's PostgreSQL (schema `pgboss`), so a queued export
 * survives a restart and is run by whichever instance is free. Every instance sends; an instance
 * with workers (EXPORT_WORKERS, default 1) also runs exports. Stopping an instance hands its
 * running exports back at once (the next free instance resumes them); an instance that dies
 * without stopping leaves its job active until its expiry (EXPORT_JOB_TIMEOUT_MINUTES), after which
 * the queue retries it elsewhere. Each instance also sweeps storage: files past the retention
 * (EXPORT_RETENTION_HOURS) and files of deleted exports (docs/adr/0016-exports.md).
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import { createPool, type Db } from '../db/pool.ts';
import type { FileStore } from '../files/file-store.ts';
import { type RunnerContext, type RunOutcome, runExport } from './export-runner.ts';

const EXPORT_QUEUE = 'bm-export';
const BOSS_SCHEMA = 'pgboss';
const SWEEP_MS = 10 * 60 * 1000;
/** The queue's job timeout until an instance starts with its own (EXPORT_JOB_TIMEOUT_MINUTES). */
const DEFAULT_JOB_TIMEOUT_MINUTES = 60;
/** Retries of a run that failed for reasons outside the export (a stop, the database away). */
const RETRY_LIMIT = 10;

export interface ExportJobsOptions {
  db: Db;
  store: FileStore;
  registry: EntityRegistry;
  /** Exports this instance runs at once; 0: it only sends. */
  workers: number;
  retentionHours: number;
  jobTimeoutMinutes: number;
  log: RunnerContext['log'];
  /** How often an idle worker asks for a job (seconds, at least 0.5). */
  pollingSeconds?: number;
}

export interface ExportJobs {
  /** Queues the run of an export row. */
  enqueue(exportId: number): Promise<void>;
  /** Removes expired files and files of deleted exports; how many files went. */
  sweep(): Promise<number>;
  /** This instance's name on the rows it runs. */
  readonly worker: string;
  /** Hands running exports back and stops the queue; pending work stays in the database. */
  stop(): Promise<void>;
}

/**
 * pg-boss runs its SQL through one of our pools (every client of which has an error listener, and
 * the pool's connect timeout), never a pool of its own: a connection cut while the database stops
 * then fails a call instead of ending the process.
 */
const bossOptions = (pool: Db): PgBoss.ConstructorOptions => ({
  schema: BOSS_SCHEMA,
  db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
});

const queueOptions = (jobTimeoutMinutes: number): PgBoss.Queue => ({
  name: EXPORT_QUEUE,
  retryLimit: RETRY_LIMIT,
  retryDelay: 1,
  retryBackoff: false,
  expireInSeconds: jobTimeoutMinutes * 60,
});

/**
 * Creates the queue's tables and the queue (if missing) in the database: run with the migrations,
 * so an instance's start finds them and two instances never race to create them. Each instance's
 * start sets the queue's options from its own configuration.
 */
export async function installExportQueue(databaseUrl: string): Promise<void> {
  const pool = createPool(databaseUrl, 1);
  const boss = new PgBoss({ ...bossOptions(pool), supervise: false, schedule: false });
  boss.on('error', () => {});
  try {
    await boss.start();
    await boss.createQueue(EXPORT_QUEUE, queueOptions(DEFAULT_JOB_TIMEOUT_MINUTES));
  } finally {
    await stopBoss(boss);
    await pool.end().catch(() => {});
  }
}

/** How long stopping the queue may take; the database may be going away at the same moment. */
const STOP_MS = 15_000;

/** Waits for `work` (its failure ignored) at most `ms`: a shutdown is never held up for ever. */
async function within(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    work.catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, ms);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
}

/**
 * Stops pg-boss (its supervision; our own loops run the jobs), bounded: the database may be
 * stopping at the same moment. Whatever was not finished stays in the database for the next start.
 */
function stopBoss(boss: PgBoss): Promise<void> {
  return within(boss.stop({ graceful: false, wait: true }), STOP_MS);
}

export async function startExportJobs(options: ExportJobsOptions): Promise<ExportJobs> {
  const { db, store, log } = options;
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const boss = new PgBoss({
    ...bossOptions(db),
    // The migrations installed the schema; only one instance at a time supervises (an advisory lock).
    migrate: false,
    schedule: false,
    supervise: options.workers > 0,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'export queue error'));
  try {
    await boss.start();
    await boss.updateQueue(EXPORT_QUEUE, queueOptions(options.jobTimeoutMinutes));
  } catch (error) {
    await stopBoss(boss);
    throw error;
  }

  const running = new Set<AbortController>();
  let stopping: Promise<void> | undefined;
  const context: RunnerContext = { db, store, registry: options.registry, worker, log };

  /**
   * Runs one job and records its end in the queue, awaited: a job is completed, or failed so the
   * queue retries it at once (handed back by a stop, or cut off by the database). Nothing here
   * throws; a job whose end cannot be recorded (the database away) is retried after its expiry.
   */
  const run = async (job: PgBoss.Job<{ exportId: number }>): Promise<void> => {
    const { exportId } = job.data;
    let outcome: RunOutcome | 'interrupted' = 'handed-back';
    // A job fetched while this instance stops goes back untouched, for another instance.
    if (!stopping) {
      const stop = new AbortController();
      running.add(stop);
      try {
        outcome = await runExport(context, exportId, stop.signal);
      } catch (error) {
        outcome = 'interrupted';
        log.warn({ err: error }, `export ${exportId} was interrupted; the queue runs it again`);
      } finally {
        running.delete(stop);
      }
    }
    try {
      if (outcome === 'handed-back' || outcome === 'interrupted') {
        await boss.fail(EXPORT_QUEUE, job.id, { reason: outcome });
      } else {
        await boss.complete(EXPORT_QUEUE, job.id);
      }
    } catch (error) {
      log.warn(
        { err: error },
        `export ${exportId}: its job's end could not be recorded; retried after its expiry`,
      );
    }
  };

  /*
   * Our own worker loops over pg-boss's fetch, not its `work`: its workers complete or fail a job
   * without awaiting the call (a rejection no one catches when the database is away), and its stop
   * does not wait for a fetch in flight (whose job then stays active until its expiry, and whose
   * handler runs on a pool already closed). Sending through this instance wakes its idle loops.
   */
  const pollMs = Math.max(0.5, options.pollingSeconds ?? 1) * 1000;
  const sleepers = new Set<() => void>();
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        sleepers.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, ms);
      sleepers.add(wake);
    });
  const wakeAll = () => {
    for (const wake of [...sleepers]) wake();
  };
  const loop = async (): Promise<void> => {
    while (!stopping) {
      // pg-boss's fetch answers no job when the database is away; the loop asks again later.
      const [job] = await boss.fetch<{ exportId: number }>(EXPORT_QUEUE, { batchSize: 1 });
      if (job) await run(job);
      else if (!stopping) await sleep(pollMs);
    }
  };
  const loops = Array.from({ length: options.workers }, () =>
    loop().catch((error: unknown) => log.error({ err: error }, 'an export worker stopped')),
  );

  const sweep = async (): Promise<number> => {
    let removed = 0;
    // Files past the retention: the row says expired, the file goes to the trash.
    await db.query(
      `WITH old AS (
         SELECT id, storage_key FROM exports
          WHERE status = 'done' AND finished_at < now() - make_interval(hours => $1)
          ORDER BY finished_at LIMIT 1000 FOR UPDATE SKIP LOCKED
       ), trashed AS (
         INSERT INTO export_file_trash (storage_key)
         SELECT storage_key FROM old WHERE storage_key IS NOT NULL ON CONFLICT DO NOTHING
       )
       UPDATE exports e SET status = 'expired', storage_key = NULL FROM old WHERE e.id = old.id`,
      [options.retentionHours],
    );
    for (;;) {
      const client = await db.connect();
      try {
        await client.query('BEGIN');
        const { rows } = await client.query<{ storage_key: string }>(
          'SELECT storage_key FROM export_file_trash ORDER BY added_at LIMIT 100 FOR UPDATE SKIP LOCKED',
        );
        for (const { storage_key } of rows) await store.remove(storage_key);
        await client.query('DELETE FROM export_file_trash WHERE storage_key = ANY($1)', [
          rows.map((r) => r.storage_key),
        ]);
        await client.query('COMMIT');
        removed += rows.length;
        if (rows.length < 100) break;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    }
    // Uploads a killed process left half written.
    removed += await store.sweepUnfinished(options.jobTimeoutMinutes * 60 * 1000 * 2);
    return removed;
  };

  const timer =
    options.workers > 0
      ? setInterval(() => {
          sweep().catch((error: unknown) => log.warn({ err: error }, 'export sweep failed'));
        }, SWEEP_MS)
      : undefined;
  timer?.unref();
  if (options.workers > 0)
    void sweep().catch((error: unknown) => log.warn({ err: error }, 'export sweep failed'));

  return {
    worker,
    async enqueue(exportId) {
      const id = await boss.send(EXPORT_QUEUE, { exportId });
      if (!id) throw new Error(`The export ${exportId} could not be queued`);
      wakeAll();
    },
    sweep,
    stop() {
      stopping ??= (async () => {
        if (timer) clearInterval(timer);
        for (const controller of running) controller.abort();
        wakeAll();
        // Running exports hand their jobs back (bounded: the database may be going away too).
        await within(Promise.all(loops), STOP_MS);
        await stopBoss(boss);
      })();
      return stopping;
    },
  };
}
