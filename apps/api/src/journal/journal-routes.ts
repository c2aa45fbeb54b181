/**
 * A record's history, its revert, and the restore of a deleted record, for every journalled area
 * (docs/adr/0028-record-journal.md):
 * - `GET {api}/:id/history` (View or Edit right): the record's changes, newest first, each column
 *   named by its field's label, with whether it can be reverted;
 * - `POST {api}/:id/history/:entryId/revert` (Edit right) `{rowVersion, confirm?}`: puts the fields
 *   the change changed back through the area's own update (the write path: its procedure, its
 *   checks, the row version). When the record has changed since that change, the answer is a 409
 *   asking first (with the record as it is now), and `confirm: true` reverts anyway;
 * - `GET {api}/history/deleted` and `POST {api}/history/:entryId/restore` (Create right): the
 *   area's deleted records, and one put back as it was when deleted, with its id.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { type JournalledArea, journalledAreas } from '../../catalog/journal.ts';
import { callerOf } from '../auth/access.ts';
import type { EntityRegistry } from '../catalog/entity-registry.ts';
import type { Db, Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { loadFormFields } from '../records/form-spec.ts';
import { readRecord, updateRecord } from '../records/record-service.ts';
import { runAction, writeRight } from '../records/write-path.ts';
import { asJournalAction } from './write-context.ts';

/** Actions whose change a revert can undo: a person's edits of the record's fields. */
const REVERTIBLE = new Set(['update', 'bulkupdate', 'revert']);
const PAGE = 50;
/** What a History shows for a secret's value (a key's hash). */
const SECRET = '(hidden)';

interface JournalRow {
  id: string;
  record_id: string;
  action: string;
  changes: Record<string, [unknown, unknown]>;
  row_version: number | null;
  changed_by: string;
  source: string | null;
  changed_at: Date;
}

const idParams = z.object({ id: z.string().regex(/^\d{1,18}$/, 'must be a whole number') });
const entryParams = z.object({ entryId: z.string().regex(/^\d{1,18}$/, 'must be a whole number') });
const pageQuery = z.object({
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'must be a whole number')
    .optional(),
});

/** A column as a History shows it: its field's label, else its own name in words. */
function labelOf(area: JournalledArea, column: string): { key: string | null; label: string } {
  const field = area.columns.get(column);
  if (field) return field;
  const words = column.replaceAll('_', ' ');
  return { key: null, label: words.charAt(0).toUpperCase() + words.slice(1) };
}

/** The edit form's writable fields, by their key: what a revert may put back. */
async function writableKeys(db: Queryable, entity: EntitySpec): Promise<Set<string>> {
  if (!entity.procedures.update) return new Set();
  const fields = await loadFormFields(db, entityRight(entity, 'Edit'), 'edit');
  return new Set([...fields.values()].filter((f) => !f.readOnly).map((f) => f.mapKey));
}

/** The fields of a change a revert puts back: the changed columns whose field the edit form writes. */
const revertedFields = (area: JournalledArea, row: JournalRow, writable: ReadonlySet<string>) =>
  Object.entries(row.changes).flatMap(([column, [before]]) => {
    const key = area.columns.get(column)?.key;
    return key !== undefined && writable.has(key) ? [{ mapkey: key, value: before }] : [];
  });

function entryOf(area: JournalledArea, row: JournalRow, writable: ReadonlySet<string>) {
  return {
    id: Number(row.id),
    recordId: Number(row.record_id),
    action: row.action,
    when: row.changed_at.toISOString(),
    by: row.changed_by,
    source: row.source,
    rowVersion: row.row_version,
    changes: Object.entries(row.changes).map(([column, [before, after]]) => {
      const secret = area.secret.includes(column);
      return {
        column,
        ...labelOf(area, column),
        before: secret && before !== null ? SECRET : before,
        after: secret && after !== null ? SECRET : after,
      };
    }),
    revertible: REVERTIBLE.has(row.action) && revertedFields(area, row, writable).length > 0,
  };
}

async function entryById(db: Queryable, area: JournalledArea, entryId: string): Promise<JournalRow> {
  const { rows } = await db.query<JournalRow>(
    'SELECT * FROM record_journal WHERE id = $1::bigint AND entity = $2',
    [entryId, area.entity],
  );
  const row = rows[0];
  if (!row) throw new HttpError(404, 'The change does not exist');
  return row;
}

export async function journalRoutes(
  app: FastifyInstance,
  opts: { db: Db; registry: EntityRegistry },
): Promise<void> {
  const { db, registry } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const areas = new Map(journalledAreas().map((a) => [a.entity, a]));
  for (const entity of registry.all) {
    const area = areas.get(entity.entity);
    if (!area || !entity.record) continue;
    const tags = [entity.entity];
    const right = (action: string) => entityRight(entity, action);

    api.get(
      `${entity.api}/:id/history`,
      {
        config: { access: { anyOf: [right('View'), right('Edit')] } },
        schema: {
          tags,
          summary: `The changes of one ${entity.entity}, newest first`,
          params: idParams,
          querystring: pageQuery,
        },
      },
      async (request) => {
        const { id } = request.params;
        // A record kept to its owner answers its owner only (as its read does).
        if (entity.owner && !(await readRecord(db, entity, id, {}, callerOf(request).email))) {
          throw new HttpError(404, `The ${entity.entity.toLowerCase()} does not exist`);
        }
        const { rows } = await db.query<JournalRow>(
          `SELECT * FROM record_journal
            WHERE entity = $1 AND record_id = $2::bigint AND ($3::bigint IS NULL OR id < $3::bigint)
            ORDER BY id DESC LIMIT ${PAGE + 1}`,
          [entity.entity, id, request.query.before ?? null],
        );
        const writable = await writableKeys(db, entity);
        return {
          entries: rows.slice(0, PAGE).map((row) => entryOf(area, row, writable)),
          more: rows.length > PAGE,
        };
      },
    );

    if (entity.procedures.update) {
      api.post(
        `${entity.api}/:id/history/:entryId/revert`,
        {
          config: { access: { right: writeRight(entity, 'update') } },
          schema: {
            tags,
            summary: `Put back the fields one change of a ${entity.entity} changed`,
            params: idParams.merge(entryParams),
            body: z.object({
              rowVersion: z.number().int().nonnegative(),
              confirm: z.boolean().optional(),
            }),
          },
        },
        async (request) => {
          const { id, entryId } = request.params;
          const row = await entryById(db, area, entryId);
          if (String(row.record_id) !== id) throw new HttpError(404, 'The change does not exist');
          const writable = await writableKeys(db, entity);
          const values = REVERTIBLE.has(row.action) ? revertedFields(area, row, writable) : [];
          if (values.length === 0) {
            throw new HttpError(400, 'This change cannot be reverted', { entryId: 'Cannot be reverted' });
          }
          const current = await readRecord(db, entity, id);
          if (!current) throw new HttpError(404, `The ${entity.entity.toLowerCase()} does not exist`);
          if (Number(current.rowVersion) !== row.row_version && request.body.confirm !== true) {
            throw Object.assign(
              new HttpError(409, 'The record has changed since this change. Revert it anyway?'),
              { current },
            );
          }
          return asJournalAction('revert', () =>
            updateRecord(
              db,
              entity,
              id,
              { values: [...values, { mapkey: 'rowVersion', value: request.body.rowVersion }] },
              callerOf(request).email,
            ),
          );
        },
      );
    }

    if (entity.procedures.delete && entity.procedures.create) {
      api.get(
        `${entity.api}/history/deleted`,
        {
          config: { access: { right: writeRight(entity, 'create') } },
          schema: {
            tags,
            summary: `Deleted ${entity.entity} records that can be restored, newest first`,
            querystring: pageQuery,
          },
        },
        async (request) => {
          const { rows } = await db.query<JournalRow>(
            `SELECT j.* FROM record_journal j
              WHERE j.entity = $1 AND j.action = 'delete' AND ($2::bigint IS NULL OR j.id < $2::bigint)
                AND NOT EXISTS (SELECT 1 FROM ${quoteIdent(area.table)} t
                                 WHERE t.${quoteIdent(area.key)} = j.record_id)
              ORDER BY j.id DESC LIMIT ${PAGE + 1}`,
            [entity.entity, request.query.before ?? null],
          );
          return {
            entries: rows.slice(0, PAGE).map((row) => entryOf(area, row, new Set())),
            more: rows.length > PAGE,
          };
        },
      );

      api.post(
        `${entity.api}/history/:entryId/restore`,
        {
          config: { access: { right: writeRight(entity, 'create') } },
          schema: {
            tags,
            summary: `Put a deleted ${entity.entity} back as it was, with its id`,
            params: entryParams,
          },
        },
        async (request) => {
          const row = await entryById(db, area, request.params.entryId);
          if (row.action !== 'delete') {
            throw new HttpError(400, 'Only a delete can be restored', { entryId: 'Is not a delete' });
          }
          const actor = callerOf(request).email;
          const result = await asJournalAction('undelete', () =>
            runAction(db, entity, 'create', async (client) => {
              await restoreRow(client, area, row, actor);
              return {
                isSuccess: true,
                id: Number(row.record_id),
                message: `${entity.singular ?? 'Record'} restored`,
              };
            }),
          );
          return { isSuccess: true, id: result.id ?? null, message: result.message ?? '' };
        },
      );
    }
  }
}

/**
 * Inserts the row a delete journalled, as it was, with its id; its row version one more and the
 * restore as its last update. Generated columns are left to the table; a column the journal never
 * keeps (a secret) is left to its default. A record with that id that exists again is a 409.
 */
async function restoreRow(
  client: Queryable,
  area: JournalledArea,
  row: JournalRow,
  actor: string,
): Promise<void> {
  const table = quoteIdent(area.table);
  const key = quoteIdent(area.key);
  const exists = await client.query(`SELECT 1 FROM ${table} WHERE ${key} = $1::bigint FOR UPDATE`, [
    row.record_id,
  ]);
  if (exists.rowCount) throw new HttpError(409, 'The record exists already: it was restored before');
  const { rows: columns } = await client.query<{ name: string }>(
    `SELECT attname AS name FROM pg_attribute
      WHERE attrelid = $1::regclass AND attnum > 0 AND NOT attisdropped AND attgenerated = ''`,
    [area.table],
  );
  const stored: Record<string, unknown> = Object.fromEntries(
    Object.entries(row.changes).map(([column, [before]]) => [column, before]),
  );
  const now = new Date().toISOString();
  const touched: Record<string, unknown> = {
    ...stored,
    ...('row_version' in stored ? { row_version: Number(stored.row_version ?? 0) + 1 } : {}),
    ...('updated_at' in stored ? { updated_at: now } : {}),
    ...('updated_by' in stored ? { updated_by: actor } : {}),
  };
  const names = columns.map((c) => c.name).filter((name) => name in touched);
  const list = names.map(quoteIdent).join(', ');
  await client.query(
    `INSERT INTO ${table} (${list}) SELECT ${list} FROM jsonb_populate_record(NULL::${table}, $1::jsonb)`,
    [JSON.stringify(touched)],
  );
}
