/**
 * The map lists' routes (docs/adr/0013-mapping.md), for every area that declares one:
 * - `GET {api}?id=` and `GET {api}/page-summarize?id=`: the list engine over the candidates of
 *   record `id` (GetMap right; 404 for an unknown record);
 * - `POST {api}/map`, `/unmap`, `/ignore`, `/disable`, `/restore`, `/undo`: the kind's procedure,
 *   which keeps the rules (404 for an unknown record, 400 for a record of another kind; ignore and
 *   disable need a note; restore takes a blacklisted or disabled record back to Not mapped, with an
 *   optional note; undo puts the record back as it was before the caller's latest change, while
 *   that is still its latest, the `actionType` naming the change undone),
 *   run through the write path (records/write-path.ts) as every action on a record is: the Map
 *   right, the list's own procedure only, one transaction retried once on a serialization failure
 *   or deadlock, PostgreSQL's refusals mapped to 400/409 naming the field. The answer is
 *   `{isSuccess, messageTitle?, messageContent?, actionType?}`.
 */
import {
  int4IdSchema,
  MAP_NOTE_KEY,
  MAP_NOTE_MAX,
  MAP_RECORD_PARAM,
  MAP_RESTORE,
  MAP_ROUTE_KEYS,
  MAP_UNDO,
  type MapActionBody,
  type MapActionResult,
  type MapRouteKey,
  mapActionBodySchema,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { MAP_LISTS, type MapList } from '../../catalog/map-lists.ts';
import { callerOf } from '../auth/access.ts';
import type { Db, Queryable } from '../db/pool.ts';
import type { ReadRouter } from '../db/read-replicas.ts';
import { HttpError } from '../http/http-error.ts';
import { refusalOf, runList, runPageSummary } from '../lists/list-service.ts';
import { type ProcedureResult, registeredProcedure, runAction, writeRight } from '../records/write-path.ts';

const listQuery = z
  .object({
    [MAP_RECORD_PARAM]: z.string().max(20).optional().describe('The record whose candidates are listed'),
    filters: z.string().optional(),
    pageSize: z.string().optional(),
    pageIndex: z.string().optional(),
    sort: z.string().optional(),
    fields: z.string().optional(),
  })
  .loose();

const badField = (field: string, message: string) => new HttpError(400, message, { [field]: message });

/** The id of the record a map list is of: a positive int4. */
function idOf(raw: unknown): number {
  const parsed = int4IdSchema.safeParse(typeof raw === 'string' && /^\d+$/.test(raw) ? Number(raw) : raw);
  if (!parsed.success) throw badField(MAP_RECORD_PARAM, 'A map list needs the id of its record');
  return parsed.data;
}

/** 404 unless the record exists in the area's table. */
async function mustExist(db: Queryable, list: MapList, id: number): Promise<void> {
  const { rowCount } = await db.query(`SELECT 1 FROM ${quoteIdent(list.table)} WHERE id = $1`, [id]);
  if (!rowCount) throw new HttpError(404, `${list.area.singular} ${id} does not exist`);
}

/** The record's id apart from the list criteria; unsorted, a map list is in rank order. */
function splitQuery(query: Record<string, unknown>): { id: unknown; rest: Record<string, unknown> } {
  const { [MAP_RECORD_PARAM]: id, ...rest } = query;
  return { id, rest: rest.sort === undefined || rest.sort === '' ? { ...rest, sort: RANK_ORDER } : rest };
}

const RANK_ORDER = JSON.stringify(['rank=ASC']);

interface ActionInput {
  merchantRecordId: number;
  pricewatchId: number | null;
  note: string | null;
}

function actionInput(key: MapRouteKey, body: MapActionBody): ActionInput {
  const values = new Map(body.values.map((v) => [v.mapkey, v.value]));
  const id = (field: string) => {
    const parsed = int4IdSchema.safeParse(values.get(field));
    if (!parsed.success) throw badField(field, `${field} must be a record id`);
    return parsed.data;
  };
  const merchantRecordId = id('merchantRecordId');
  if (key === MAP_UNDO) return { merchantRecordId, pricewatchId: null, note: null };
  if (key === 'map' || key === 'unmap')
    return { merchantRecordId, pricewatchId: id('pricewatchId'), note: null };
  const note = values.get(MAP_NOTE_KEY);
  // Restore's note is optional: the record goes back to where it was before it was decided.
  if (
    key === MAP_RESTORE &&
    (note === undefined || note === null || (typeof note === 'string' && note.trim() === ''))
  )
    return { merchantRecordId, pricewatchId: null, note: null };
  if (typeof note !== 'string' || note.trim() === '') throw badField(MAP_NOTE_KEY, 'A note is required');
  if (note.length > MAP_NOTE_MAX) throw badField(MAP_NOTE_KEY, `At most ${MAP_NOTE_MAX} characters`);
  return { merchantRecordId, pricewatchId: null, note: note.trim() };
}

/** What a map procedure `(action, merchant id, price-watch id, confirmation, note, actor) → jsonb` answers. */
interface MapAnswer {
  status: 'done' | 'confirm' | 'error' | 'notfound' | 'invalid';
  field?: string;
  message?: string;
  messageTitle?: string;
  messageContent?: string;
  actionType?: string;
}

/**
 * Calls the list's procedure in the write transaction and reads its answer into the write path's
 * result: `done` succeeds; `confirm` and `error` ask or tell the user (they carry an actionType);
 * `notfound` is a 404, `invalid` a 400 naming its field (pricewatchId unless it names another).
 */
async function callMapProcedure(
  client: Queryable,
  procedure: string,
  key: MapRouteKey,
  input: ActionInput,
  confirmation: string | null,
  actor: string,
): Promise<ProcedureResult> {
  const { rows } = await client.query<{ answer: MapAnswer }>(
    `SELECT ${quoteIdent(procedure)}($1, $2, $3, $4, $5, $6) AS answer`,
    [key, input.merchantRecordId, input.pricewatchId, confirmation, input.note, actor],
  );
  const answer = rows[0]?.answer;
  if (!answer) throw new Error(`${procedure} answered nothing`);
  const { status, message, messageTitle, messageContent, actionType } = answer;
  return {
    isSuccess: status === 'done',
    ...(status === 'notfound' ? { notFound: true, message: message ?? 'Not found' } : {}),
    ...(status === 'invalid' ? { field: answer.field ?? 'pricewatchId', message: message ?? 'Invalid' } : {}),
    ...(messageTitle ? { messageTitle } : {}),
    ...(messageContent ? { messageContent } : {}),
    ...(actionType ? { actionType } : {}),
  };
}

/** The wire answer of a map action: the result's dialog, without what only the write path reads. */
function mapActionResult(result: ProcedureResult): MapActionResult {
  const { messageTitle, messageContent, actionType } = result;
  return {
    isSuccess: result.isSuccess,
    ...(messageTitle ? { messageTitle } : {}),
    ...(messageContent ? { messageContent } : {}),
    ...(actionType ? { actionType } : {}),
  };
}

export async function mapRoutes(app: FastifyInstance, opts: { db: Db; reads: ReadRouter }): Promise<void> {
  // The map lists read where the caller's reads go (a replica with their writes); actions write on db.
  const { db, reads } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  for (const list of MAP_LISTS) {
    const tags = [list.area.entity];
    const { entity } = list;
    // The hot call: one statement checks the right and lists (as every list does); only an empty
    // answer asks whether the record exists.
    api.get(
      entity.api,
      {
        config: { access: { right: list.right, checkedInQuery: true } },
        schema: {
          tags,
          summary: `Map list of a ${list.area.singular.toLowerCase()}`,
          querystring: listQuery,
        },
      },
      async (request) => {
        const { id, rest } = splitQuery(request.query);
        const { email } = callerOf(request);
        return reads.read(
          email,
          async (from, target) => {
            const caller = { email, right: list.right, rightChecked: target.rightChecked };
            let of: number;
            try {
              of = idOf(id);
            } catch (error) {
              throw await refusalOf(from, caller, error);
            }
            const page = await runList(from, entity, rest, caller, { of, primary: db });
            if (page.data.length === 0) await mustExist(from, list, of);
            return page;
          },
          { right: list.right },
        );
      },
    );
    api.get(
      `${entity.api}/page-summarize`,
      {
        config: { access: { right: list.right } },
        schema: { tags, summary: 'Count a map list', querystring: listQuery },
      },
      async (request) => {
        const { id, rest } = splitQuery(request.query);
        const of = idOf(id);
        const { email } = callerOf(request);
        return reads.read(email, async (from) => {
          await mustExist(from, list, of);
          return runPageSummary(from, entity, rest, { of, email });
        });
      },
    );
    for (const key of MAP_ROUTE_KEYS) {
      api.post(
        `${entity.api}/${key}`,
        {
          config: { access: { right: writeRight(list.target, key) } },
          bodyLimit: 16 * 1024,
          schema: {
            tags,
            summary:
              key === MAP_UNDO
                ? 'Undo the caller’s latest change of a record'
                : key === MAP_RESTORE
                  ? 'Restore a blacklisted or disabled record to Not mapped'
                  : `${key} from the map list`,
            body: mapActionBodySchema,
          },
        },
        async (request): Promise<MapActionResult> => {
          const body = request.body;
          const procedure = registeredProcedure(list.target, key, body.storeProcedure);
          const input = actionInput(key, body);
          const actor = callerOf(request).email;
          const result = await runAction(db, list.target, key, (client) =>
            callMapProcedure(client, procedure, key, input, body.actionType ?? null, actor),
          );
          return mapActionResult(result);
        },
      );
    }
  }
}
