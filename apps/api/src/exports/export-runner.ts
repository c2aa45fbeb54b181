/**
 * One run of one export: claim the row (a new attempt), plan the read again, stream the rows from a
 * database cursor into the sheet and the sheet into storage, report progress, and finish — the
 * row marked done and the owner notified in one transaction, for the attempt that claimed it only.
 * So an export taken over by another instance (this one stopped, or died and its lease lapsed) is
 * finished, and notified, once. The owner's cancel or delete shows at the next progress report
 * (at least once a second) and stops the run; a stop of this instance hands the export back to
 * the queue. The run's last writes (done, failed, handed back) are retried while the database is
 * away (`persist`), so an outcome is recorded once it is back.
 */
import { randomBytes } from 'node:crypto';
import { type ExportCriteria, exportDownloadPath } from '@bm/contracts';
import type pg from 'pg';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import { entityOfSource } from '../catalog/sources.ts';
import { CriteriaError } from '../criteria/criteria.types.ts';
import { isDatabaseUnavailable } from '../db/db-errors.ts';
import { type Db, withTransaction } from '../db/pool.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import type { FileStore, FileUpload } from '../files/file-store.ts';
import { plannedRows } from '../lists/list-service.ts';
import { raiseNotification } from '../notifications/notification-store.ts';
import { hasRight } from '../users/users.ts';
import { type ExportPlan, planExport } from './export-plan.ts';

/** Where exports' files are kept in the store: `xlsx/{id}-{attempt}-{random}.xlsx`. */
export const EXPORT_KEY_PREFIX = 'xlsx/';
const EXPORT_KEY = /^xlsx\/(\d{1,15})-(\d{1,9})-[0-9a-f]+\.xlsx$/;

/** The export and attempt that wrote a stored file, from its key; undefined for any other key. */
export function exportOfKey(key: string): { id: number; attempt: number } | undefined {
  const match = EXPORT_KEY.exec(key);
  return match ? { id: Number(match[1]), attempt: Number(match[2]) } : undefined;
}

/** Rows per cursor fetch. */
export const FETCH_ROWS = 2000;
/** At most this long between progress reports (which also notice a cancel). */
const PROGRESS_MS = 1000;
const SENDER = 'BM Tools';

export interface RunnerContext {
  db: Db;
  store: FileStore;
  registry: EntityRegistry;
  /** This instance, recorded on the row it runs. */
  worker: string;
  /** A running export whose heartbeat is older than this is free to claim (its instance is gone). */
  leaseSeconds: number;
  /**
   * Where the rows are read: a replica that has replayed the owner's writes (the export's own
   * request among them), else the primary (docs/adr/0032-read-replicas.md). Absent: `db`.
   */
  reads?: ReadRouter | undefined;
  /**
   * Runs a write that records an outcome, again with back-off while the database is unavailable,
   * until it succeeds or this instance stops (then its last error is thrown).
   */
  persist<T>(what: string, work: () => Promise<T>): Promise<T>;
  log: {
    info(msg: string): void;
    warn(obj: object, msg: string): void;
    error(obj: object, msg: string): void;
  };
}

/** How a run ended, for the queue: finished (done, failed or cancelled) or handed back. */
export type RunOutcome = 'done' | 'failed' | 'cancelled' | 'gone' | 'handed-back';

interface Claimed {
  id: number;
  attempt: number;
  requested_by: string;
  file_name: string;
  page_name: string;
  source: string;
  criteria: ExportCriteria;
}

/** The run was stopped from outside: this instance is stopping (hand back) or the row changed. */
class Stopped extends Error {
  constructor(readonly reason: 'stopping' | 'cancelled') {
    super(reason);
  }
}

/** A refusal to tell the owner (the list is gone, a right was taken away, the criteria no longer hold). */
class ExportRefused extends Error {}

/**
 * The replica reading the rows failed (gone, or a conflict with the WAL it replays): not the
 * export's fault, so it is handed back, and the next attempt reads the primary.
 */
class ReplicaReadFailed extends Error {}

/**
 * A new attempt on a queued export, or on a running one whose instance stopped renewing its lease
 * (killed, or cut off from the database): a live run is never taken over, so a job the queue retries
 * while its export still runs elsewhere finds nothing to do.
 */
async function claim(ctx: RunnerContext, id: number): Promise<Claimed | undefined> {
  const { rows } = await ctx.db.query<Claimed>(
    `UPDATE exports
        SET status = 'running', attempt = attempt + 1, worker = $2, row_count = 0,
            started_at = coalesce(started_at, now()), heartbeat_at = now(), error = NULL
      WHERE id = $1
        AND (status = 'queued'
             OR (status = 'running'
                 AND coalesce(heartbeat_at, started_at, requested_at) < now() - make_interval(secs => $3)))
      RETURNING id, attempt, requested_by, file_name, page_name, source, criteria`,
    [id, ctx.worker, ctx.leaseSeconds],
  );
  return rows[0];
}

function plan(ctx: RunnerContext, claimed: Claimed): ExportPlan {
  const entity = entityOfSource(ctx.registry, claimed.source);
  if (!entity) throw new ExportRefused(`The list ${claimed.source} no longer exists`);
  try {
    return planExport(entity, claimed.criteria, claimed.requested_by);
  } catch (error) {
    if (error instanceof CriteriaError)
      throw new ExportRefused(`The list's criteria no longer hold: ${error.message}`);
    throw error;
  }
}

/** A replica cancelled the read because of the WAL it replays (SQLSTATE 40001 or 40P01 on a standby). */
const isReplicaConflict = (error: unknown): boolean => {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40001' || code === '40P01';
};

/** Records progress; false when the row is no longer this attempt's running export. */
async function report(db: Db, claimed: Claimed, rows: number): Promise<boolean> {
  const { rowCount } = await db.query(
    `UPDATE exports SET row_count = $3, heartbeat_at = now()
      WHERE id = $1 AND attempt = $2 AND status = 'running'`,
    [claimed.id, claimed.attempt, rows],
  );
  return rowCount === 1;
}

/** Streams every row of the plan into the upload; the number of rows written. */
async function write(
  ctx: RunnerContext,
  claimed: Claimed,
  planned: ExportPlan,
  upload: FileUpload,
  signal: AbortSignal,
): Promise<number> {
  // ExcelJS (about 27 MB and 0.3 s to load) loads with the first export, not with every start.
  const { XlsxSheetWriter } = await import('./xlsx-sheet.ts');
  const sheet = new XlsxSheetWriter(upload.stream, planned.columns, {
    timeZone: claimed.criteria.timeZone,
  });
  // The first attempt reads a replica when one has the owner's writes; a later one the primary, so
  // a replica that failed an attempt (or keeps conflicting with replay on a long read) is not tried again.
  const source =
    ctx.reads && claimed.attempt === 1
      ? await ctx.reads.choose(claimed.requested_by)
      : { db: ctx.db, replica: undefined };
  let client: pg.PoolClient;
  try {
    client = await source.db.connect();
  } catch (error) {
    if (source.replica === undefined) throw error;
    ctx.reads?.readFailed(source.replica, error);
    throw new ReplicaReadFailed(`the replica ${source.replica} failed: ${(error as Error).message}`);
  }
  let broken: Error | undefined;
  let rows = 0;
  try {
    // One snapshot for the whole file; a fetch may take as long as a statement may.
    await client.query('BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY');
    await client.query(`DECLARE bm_export NO SCROLL CURSOR FOR ${planned.sql.text}`, planned.sql.values);
    let reported = Date.now();
    for (;;) {
      if (signal.aborted) throw new Stopped('stopping');
      const batch = await client.query<unknown[]>({
        text: `FETCH ${FETCH_ROWS} FROM bm_export`,
        rowMode: 'array',
      });
      if (batch.rows.length === 0) break;
      await sheet.add(batch.rows);
      rows += batch.rows.length;
      if (Date.now() - reported >= PROGRESS_MS) {
        reported = Date.now();
        if (!(await report(ctx.db, claimed, rows))) throw new Stopped('cancelled');
      }
    }
    await client.query('COMMIT');
    await sheet.finish();
    return rows;
  } catch (error) {
    await client.query('ROLLBACK').catch((rollbackError: unknown) => {
      broken = rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError));
    });
    if (source.replica !== undefined && !(error instanceof Stopped)) {
      if (broken !== undefined || isDatabaseUnavailable(error)) {
        ctx.reads?.readFailed(source.replica, error);
        throw new ReplicaReadFailed(`the replica ${source.replica} failed: ${(error as Error).message}`);
      }
      if (isReplicaConflict(error)) {
        throw new ReplicaReadFailed(
          `the replica ${source.replica} cancelled the read: ${(error as Error).message}`,
        );
      }
    }
    throw error;
  } finally {
    client.release(broken);
  }
}

async function finish(ctx: RunnerContext, claimed: Claimed, key: string, rows: number, size: number) {
  return withTransaction(ctx.db, async (client) => {
    const { rowCount } = await client.query(
      `UPDATE exports
          SET status = 'done', row_count = $3, storage_key = $4, size_bytes = $5, finished_at = now(),
              heartbeat_at = now()
        WHERE id = $1 AND attempt = $2 AND status = 'running'`,
      [claimed.id, claimed.attempt, rows, key, size],
    );
    if (rowCount !== 1) {
      // Done by an earlier try whose answer was lost with its connection: recorded, and notified, once.
      const earlier = await client.query('SELECT 1 FROM exports WHERE id = $1 AND storage_key = $2', [
        claimed.id,
        key,
      ]);
      return earlier.rowCount === 1;
    }
    await raiseNotification(client, {
      from: SENDER,
      to: claimed.requested_by,
      title: `Export ready: ${claimed.file_name}`,
      description: `${claimed.page_name || 'List'}: ${rows.toLocaleString('en-US')} row${rows === 1 ? '' : 's'}.`,
      actions: {
        download: { url: exportDownloadPath(claimed.id), fileName: claimed.file_name },
        open: { url: `/export/view/${claimed.id}` },
      },
    });
    return true;
  });
}

async function fail(ctx: RunnerContext, claimed: Claimed, reason: string): Promise<void> {
  await ctx.persist(`export ${claimed.id}: recording its failure`, () =>
    withTransaction(ctx.db, async (client) => {
      const { rowCount } = await client.query(
        `UPDATE exports SET status = 'failed', error = left($3, 2000), finished_at = now()
        WHERE id = $1 AND attempt = $2 AND status = 'running'`,
        [claimed.id, claimed.attempt, reason],
      );
      if (rowCount !== 1) return;
      await raiseNotification(client, {
        from: SENDER,
        to: claimed.requested_by,
        title: `Export failed: ${claimed.file_name}`,
        description: reason,
        actions: { open: { url: `/export/view/${claimed.id}` } },
      });
    }),
  );
}

/**
 * Puts a run stopped by this instance's stop, or cut off by the database, back in the queue's hands
 * (the next run resumes it here or elsewhere). Not recorded (the database still away when this
 * instance stops), the export's lease lapses and another instance takes it over.
 */
async function handBack(ctx: RunnerContext, claimed: Claimed): Promise<void> {
  await ctx
    .persist(`export ${claimed.id}: handing it back`, () =>
      ctx.db.query(
        `UPDATE exports SET status = 'queued', worker = NULL
          WHERE id = $1 AND attempt = $2 AND status = 'running'`,
        [claimed.id, claimed.attempt],
      ),
    )
    .catch(() => {});
}

export async function runExport(ctx: RunnerContext, id: number, signal: AbortSignal): Promise<RunOutcome> {
  const claimed = await claim(ctx, id);
  if (!claimed) return 'gone';
  let upload: FileUpload | undefined;
  try {
    const planned = plan(ctx, claimed);
    if (!(await hasRight(ctx.db, claimed.requested_by, planned.listRight))) {
      throw new ExportRefused(`You no longer hold the right to read this list (${planned.listRight})`);
    }
    const expected = await plannedRows(ctx.db, planned.estimate);
    await ctx.db.query('UPDATE exports SET expected_rows = $2 WHERE id = $1', [id, expected]);
    const key = `${EXPORT_KEY_PREFIX}${id}-${claimed.attempt}-${randomBytes(6).toString('hex')}.xlsx`;
    upload = await ctx.store.begin(key);
    const rows = await write(ctx, claimed, planned, upload, signal);
    const size = await upload.done();
    upload = undefined;
    // The file is complete: a database away at this moment delays its record, not the work.
    if (await ctx.persist(`export ${id}: recording it done`, () => finish(ctx, claimed, key, rows, size))) {
      // The owner's next read of the exports list (on a replica) shows it done, as the notification says.
      await ctx.reads?.recordWrite(claimed.requested_by);
      ctx.log.info(`export ${id} done: ${rows} rows, ${size} bytes (attempt ${claimed.attempt})`);
      return 'done';
    }
    // Cancelled or deleted in the last moment: the file is not wanted.
    await ctx.store.remove(key);
    return 'cancelled';
  } catch (error) {
    await upload?.abort().catch(() => {});
    if (error instanceof Stopped) {
      if (error.reason === 'cancelled') return 'cancelled';
      await handBack(ctx, claimed);
      return 'handed-back';
    }
    if (signal.aborted || isDatabaseUnavailable(error) || error instanceof ReplicaReadFailed) {
      // Not the export's fault: the queue runs it again (here or on another instance).
      await handBack(ctx, claimed);
      throw error;
    }
    const reason =
      error instanceof ExportRefused
        ? error.message
        : 'The export stopped because of an unexpected error; it has been logged. Try again, or ask an administrator.';
    if (!(error instanceof ExportRefused)) ctx.log.error({ err: error, exportId: id }, 'export failed');
    await fail(ctx, claimed, reason);
    return 'failed';
  }
}
