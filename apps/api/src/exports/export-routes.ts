/**
 * The export calls: `POST /api/exports/send` (the spec's mapkey/value payload: fileName, criteria,
 * pageName) records the request and queues its run; `GET /api/exports/download?id=` streams the
 * finished file to its owner; `POST /api/exports/{id}/cancel` stops the owner's queued or running
 * export. Sending needs `BMTools/Export/List` and the List right of the list exported; the
 * criteria are checked by the list engine before anything is stored. The Exports list, view and
 * delete are the generic routes (the catalogue's owner column keeps them to the caller's own).
 */
import {
  EXPORT_FILE_NAME_MAX,
  EXPORT_FILE_NAME_REQUIRED,
  EXPORT_RIGHT,
  EXPORT_SEND_PATH,
  EXPORT_SEND_PROCEDURE,
  exportFileName,
  savePayloadSchema,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, missingRight } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import { entityOfSource } from '../catalog/sources.ts';
import { CriteriaError } from '../criteria/criteria.types.ts';
import type { Db } from '../db/pool.ts';
import type { FileStore } from '../files/file-store.ts';
import { HttpError } from '../http/http-error.ts';
import { inRequestTransaction } from '../http/idempotency.ts';
import { runAction, type WriteTarget, writeRight } from '../records/write-path.ts';
import { hasRight } from '../users/users.ts';
import type { ExportJobs } from './export-jobs.ts';
import { parseExportCriteria, planExport } from './export-plan.ts';

/**
 * The exports as the write path sees them: cancelling one needs the Export right (what it stops is
 * the caller's own export, which its statement checks), and runs no procedure.
 */
const EXPORTS: WriteTarget = {
  entity: 'Export',
  rightPrefix: 'BMTools/Export',
  rights: { Cancel: EXPORT_RIGHT },
  procedures: {},
};

/** Exports one person may have queued or running at once. */
const MAX_OPEN_EXPORTS = 5;
const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** Characters no file name may hold (path separators, reserved on Windows, control characters). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what it refuses
const BAD_NAME = /[\\/:*?"<>|\u0000-\u001f\u007f]/;

const idQuery = z.object({ id: z.string().max(20) });
const idParams = z.object({ id: z.string().max(20) });

function parseId(raw: string): number {
  if (!/^\d{1,15}$/.test(raw)) throw new HttpError(404, 'The export does not exist');
  return Number(raw);
}

/** `filename*` (RFC 6266/5987) for any name, and a plain ASCII fallback. */
function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

interface SendInput {
  fileName: string;
  pageName: string;
  criteria: unknown;
}

function readValues(body: z.infer<typeof savePayloadSchema>): SendInput {
  if (body.storeProcedure !== undefined && body.storeProcedure !== EXPORT_SEND_PROCEDURE) {
    throw new HttpError(400, `storeProcedure must be ${EXPORT_SEND_PROCEDURE}`, {
      storeProcedure: 'Is not a registered procedure',
    });
  }
  const values = new Map(body.values.map((v) => [v.mapkey, v.value]));
  const rawName = values.get('fileName');
  const name = typeof rawName === 'string' ? rawName.trim() : '';
  if (name === '' || name.toLowerCase() === '.xlsx') {
    throw new HttpError(400, `fileName: ${EXPORT_FILE_NAME_REQUIRED}`, {
      fileName: EXPORT_FILE_NAME_REQUIRED,
    });
  }
  if (BAD_NAME.test(name)) {
    throw new HttpError(400, 'fileName may not hold / \\ : * ? " < > | or control characters', {
      fileName: 'May not hold / \\ : * ? " < > | or control characters',
    });
  }
  const fileName = exportFileName(name);
  if (fileName.length > EXPORT_FILE_NAME_MAX) {
    throw new HttpError(400, `fileName is longer than ${EXPORT_FILE_NAME_MAX} characters`, {
      fileName: `At most ${EXPORT_FILE_NAME_MAX} characters`,
    });
  }
  const pageName = values.get('pageName');
  if (
    pageName !== undefined &&
    pageName !== null &&
    (typeof pageName !== 'string' || pageName.length > 200)
  ) {
    throw new HttpError(400, 'pageName must be a text of at most 200 characters', {
      pageName: 'At most 200 characters',
    });
  }
  if (!values.has('criteria')) {
    throw new HttpError(400, 'criteria is required', { criteria: 'Is required' });
  }
  return {
    fileName,
    pageName: typeof pageName === 'string' ? pageName.trim() : '',
    criteria: values.get('criteria'),
  };
}

export async function exportRoutes(
  app: FastifyInstance,
  opts: { db: Db; registry: EntityRegistry; jobs: ExportJobs | undefined; store: FileStore },
): Promise<void> {
  const { db, registry, jobs, store } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: { right: EXPORT_RIGHT } };

  api.post(
    EXPORT_SEND_PATH,
    {
      config: { ...access, rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags: ['Export'],
        summary: 'Queue an export of a list (its criteria and visible columns) to .xlsx',
        body: savePayloadSchema,
      },
    },
    async (request) => {
      const { email } = callerOf(request);
      const input = readValues(request.body);
      let criteria: ReturnType<typeof parseExportCriteria>;
      try {
        criteria = parseExportCriteria(input.criteria);
      } catch (error) {
        if (error instanceof CriteriaError)
          throw new HttpError(400, error.message, { criteria: error.message });
        throw error;
      }
      const entity = entityOfSource(registry, criteria.source);
      if (!entity) {
        const message = `criteria: the list ${criteria.source.slice(0, 100)} does not exist`;
        throw new HttpError(400, message, { criteria: message });
      }
      try {
        const planned = planExport(entity, criteria, email);
        if (!(await hasRight(db, email, planned.listRight))) {
          throw new HttpError(403, missingRight(planned.listRight).message);
        }
      } catch (error) {
        if (error instanceof CriteriaError)
          throw new HttpError(400, error.message, { criteria: error.message });
        throw error;
      }
      if (!jobs) throw new HttpError(503, 'Exports are not running on this server');
      // One person's queue stays short, so a slip (a double click, a loop) cannot fill the workers.
      const open = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n FROM exports
          WHERE lower(requested_by) = lower($1) AND status IN ('queued', 'running')`,
        [email],
      );
      if ((open.rows[0]?.n ?? 0) >= MAX_OPEN_EXPORTS) {
        throw new HttpError(
          429,
          `You have ${MAX_OPEN_EXPORTS} exports in progress: wait for one to finish, or cancel one on the Exports page`,
        );
      }
      // The row, its job and (with an Idempotency-Key) the answer commit together: an instance
      // dying at any point leaves either all three or none, so a retry never finds a queued
      // export without a job, nor makes a second one.
      const jobsNow = jobs;
      const answer = await inRequestTransaction(
        db,
        async (client) => {
          const { rows } = await client.query<{ id: number }>(
            `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
             VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
            [input.fileName, input.pageName, email, entity.entity, entity.api, criteria],
          );
          const id = Number(rows[0]?.id);
          await jobsNow.enqueue(id, client);
          return {
            isSuccess: true,
            id,
            message: `Export queued: ${input.fileName}. You will get a notification when it is ready.`,
          };
        },
        { answerNow: true },
      );
      return answer;
    },
  );

  api.get(
    '/api/exports/download',
    {
      config: access,
      schema: {
        tags: ['Export'],
        summary: 'The finished .xlsx of one of your exports',
        querystring: idQuery,
      },
    },
    async (request, reply) => {
      const id = parseId(request.query.id);
      const { email } = callerOf(request);
      const { rows } = await db.query<{
        requested_by: string;
        status: string;
        storage_key: string | null;
        file_name: string;
      }>('SELECT requested_by, status, storage_key, file_name FROM exports WHERE id = $1', [id]);
      const row = rows[0];
      if (!row) throw new HttpError(404, 'The export does not exist');
      if (row.requested_by.toLowerCase() !== email.toLowerCase()) {
        throw new HttpError(403, 'This export belongs to someone else');
      }
      if (row.status === 'expired') throw new HttpError(410, 'The file was removed after the retention time');
      if (row.status !== 'done' || !row.storage_key)
        throw new HttpError(409, `The export is ${row.status}, not ready`);
      const file = await store.open(row.storage_key);
      if (!file) throw new HttpError(410, 'The file is no longer in storage');
      return reply
        .header('content-type', XLSX_TYPE)
        .header('content-length', String(file.size))
        .header('content-disposition', attachment(row.file_name))
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  // A cancel is an action on a record, so it takes the write path (records/write-path.ts): its right,
  // one transaction retried once on a serialization failure or deadlock, PostgreSQL's refusals
  // mapped in one place. It runs a fixed statement of its own, so there is no procedure to name.
  api.post(
    '/api/exports/:id/cancel',
    {
      config: { access: { right: writeRight(EXPORTS, 'cancel') } },
      schema: { tags: ['Export'], summary: 'Cancel one of your queued or running exports', params: idParams },
    },
    async (request) => {
      const id = parseId(request.params.id);
      const { email } = callerOf(request);
      const result = await runAction(db, EXPORTS, 'cancel', async (client) => {
        const { rows } = await client.query<{ status: string; mine: boolean; cancelled: boolean }>(
          `WITH target AS (
             SELECT id, status, lower(requested_by) = lower($2) AS mine FROM exports WHERE id = $1 FOR UPDATE
           ), cancelled AS (
             UPDATE exports e SET status = 'cancelled', finished_at = now()
               FROM target t
              WHERE e.id = t.id AND t.mine AND t.status IN ('queued', 'running')
             RETURNING e.id
           )
           SELECT t.status, t.mine, EXISTS (SELECT 1 FROM cancelled) AS cancelled FROM target t`,
          [id, email],
        );
        const row = rows[0];
        if (!row) return { isSuccess: false, notFound: true, message: 'The export does not exist' };
        // Refusals of the request itself, not of the data: they pass the write path unchanged.
        if (!row.mine) throw new HttpError(403, 'This export belongs to someone else');
        if (!row.cancelled) throw new HttpError(409, `The export is already ${row.status}`);
        return { isSuccess: true, id, message: 'Export cancelled' };
      });
      return { isSuccess: true, id: result.id ?? id, message: result.message ?? 'Export cancelled' };
    },
  );
}
