/**
 * Auto-map runs in the background (docs/adr/0013-mapping.md, "Queue and bulk auto-map"), on the
 * pg-boss queue `bm-automap` (db/automap-queue.ts) beside the exports'. A run has three phases,
 * each one job: plan (score every record of its scope that is unmapped and never touched by a
 * person: its items), apply (map the items at or above the threshold) and undo (put back the
 * records whose latest change is still the run's). Each phase works through its items in small
 * transactions, taking them with `FOR UPDATE SKIP LOCKED` and acting on a record only under its
 * row lock and only if it is still in the state the phase expects (map_auto_apply, map_auto_undo):
 * so a phase run twice (a retry, a second instance) never repeats a record, two runs never both map
 * one, and a phase cut short resumes where its items stand. The phase's end is written once
 * (a conditional update), and only that writer notifies the person who asked.
 */
import { randomUUID } from 'node:crypto';
import PgBoss from 'pg-boss';
import { AUTOMAP_QUEUE } from '../db/automap-queue.ts';
import { isDatabaseUnavailable } from '../db/db-errors.ts';
import { bossOptions, STOP_MS, stopBoss, within } from '../db/export-queue.ts';
import { type Db, withTransaction } from '../db/pool.ts';
import { markJobWrite } from '../journal/write-context.ts';
import { raiseNotification } from '../notifications/notification-store.ts';

type AutoMapPhase = 'plan' | 'apply' | 'undo';

interface PhaseJob {
  runId: number;
  phase: AutoMapPhase;
}

export interface AutoMapJobs {
  enqueue(runId: number, phase: AutoMapPhase): Promise<void>;
  stop(): Promise<void>;
}

export interface AutoMapJobsOptions {
  db: Db;
  /** The pool pg-boss runs through when it is not `db` (DATABASE_DIRECT_URL; export-jobs.ts says why). */
  queueDb?: Db | undefined;
  /** Phases this instance runs at once; 0: it only sends. */
  workers: number;
  log: { info(msg: string): void; warn(obj: unknown, msg: string): void };
  /** How often an idle worker asks for a job (seconds). */
  pollingSeconds?: number;
  /** Where the notification's Open action leads for a run (the area's queue screen). */
  screenOf?: (kind: string) => string | undefined;
}

/** Records a phase handles per transaction: small, so a run shows its progress and yields locks. */
const CHUNK = 20;
/** The precision sample: this many of the latest person-made mappings of the kind. */
const PRECISION_SAMPLE = 100;
const SENDER = 'BM Tools';

interface RunRow {
  id: number;
  kind: string;
  scope: Record<string, unknown>;
  status: string;
  threshold: number | null;
  requested_by: string;
  started_by: string | null;
  undone_by: string | null;
}

async function runOf(db: Db, runId: number): Promise<RunRow | undefined> {
  const { rows } = await db.query<RunRow>(
    'SELECT id, kind, scope, status, threshold, requested_by, started_by, undone_by FROM map_auto_runs WHERE id = $1',
    [runId],
  );
  return rows[0];
}

/** Scores the run's records: its items, then a score each, then the precision sample. */
async function plan(db: Db, run: RunRow): Promise<boolean> {
  // The scope is read once: a phase run again keeps the items it found the first time.
  await db.query(
    `INSERT INTO map_auto_items (run_id, merchant_record_id)
     SELECT $1, s FROM map_scope_ids($2, $3, true) s
      WHERE NOT EXISTS (SELECT 1 FROM map_auto_items WHERE run_id = $1)
     ON CONFLICT DO NOTHING`,
    [run.id, run.kind, run.scope],
  );
  for (;;) {
    const done = await withTransaction(db, async (client) => {
      const { rows } = await client.query<{ merchant_record_id: number }>(
        `SELECT merchant_record_id FROM map_auto_items WHERE run_id = $1 AND status = 'pending'
          ORDER BY merchant_record_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [run.id, CHUNK],
      );
      for (const { merchant_record_id } of rows) {
        await client.query(
          `UPDATE map_auto_items i SET pricewatch_id = s.pricewatch_id, confidence = s.match, status = 'scored'
             FROM map_score_of($2, $3) s WHERE i.run_id = $1 AND i.merchant_record_id = $3`,
          [run.id, run.kind, merchant_record_id],
        );
      }
      return rows.length < CHUNK;
    });
    if (done) break;
  }
  const { rows: sample } = await db.query<{ match: number | null; correct: boolean | null }>(
    'SELECT match, correct FROM map_precision_sample($1, $2)',
    [run.kind, PRECISION_SAMPLE],
  );
  const { rowCount } = await db.query(
    `UPDATE map_auto_runs SET status = 'planned', sample = $2, finished_at = now()
      WHERE id = $1 AND status = 'planning'
        AND NOT EXISTS (SELECT 1 FROM map_auto_items WHERE run_id = $1 AND status = 'pending')`,
    [run.id, JSON.stringify(sample.map((s) => [s.match, s.correct]))],
  );
  return rowCount === 1;
}

/** Maps the run's items at or above its threshold, each only if still unmapped and untouched. */
async function apply(db: Db, run: RunRow): Promise<boolean> {
  const by = run.started_by ?? run.requested_by;
  for (;;) {
    const done = await withTransaction(db, async (client) => {
      const { rows } = await client.query<{
        merchant_record_id: number;
        pricewatch_id: number;
        confidence: number;
      }>(
        `SELECT merchant_record_id, pricewatch_id, confidence FROM map_auto_items
          WHERE run_id = $1 AND status = 'scored' AND pricewatch_id IS NOT NULL AND confidence >= $2
          ORDER BY confidence DESC, merchant_record_id LIMIT $3 FOR UPDATE SKIP LOCKED`,
        [run.id, run.threshold, CHUNK],
      );
      await markJobWrite(client, { actor: by, action: 'map', source: `auto-map run ${run.id}` });
      for (const item of rows) {
        const { rows: answer } = await client.query<{ result: string }>(
          'SELECT map_auto_apply($1, $2, $3, $4, $5, $6) AS result',
          [run.id, run.kind, item.merchant_record_id, item.pricewatch_id, item.confidence, by],
        );
        const result = answer[0]?.result ?? 'no answer';
        await client.query(
          `UPDATE map_auto_items SET status = $3, reason = $4 WHERE run_id = $1 AND merchant_record_id = $2`,
          [
            run.id,
            item.merchant_record_id,
            result === 'mapped' ? 'mapped' : 'skipped',
            result === 'mapped' ? null : result,
          ],
        );
      }
      return rows.length < CHUNK;
    });
    if (done) break;
  }
  const { rowCount } = await db.query(
    `UPDATE map_auto_runs SET status = 'done', finished_at = now() WHERE id = $1 AND status = 'running'`,
    [run.id],
  );
  return rowCount === 1;
}

/** Puts back every record the run mapped whose latest change is still the run's. */
async function undo(db: Db, run: RunRow): Promise<boolean> {
  const by = run.undone_by ?? run.requested_by;
  for (;;) {
    const done = await withTransaction(db, async (client) => {
      const { rows } = await client.query<{ merchant_record_id: number }>(
        `SELECT merchant_record_id FROM map_auto_items WHERE run_id = $1 AND status = 'mapped'
          ORDER BY merchant_record_id LIMIT $2 FOR UPDATE SKIP LOCKED`,
        [run.id, CHUNK],
      );
      await markJobWrite(client, { actor: by, action: 'undo', source: `auto-map run ${run.id}` });
      for (const { merchant_record_id } of rows) {
        const { rows: answer } = await client.query<{ result: string }>(
          'SELECT map_auto_undo($1, $2, $3, $4) AS result',
          [run.id, run.kind, merchant_record_id, by],
        );
        await client.query(
          'UPDATE map_auto_items SET status = $3 WHERE run_id = $1 AND merchant_record_id = $2',
          [run.id, merchant_record_id, answer[0]?.result === 'undone' ? 'undone' : 'kept'],
        );
      }
      return rows.length < CHUNK;
    });
    if (done) break;
  }
  const { rowCount } = await db.query(
    `UPDATE map_auto_runs SET status = 'undone', undone_at = now() WHERE id = $1 AND status = 'undoing'`,
    [run.id],
  );
  return rowCount === 1;
}

const PHASES: Record<AutoMapPhase, { status: string; work: (db: Db, run: RunRow) => Promise<boolean> }> = {
  plan: { status: 'planning', work: plan },
  apply: { status: 'running', work: apply },
  undo: { status: 'undoing', work: undo },
};

async function counts(db: Db, runId: number): Promise<Record<string, number>> {
  const { rows } = await db.query<{ status: string; n: number }>(
    'SELECT status, count(*)::int AS n FROM map_auto_items WHERE run_id = $1 GROUP BY status',
    [runId],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function notifyEnd(db: Db, run: RunRow, phase: AutoMapPhase, open: string | undefined): Promise<void> {
  const n = await counts(db, run.id);
  const scored = (n.scored ?? 0) + (n.mapped ?? 0) + (n.skipped ?? 0);
  const texts: Record<AutoMapPhase, { to: string; title: string; description: string }> = {
    plan: {
      to: run.requested_by,
      title: `Auto-map preview ready (run ${run.id})`,
      description: `${scored} record(s) scored; choose the threshold and start the run.`,
    },
    apply: {
      to: run.started_by ?? run.requested_by,
      title: `Auto-map run ${run.id} done`,
      description: `${n.mapped ?? 0} mapped automatically at Match ≥ ${run.threshold}%, ${n.skipped ?? 0} skipped (changed meanwhile).`,
    },
    undo: {
      to: run.undone_by ?? run.requested_by,
      title: `Auto-map run ${run.id} undone`,
      description: `${n.undone ?? 0} mapping(s) undone, ${n.kept ?? 0} kept (changed by a person since).`,
    },
  };
  const text = texts[phase];
  await raiseNotification(db, {
    from: SENDER,
    to: text.to,
    title: text.title,
    description: text.description,
    ...(open ? { actions: { open: { url: `${open}?run=${run.id}` } } } : {}),
  });
}

export async function startAutoMapJobs(options: AutoMapJobsOptions): Promise<AutoMapJobs> {
  const { db, log } = options;
  const boss = new PgBoss({
    ...bossOptions(options.queueDb ?? db),
    migrate: false,
    schedule: false,
    supervise: options.workers > 0,
  });
  boss.on('error', (error) => log.warn({ err: error }, 'auto-map queue error'));
  await boss.start();
  const worker = `${process.pid}-${randomUUID().slice(0, 8)}`;
  let stopping = false;
  let stopped: Promise<void> | undefined;

  /** Runs one phase; a phase whose run is no longer in its state (done by another) does nothing. */
  const runPhase = async ({ runId, phase }: PhaseJob): Promise<void> => {
    const run = await runOf(db, runId);
    const spec = PHASES[phase];
    if (!run || run.status !== spec.status) return;
    try {
      const ended = await spec.work(db, run);
      if (ended) await notifyEnd(db, run, phase, options.screenOf?.(run.kind));
    } catch (error) {
      if (isDatabaseUnavailable(error) || stopping) throw error;
      log.warn({ err: error }, `auto-map run ${runId} (${phase}) failed`);
      await db.query(
        `UPDATE map_auto_runs SET status = 'failed', error = $2, finished_at = now() WHERE id = $1 AND status = $3`,
        [runId, error instanceof Error ? error.message.slice(0, 500) : String(error), spec.status],
      );
    }
  };

  const pollMs = Math.max(0.2, options.pollingSeconds ?? 1) * 1000;
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

  // Our own loop over fetch, as the exports' (export-jobs.ts says why not pg-boss's `work`).
  const loop = async (): Promise<void> => {
    while (!stopping) {
      const [job] = await boss.fetch<PhaseJob>(AUTOMAP_QUEUE, { batchSize: 1 });
      if (!job) {
        if (!stopping) await sleep(pollMs);
        continue;
      }
      let failed = false;
      try {
        await runPhase(job.data);
      } catch (error) {
        failed = true;
        log.warn({ err: error }, `auto-map run ${job.data.runId} was interrupted; the queue runs it again`);
      }
      try {
        if (failed) await boss.fail(AUTOMAP_QUEUE, job.id, { reason: 'interrupted', worker });
        else await boss.complete(AUTOMAP_QUEUE, job.id);
      } catch (error) {
        log.warn({ err: error }, `auto-map run ${job.data.runId}: its job's end could not be recorded`);
      }
    }
  };
  const loops = Array.from({ length: options.workers }, () =>
    loop().catch((error: unknown) => log.warn({ err: error }, 'an auto-map worker stopped')),
  );

  return {
    async enqueue(runId, phase) {
      const id = await boss.send(AUTOMAP_QUEUE, { runId, phase } satisfies PhaseJob);
      if (!id) throw new Error(`Auto-map run ${runId} could not be queued`);
      wakeAll();
    },
    stop() {
      stopped ??= (async () => {
        stopping = true;
        wakeAll();
        await within(Promise.all(loops), STOP_MS);
        await stopBoss(boss);
      })();
      return stopped;
    },
  };
}
