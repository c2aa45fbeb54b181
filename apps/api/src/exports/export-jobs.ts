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
    await stopBounded(boss, false);
    await pool.end().catch(() => {});
  }
}

/** How long stopping the queue may take; the database may be going away at the same moment. */
const STOP_MS = 15_000;

/**
 * Stops pg-boss without ever holding up a shutdown: its stop waits for running jobs (graceful) and
 * then closes its pool, which can wait on a database that is stopping too. Errors are ignored:
 * whatever was not finished stays in the database for the next start.
 */
async function stopBounded(boss: PgBoss, graceful: boolean): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([
    boss.stop({ graceful, wait: true, timeout: STOP_MS - 2_000 }).catch(() => {}),
    new Promise<void>((resolve) => {
      timer = setTimeout(resolve, STOP_MS);
      timer.unref();
    }),
  ]);
  clearTimeout(timer);
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
    await stopBounded(boss, false);
    throw error;
  }

  const running = new Set<AbortController>();
  const context: RunnerContext = { db, store, registry: options.registry, worker, log };
  for (let i = 0; i < options.workers; i++) {
    await boss.work<{ exportId: number }>(
      EXPORT_QUEUE,
      { batchSize: 1, pollingIntervalSeconds: options.pollingSeconds ?? 1 },
      async ([job]) => {
        if (!job) return;
        const stop = new AbortController();
        running.add(stop);
        let outcome: RunOutcome;
        try {
          outcome = await runExport(context, job.data.exportId, stop.signal);
        } finally {
          running.delete(stop);
        }
        // Handed back: retried at once, by whichever instance asks first (not this stopping one).
        if (outcome === 'handed-back') await boss.fail(EXPORT_QUEUE, job.id, { reason: 'instance stopped' });
      },
    );
  }

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

  let stopping: Promise<void> | undefined;
  return {
    worker,
    async enqueue(exportId) {
      const id = await boss.send(EXPORT_QUEUE, { exportId });
      if (!id) throw new Error(`The export ${exportId} could not be queued`);
    },
    sweep,
    stop() {
      stopping ??= (async () => {
        if (timer) clearInterval(timer);
        for (const controller of running) controller.abort();
        await stopBounded(boss, true);
      })();
      return stopping;
    },
  };
}
