/**
 * The mapping queue and bulk auto-map of every merchant-side map list (docs/adr/0013-mapping.md,
 * "Queue and bulk auto-map"), under the list's path and with its Map right:
 * - `GET {api}/queue?merchantId=&recordKind=&country=&exclude=1,2`: the next record to map, most
 *   certain first (MapQueueNext);
 * - `GET {api}/queue/kinds`: the kinds of record the area's records have (MapQueueValues), for the
 *   queue's Kind filter; only where the area's records have a kind;
 * - `POST {api}/auto/preview {scope}`: plans a run (202; its items are scored in the background);
 * - `GET {api}/auto/{run}?threshold=X`: the run: progress, how many it maps at X, a sample, the
 *   expected precision at X, and after it ran or was undone, what it did (MapAutoRun);
 * - `POST {api}/auto/{run}/start {threshold}`: maps every planned record at or above it (202);
 * - `POST {api}/auto/{run}/undo`: undoes the whole run (202).
 * The work is auto-map-jobs.ts's; these routes parse, check and queue.
 */
import {
  int4IdSchema,
  MAP_AUTO_THRESHOLD,
  type MapAutoRun,
  type MapAutoSampleRow,
  type MapAutoStatus,
  type MapQueueNext,
  type MapQueueValues,
  type MapScope,
  mapAutoPreviewSchema,
  mapAutoStartSchema,
  mapScopeSchema,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MAP_LISTS, type MapList } from '../../catalog/map-lists.ts';
import { callerOf } from '../auth/access.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { writeRight } from '../records/write-path.ts';
import type { AutoMapJobs } from './auto-map-jobs.ts';

/** Records the queue scores per call when the scope has unscored ones (about 20 ms each). */
const QUEUE_SCORE_BUDGET = 25;
const SAMPLE_SIZE = 10;

const scopeQuery = z
  .object({
    merchantId: z
      .string()
      .regex(/^\d{1,10}$/)
      .optional(),
    recordKind: z.string().max(60).optional(),
    country: z.string().max(2).optional(),
    exclude: z.string().max(4000).optional().describe('Record ids already seen (skipped), comma separated'),
  })
  .strict();

const runParams = z.object({ id: z.string().regex(/^\d{1,15}$/) });
const runQuery = z
  .object({
    threshold: z
      .string()
      .regex(/^\d{1,3}$/)
      .optional(),
  })
  .strict();

/** The scope a query or body names, refused (400) where the area's records lack the column. */
function scopeOf(list: MapList, raw: Record<string, unknown>, allowed: readonly string[]): MapScope {
  const candidate = Object.fromEntries(
    Object.entries({
      merchantId: raw.merchantId === undefined || raw.merchantId === '' ? undefined : Number(raw.merchantId),
      recordKind: raw.recordKind === '' ? undefined : raw.recordKind,
      country: raw.country === '' ? undefined : raw.country,
    }).filter(([, v]) => v !== undefined),
  );
  const parsed = mapScopeSchema.safeParse(candidate);
  if (!parsed.success) throw new HttpError(400, `Not a scope: ${parsed.error.issues[0]?.message ?? ''}`);
  for (const key of Object.keys(parsed.data)) {
    if (!allowed.includes(key)) {
      const message = `${list.area.label} cannot be filtered by ${key}`;
      throw new HttpError(400, message, { [key]: message });
    }
  }
  return parsed.data;
}

function excludedIds(raw: string | undefined): number[] {
  if (!raw) return [];
  const ids = raw.split(',').filter(Boolean).map(Number);
  if (ids.length > 500 || ids.some((id) => !int4IdSchema.safeParse(id).success)) {
    throw new HttpError(400, 'exclude: at most 500 record ids', { exclude: 'At most 500 record ids' });
  }
  return ids;
}

interface RunRow {
  id: number;
  status: MapAutoStatus;
  scope: MapScope;
  threshold: number | null;
  sample: [number | null, boolean | null][] | null;
  error: string | null;
}

/** The expected precision at `threshold` from the run's sample of person-made mappings. */
function precisionAt(sample: RunRow['sample'], threshold: number): { value: number | null; basis: string } {
  const at = (sample ?? []).filter(([match]) => match !== null && match >= threshold);
  if (at.length === 0)
    return {
      value: null,
      basis: 'No person-made mapping of this kind has its best candidate at this Match %.',
    };
  const right = at.filter(([, correct]) => correct === true).length;
  return {
    value: right / at.length,
    basis: `Measured on ${at.length} person-made mapping(s) of this kind whose best candidate is at this Match %: the share where it is the record people chose.`,
  };
}

async function runView(db: Db, list: MapList, runId: number, asked: number | undefined): Promise<MapAutoRun> {
  const { rows } = await db.query<RunRow>(
    'SELECT id, status, scope, threshold, sample, error FROM map_auto_runs WHERE id = $1 AND kind = $2',
    [runId, list.spec.kind],
  );
  const run = rows[0];
  if (!run) throw new HttpError(404, `Auto-map run ${runId} does not exist`);
  const threshold = run.threshold ?? asked ?? MAP_AUTO_THRESHOLD;
  const { rows: countRows } = await db.query<{
    total: number;
    planned: number;
    at: number;
    mapped: number;
    skipped: number;
    undone: number;
    kept: number;
  }>(
    `SELECT count(*)::int AS total,
            count(*) FILTER (WHERE status <> 'pending')::int AS planned,
            count(*) FILTER (WHERE status <> 'pending' AND pricewatch_id IS NOT NULL AND confidence >= $2)::int AS at,
            count(*) FILTER (WHERE status IN ('mapped', 'undone', 'kept'))::int AS mapped,
            count(*) FILTER (WHERE status = 'skipped')::int AS skipped,
            count(*) FILTER (WHERE status = 'undone')::int AS undone,
            count(*) FILTER (WHERE status = 'kept')::int AS kept
       FROM map_auto_items WHERE run_id = $1`,
    [runId, threshold],
  );
  const n = countRows[0] ?? { total: 0, planned: 0, at: 0, mapped: 0, skipped: 0, undone: 0, kept: 0 };
  const { rows: sample } = await db.query<MapAutoSampleRow>('SELECT * FROM map_auto_sample($1, $2, $3)', [
    runId,
    threshold,
    SAMPLE_SIZE,
  ]);
  const precision = precisionAt(run.sample, threshold);
  return {
    id: Number(run.id),
    status: run.status,
    scope: run.scope,
    threshold,
    total: n.total,
    planned: n.planned,
    atThreshold: n.at,
    sample,
    expectedPrecision: precision.value,
    basis: precision.basis,
    mapped: n.mapped,
    skipped: n.skipped,
    undone: n.undone,
    kept: n.kept,
    error: run.error,
  };
}

export async function autoMapRoutes(
  app: FastifyInstance,
  opts: { db: Db; jobs: AutoMapJobs | undefined },
): Promise<void> {
  const { db, jobs } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const queued = async (runId: number, phase: 'plan' | 'apply' | 'undo', revert: string) => {
    if (!jobs) throw new HttpError(503, 'Auto-map is not running on this server');
    try {
      await jobs.enqueue(runId, phase);
    } catch (error) {
      await db.query(revert, [runId]).catch(() => {});
      throw error;
    }
  };
  for (const list of MAP_LISTS.filter((l) => l.spec.side === 'merchant')) {
    const tags = [list.area.entity];
    const right = writeRight(list.target, 'map');
    const config = { access: { right } };
    const kind = list.spec.kind;
    const filters = list.queueFilters;
    const base = list.entity.api;

    api.get(
      `${base}/queue`,
      {
        config,
        schema: { tags, summary: 'The next record to map, most certain first', querystring: scopeQuery },
      },
      async (request): Promise<MapQueueNext> => {
        const scope = scopeOf(list, request.query, filters);
        const exclude = excludedIds(request.query.exclude);
        const { rows } = await db.query<{
          record_id: number | null;
          match: number | null;
          remaining: number;
          scored: number;
        }>('SELECT * FROM map_queue_next($1, $2, $3, $4)', [kind, scope, exclude, QUEUE_SCORE_BUDGET]);
        const row = rows[0];
        return {
          recordId: row?.record_id ?? null,
          match: row?.match ?? null,
          remaining: row?.remaining ?? 0,
          scored: row?.scored ?? 0,
        };
      },
    );

    if (filters.includes('recordKind'))
      api.get(
        `${base}/queue/kinds`,
        { config, schema: { tags, summary: 'The kinds of record the queue can be filtered by' } },
        async (): Promise<MapQueueValues> => {
          const { rows } = await db.query<{ kind: string }>('SELECT k AS kind FROM map_record_kinds($1) k', [
            kind,
          ]);
          return { values: rows.map((r) => r.kind) };
        },
      );

    api.post(
      `${base}/auto/preview`,
      {
        config,
        bodyLimit: 4 * 1024,
        schema: { tags, summary: 'Plan an auto-map run: score its scope (202)', body: mapAutoPreviewSchema },
      },
      async (request, reply): Promise<MapAutoRun> => {
        const scope = scopeOf(list, request.body.scope, filters);
        const { rows } = await db.query<{ id: number }>(
          'INSERT INTO map_auto_runs (kind, scope, requested_by) VALUES ($1, $2, $3) RETURNING id',
          [kind, scope, callerOf(request).email],
        );
        const runId = Number(rows[0]?.id);
        await queued(
          runId,
          'plan',
          `UPDATE map_auto_runs SET status = 'failed', error = 'Not queued' WHERE id = $1`,
        );
        reply.code(202);
        return runView(db, list, runId, undefined);
      },
    );

    api.get(
      `${base}/auto/:id`,
      { config, schema: { tags, summary: 'An auto-map run', params: runParams, querystring: runQuery } },
      async (request): Promise<MapAutoRun> => {
        const asked = request.query.threshold === undefined ? undefined : Number(request.query.threshold);
        if (asked !== undefined && (asked < 1 || asked > 100))
          throw new HttpError(400, 'threshold: 1 to 100', { threshold: '1 to 100' });
        return runView(db, list, Number(request.params.id), asked);
      },
    );

    api.post(
      `${base}/auto/:id/start`,
      {
        config,
        bodyLimit: 1024,
        schema: {
          tags,
          summary: 'Start a planned auto-map run (202)',
          params: runParams,
          body: mapAutoStartSchema,
        },
      },
      async (request, reply): Promise<MapAutoRun> => {
        const runId = Number(request.params.id);
        const { rowCount } = await db.query(
          `UPDATE map_auto_runs SET status = 'running', threshold = $3, started_by = $4, started_at = now()
            WHERE id = $1 AND kind = $2 AND status = 'planned'`,
          [runId, kind, request.body.threshold, callerOf(request).email],
        );
        if (rowCount !== 1) {
          await runView(db, list, runId, undefined);
          throw new HttpError(409, 'Only a planned run that has not started can be started');
        }
        await queued(
          runId,
          'apply',
          `UPDATE map_auto_runs SET status = 'planned', threshold = NULL WHERE id = $1`,
        );
        reply.code(202);
        return runView(db, list, runId, undefined);
      },
    );

    api.post(
      `${base}/auto/:id/undo`,
      { config, schema: { tags, summary: 'Undo a whole auto-map run (202)', params: runParams } },
      async (request, reply): Promise<MapAutoRun> => {
        const runId = Number(request.params.id);
        const { rowCount } = await db.query(
          `UPDATE map_auto_runs SET status = 'undoing', undone_by = $3 WHERE id = $1 AND kind = $2 AND status = 'done'`,
          [runId, kind, callerOf(request).email],
        );
        if (rowCount !== 1) {
          await runView(db, list, runId, undefined);
          throw new HttpError(409, 'Only a run that is done can be undone, once');
        }
        await queued(runId, 'undo', `UPDATE map_auto_runs SET status = 'done' WHERE id = $1`);
        reply.code(202);
        return runView(db, list, runId, undefined);
      },
    );
  }
}
