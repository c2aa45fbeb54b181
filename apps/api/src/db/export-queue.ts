/**
 * The export queue's place in the database: pg-boss, in its own versioned schema (`pgboss`) of the
 * application's PostgreSQL, and the one queue exports run through. The migrations install it
 * (migrate.ts), so an instance's start finds it and two instances never race to create it; the
 * export engine (exports/export-jobs.ts) starts pg-boss over the same schema and queue. It lives
 * with the database layer so the migrations depend on nothing above that layer.
 */
import PgBoss from 'pg-boss';
import { createPool, type Db } from './pool.ts';

export const EXPORT_QUEUE = 'bm-export';
const BOSS_SCHEMA = 'pgboss';
/** The queue's job timeout until an instance starts with its own (EXPORT_JOB_TIMEOUT_MINUTES). */
const DEFAULT_JOB_TIMEOUT_MINUTES = 60;
/** Retries of a run that failed for reasons outside the export (a stop, the database away). */
const RETRY_LIMIT = 10;

/**
 * pg-boss runs its SQL through one of our pools (every client of which has an error listener, and
 * the pool's connect timeout), never a pool of its own: a connection cut while the database stops
 * then fails a call instead of ending the process.
 */
export const bossOptions = (pool: Db): PgBoss.ConstructorOptions => ({
  schema: BOSS_SCHEMA,
  db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
});

export const queueOptions = (jobTimeoutMinutes: number): PgBoss.Queue => ({
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
export const STOP_MS = 15_000;

/** Waits for `work` (its failure ignored) at most `ms`: a shutdown is never held up for ever. */
export async function within(work: Promise<unknown>, ms: number): Promise<void> {
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
export function stopBoss(boss: PgBoss): Promise<void> {
  return within(boss.stop({ graceful: false, wait: true }), STOP_MS);
}
