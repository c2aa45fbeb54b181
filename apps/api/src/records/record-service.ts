/**
 * One record of an entity: read it (with its rowVersion), create it, update it with optimistic
 * concurrency, publish it. Each write runs only the procedure the catalogue registers for that
 * entity and action, in a transaction, with the actor from the token.
 */
import type { SavePayload, SaveResult } from '@bm/contracts';
import type { EntityAction, EntitySpec } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../criteria/plan-sql.ts';
import { type Db, type Queryable, withTransaction } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { checkValues } from './check-values.ts';
import { type FormKind, loadFormFields } from './form-spec.ts';
import { runProcedure } from './run-procedure.ts';

const ID = /^\d{1,18}$/;

function parseId(id: string): string {
  if (!ID.test(id)) throw new HttpError(404, 'Not found');
  return id;
}

/** The registered procedure of an action; a named one must be exactly it. */
export function registeredProcedure(
  entity: EntitySpec,
  action: EntityAction,
  named: string | undefined,
): string {
  const procedure = entity.procedures[action];
  if (!procedure) throw new HttpError(400, `${entity.entity} has no registered ${action} procedure`);
  if (named !== undefined && named !== '' && named !== procedure) {
    throw new HttpError(
      400,
      `storeProcedure "${named.slice(0, 80)}" is not registered for ${entity.entity} ${action}`,
      {
        storeProcedure: 'Is not registered for this action',
      },
    );
  }
  return procedure;
}

function checkSource(entity: EntitySpec, query: { sqlViewName?: string; databaseName?: string }): string {
  const record = entity.record;
  if (!record) throw new HttpError(404, `${entity.entity} records cannot be read one by one`);
  if (query.databaseName && !entity.dataSources.includes(query.databaseName)) {
    throw new HttpError(
      400,
      `databaseName "${query.databaseName.slice(0, 50)}" is not registered for ${entity.entity}`,
    );
  }
  if (query.sqlViewName && !record.views.includes(query.sqlViewName)) {
    throw new HttpError(
      400,
      `sqlViewName "${query.sqlViewName.slice(0, 50)}" is not registered for ${entity.entity}`,
    );
  }
  return query.sqlViewName || record.view;
}

export async function readRecord(
  db: Queryable,
  entity: EntitySpec,
  id: string,
  query: { sqlViewName?: string; databaseName?: string } = {},
): Promise<Record<string, unknown> | undefined> {
  const view = checkSource(entity, query);
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM ${quoteIdent(view)} WHERE ${quoteIdent(entity.key)} = $1::bigint`,
    [parseId(id)],
  );
  return rows[0];
}

const rightFor = (entity: EntitySpec, kind: FormKind) =>
  `${entity.rightPrefix}/${kind === 'create' ? 'Create' : kind === 'edit' ? 'Edit' : 'BulkEdit'}`;

export async function createRecord(
  db: Db,
  entity: EntitySpec,
  payload: SavePayload,
  actor: string,
): Promise<SaveResult> {
  const procedure = registeredProcedure(entity, 'create', payload.storeProcedure);
  checkDatabase(entity, payload.databaseName);
  const fields = await loadFormFields(db, rightFor(entity, 'create'), 'create');
  const { values } = await checkValues(db, fields, payload, { requireAll: true });
  delete values[entity.key];
  const result = await withTransaction(db, (client) => runProcedure(client, procedure, values, actor));
  if (!result.isSuccess) throw new HttpError(400, result.message ?? 'The record was not created');
  return { isSuccess: true, id: result.id ?? null, message: result.message ?? '' };
}

export async function updateRecord(
  db: Db,
  entity: EntitySpec,
  id: string,
  payload: SavePayload,
  actor: string,
  ifMatch?: string,
): Promise<SaveResult> {
  parseId(id);
  const procedure = registeredProcedure(entity, 'update', payload.storeProcedure);
  checkDatabase(entity, payload.databaseName);
  const fields = await loadFormFields(db, rightFor(entity, 'edit'), 'edit');
  const { values, rowVersion } = await checkValues(db, fields, payload, { requireAll: false });
  const version =
    rowVersion ?? (ifMatch && /^"?\d+"?$/.test(ifMatch) ? Number(ifMatch.replaceAll('"', '')) : undefined);
  if (version === undefined) {
    throw new HttpError(400, 'rowVersion is required to update a record', { rowVersion: 'Is required' });
  }
  const result = await withTransaction(db, (client) =>
    runProcedure(client, procedure, { ...values, [entity.key]: id, rowVersion: version }, actor),
  );
  if (result.conflict) {
    throw Object.assign(new HttpError(409, result.message ?? 'The record was changed by someone else'), {
      current: (await readRecord(db, entity, id)) ?? {},
    });
  }
  if (result.notFound) throw new HttpError(404, result.message ?? 'Not found');
  if (!result.isSuccess) throw new HttpError(400, result.message ?? 'The record was not saved');
  return { isSuccess: true, id: result.id ?? id, message: result.message ?? '' };
}

export async function publishRecord(
  db: Db,
  entity: EntitySpec,
  id: unknown,
  actor: string,
): Promise<SaveResult> {
  const procedure = registeredProcedure(entity, 'publish', undefined);
  const key = parseId(String(id ?? ''));
  const result = await withTransaction(db, (client) =>
    runProcedure(client, procedure, { [entity.key]: key }, actor),
  );
  if (result.notFound) throw new HttpError(404, result.message ?? 'Not found');
  if (!result.isSuccess) throw new HttpError(400, result.message ?? 'The record was not published');
  return { isSuccess: true, id: result.id ?? key, message: result.message ?? '' };
}

function checkDatabase(entity: EntitySpec, databaseName: string | undefined): void {
  if (databaseName && !entity.dataSources.includes(databaseName)) {
    throw new HttpError(
      400,
      `databaseName "${databaseName.slice(0, 50)}" is not registered for ${entity.entity}`,
    );
  }
}
