/**
 * The export queue: pg-boss in the application's PostgreSQL (schema `pgboss`), so a queued export
 * survives a restart and is run by whichever instance is free. Every instance sends; an instance
 * with workers (EXPORT_WORKERS, default 1) also runs exports. Stopping an instance hands its
 * running exports back at once (the next free instance resumes them). A running export holds a
 * lease (its row's `heartbeat_at`) that its instance renews; an instance killed, or cut off from
 * the database, stops renewing it, and any instance with workers takes the export over once the
 * lease has lapsed (EXPORT_LEASE_SECONDS): the row is queued again with a new job. The end of a
 * run (done, failed, handed back, and the job's completion) is written again with back-off while
 * the database is away. Each instance also sweeps storage: files past the retention
 * (EXPORT_RETENTION_HOURS), files of deleted exports, and files and half-written uploads no live
 * export owns (a killed run's), at its start and every EXPORT_SWEEP_SECONDS (docs/adr/0016-exports.md).
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import { isDatabaseUnavailable } from '../db/db-errors.ts';
import { bossOptions, EXPORT_QUEUE, queueOptions, STOP_MS, stopBoss, within } from '../db/export-queue.ts';
import { type Db, type Queryable, withTransaction } from '../db/pool.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import type { FileStore } from '../files/file-store.ts';
import {
  EXPORT_KEY_PREFIX,
  exportOfKey,
  type RunnerContext,
  type RunOutcome,
  runExport,
} from './export-runner.ts';

/** How often each instance sweeps storage, unless configured (EXPORT_SWEEP_SECONDS). */
const DEFAULT_SWEEP_SECONDS = 600;
/** How long a running export's lease lasts without renewal, unless configured (EXPORT_LEASE_SECONDS). */
const DEFAULT_LEASE_SECONDS = 30;
/** Back-off of a write retried while the database is away: first wait, longest wait. */
const PERSIST_FIRST_MS = 250;
const PERSIST_MAX_MS = 5000;

export interface ExportJobsOptions {
  db: Db;
  /**
   * The pool pg-boss runs through when it is not `db`: a direct connection to the primary
   * (DATABASE_DIRECT_URL) while `db` goes through a pooler in transaction mode.
   */
  queueDb?: Db | undefined;
  /** Where the exports' rows are read (a replica that has the owner's writes); absent: `db`. */
  reads?: ReadRouter | undefined;
  store: FileStore;
  registry: EntityRegistry;
  /** Exports this instance runs at once; 0: it only sends. */
  workers: number;
  retentionHours: number;
  jobTimeoutMinutes: number;
  log: RunnerContext['log'];
  /** How often an idle worker asks for a job (seconds, at least 0.5). */
  pollingSeconds?: number;
  /**
   * A running export not renewed for this long (seconds) is taken over by another instance. Its
   * instance renews it every third of it, and every instance looks for lapsed ones as often.
   */
  leaseSeconds?: number;
  /** How often storage is swept (seconds): retention, deleted exports' files, orphaned files. */
  sweepSeconds?: number;
}

export interface ExportJobs {
  /**
   * Queues the run of an export row. With `client`, the job is written in that client's open
   * transaction: the row and its job commit together, or neither does.
   */
  enqueue(exportId: number, client?: Queryable): Promise<void>;
  /** Removes expired files, files of deleted exports and files no live export owns; how many went. */
  sweep(): Promise<number>;
  /** Queues again the running exports whose lease lapsed (their instance is gone); their ids. */
  reclaim(): Promise<number[]>;
  /** This instance's name on the rows it runs. */
  readonly worker: string;
  /** Hands running exports back and stops the queue; pending work stays in the database. */
  stop(): Promise<void>;
}

export async function startExportJobs(options: ExportJobsOptions): Promise<ExportJobs> {
  const { db, store, log } = options;
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  const leaseSeconds = options.leaseSeconds ?? DEFAULT_LEASE_SECONDS;
  const boss = new PgBoss({
    ...bossOptions(options.queueDb ?? db),
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
  /** Exports this instance runs (from their claim to their last write): their leases are renewed. */
  const leased = new Map<number, number>();
  let stopping: Promise<void> | undefined;
  /** Aborted when this instance stops: writes retried while the database is away give up. */
  const halted = new AbortController();

  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        halted.signal.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      halted.signal.addEventListener('abort', done, { once: true });
    });

  /**
   * Runs `work` until it succeeds, again after 0.25 s, 0.5 s … 5 s while the database is
   * unavailable; an error of another kind, or this instance stopping, ends it with that error.
   * Logged once per outage, and once more when it got through.
   */
  const persist = async <T>(what: string, work: () => Promise<T>): Promise<T> => {
    let wait = PERSIST_FIRST_MS;
    let tries = 0;
    for (;;) {
      try {
        const result = await work();
        if (tries > 0) log.info(`${what}: recorded after ${tries + 1} tries`);
        return result;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || halted.signal.aborted) throw error;
        if (tries === 0)
          log.warn({ err: error }, `${what}: not recorded yet (database unavailable); retrying`);
        tries++;
        await pause(wait);
        wait = Math.min(wait * 2, PERSIST_MAX_MS);
      }
    }
  };

  const context: RunnerContext = {
    db,
    store,
    registry: options.registry,
    worker,
    log,
    leaseSeconds,
    persist,
    reads: options.reads,
  };

  /**
   * Runs one job and records its end in the queue, awaited: a job is completed, or failed so the
   * queue retries it at once (handed back by a stop, or cut off by the database). Nothing here
   * throws; a job's end that cannot be recorded is written again once the database is back (and if
   * this instance stops first, the export's lease lapses and another instance takes it over).
   */
  const run = async (job: PgBoss.Job<{ exportId: number }>): Promise<void> => {
    const { exportId } = job.data;
    let outcome: RunOutcome | 'interrupted' = 'handed-back';
    // A job fetched while this instance stops goes back untouched, for another instance.
    if (!stopping) {
      const stop = new AbortController();
      running.add(stop);
      leased.set(exportId, (leased.get(exportId) ?? 0) + 1);
      try {
        outcome = await runExport(context, exportId, stop.signal);
      } catch (error) {
        outcome = 'interrupted';
        log.warn({ err: error }, `export ${exportId} was interrupted; the queue runs it again`);
      } finally {
        running.delete(stop);
        const held = (leased.get(exportId) ?? 1) - 1;
        if (held > 0) leased.set(exportId, held);
        else leased.delete(exportId);
      }
    }
    try {
      await persist(`export ${exportId}: its job's end could not be recorded`, async () => {
        if (outcome === 'handed-back' || outcome === 'interrupted') {
          await boss.fail(EXPORT_QUEUE, job.id, { reason: outcome });
        } else {
          await boss.complete(EXPORT_QUEUE, job.id);
        }
      });
    } catch (error) {
      log.warn(
        { err: error },
        `export ${exportId}: its job's end could not be recorded; its lease lapses and another instance takes it over`,
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

  /**
   * Files and half-written uploads under the exports' prefix that no live export owns: a file is
   * kept while its export holds it (`storage_key`) or the attempt that wrote it still runs; an
   * upload only while that attempt runs. The store is listed before the rows are read, so an
   * upload begun after its claim is never mistaken for an orphan.
   */
  const sweepOrphans = async (): Promise<number> => {
    const stored = await store.list(EXPORT_KEY_PREFIX);
    const owned = stored.flatMap((entry) => {
      const of = exportOfKey(entry.key);
      return of ? [{ ...entry, ...of }] : [];
    });
    if (owned.length === 0) return 0;
    const { rows } = await db.query<{
      id: number;
      status: string;
      attempt: number;
      storage_key: string | null;
    }>('SELECT id, status, attempt, storage_key FROM exports WHERE id = ANY($1)', [
      [...new Set(owned.map((entry) => entry.id))],
    ]);
    const rowOf = new Map(rows.map((row) => [Number(row.id), row]));
    let removed = 0;
    for (const entry of owned) {
      const row = rowOf.get(entry.id);
      const writing = row?.status === 'running' && row.attempt === entry.attempt;
      const kept = writing || (!entry.unfinished && row?.storage_key === entry.key);
      if (kept) continue;
      if (entry.unfinished) await store.removeUnfinished(entry.key);
      else await store.remove(entry.key);
      removed++;
    }
    if (removed > 0) log.info(`export storage: ${removed} orphaned file(s) removed`);
    return removed;
  };

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
    // Uploads a killed process left half written, and files no export owns.
    removed += await sweepOrphans();
    return removed;
  };

  /** Renews the leases of the exports this instance runs. */
  const renew = async (): Promise<void> => {
    if (leased.size === 0) return;
    await db.query(
      `UPDATE exports SET heartbeat_at = now()
        WHERE id = ANY($1) AND worker = $2 AND status = 'running'`,
      [[...leased.keys()], worker],
    );
  };

  /**
   * Queues again every running export whose lease lapsed, each with a new job in the same
   * transaction (so a queued row always has a job). The dead run's job, still active, is retried
   * at its expiry and then finds nothing to do. Its half-written upload is swept at once.
   */
  const reclaim = async (): Promise<number[]> => {
    const ids = await withTransaction(db, async (client) => {
      const { rows } = await client.query<{ id: number }>(
        `UPDATE exports SET status = 'queued', worker = NULL
          WHERE status = 'running' AND id IN (
            SELECT id FROM exports
             WHERE status = 'running'
               AND coalesce(heartbeat_at, started_at, requested_at) < now() - make_interval(secs => $1)
             ORDER BY id LIMIT 100 FOR UPDATE SKIP LOCKED)
          RETURNING id`,
        [leaseSeconds],
      );
      const inTransaction = { executeSql: (text: string, values: unknown[]) => client.query(text, values) };
      for (const { id } of rows) {
        const sent = await boss.send(EXPORT_QUEUE, { exportId: Number(id) }, { db: inTransaction });
        if (!sent) throw new Error(`The export ${id} could not be queued again`);
      }
      return rows.map((row) => Number(row.id));
    });
    if (ids.length > 0) {
      log.info(`exports ${ids.join(', ')} taken over: their instance stopped renewing their lease`);
      wakeAll();
      await sweepOrphans().catch((error: unknown) => log.warn({ err: error }, 'export sweep failed'));
    }
    return ids;
  };

  const timers: NodeJS.Timeout[] = [];
  if (options.workers > 0) {
    const sweepAndLog = () => {
      sweep().catch((error: unknown) => log.warn({ err: error }, 'export sweep failed'));
    };
    timers.push(setInterval(sweepAndLog, (options.sweepSeconds ?? DEFAULT_SWEEP_SECONDS) * 1000));
    // Renew before looking for lapsed leases, so this instance never takes over its own runs.
    let leasing = false;
    const lease = async () => {
      if (leasing || stopping) return;
      leasing = true;
      try {
        await renew();
        await reclaim();
      } catch (error) {
        if (!isDatabaseUnavailable(error)) log.warn({ err: error }, 'export leases could not be checked');
      } finally {
        leasing = false;
      }
    };
    timers.push(setInterval(() => void lease(), Math.max(250, (leaseSeconds * 1000) / 3)));
    for (const timer of timers) timer.unref();
    sweepAndLog();
  }

  return {
    worker,
    async enqueue(exportId, client) {
      const inTransaction = client
        ? { db: { executeSql: (text: string, values: unknown[]) => client.query(text, values) } }
        : {};
      const id = await boss.send(EXPORT_QUEUE, { exportId }, inTransaction);
      if (!id) throw new Error(`The export ${exportId} could not be queued`);
      wakeAll();
    },
    sweep,
    reclaim,
    stop() {
      stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        for (const controller of running) controller.abort();
        halted.abort();
        wakeAll();
        // Running exports hand their jobs back (bounded: the database may be going away too).
        await within(Promise.all(loops), STOP_MS);
        await stopBoss(boss);
      })();
      return stopping;
    },
  };
}
