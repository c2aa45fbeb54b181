/**
 * One record of an entity: read it (with its rowVersion), create it, update it with optimistic
 * concurrency, delete it, publish it. Each write checks its input here and then runs through the
 * write path (write-path.ts): the registered procedure only, in a transaction, with the actor from
 * the token, its database refusals mapped in one place.
 */
import type { SavePayload, SaveResult } from '@bm/contracts';
import { type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { registeredView } from '../catalog/sources.ts';
import type { Db, Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { checkValues } from './check-values.ts';
import { type FormKind, loadFormFields } from './form-spec.ts';
import { applyKeyGenerators } from './key-generator.ts';
import { registeredProcedure, runWrite, type StoredRowCheck } from './write-path.ts';

const ID = /^\d{1,18}$/;

function parseId(id: string): string {
  if (!ID.test(id)) throw new HttpError(404, 'Not found');
  return id;
}

/** The record view a read names (its `sqlViewName`, else the record view), or a 400 (sources.ts). */
function checkSource(entity: EntitySpec, query: { sqlViewName?: string; databaseName?: string }): string {
  const record = entity.record;
  if (!record) throw new HttpError(404, `${entity.entity} records cannot be read one by one`);
  return registeredView({ ...entity, view: record.view, views: record.views }, query);
}

/**
 * One record as its form reads it. An entity with an owner column answers the caller's own
 * records only (`caller`: the signed-in email); without a caller such an entity answers none.
 */
export async function readRecord(
  db: Queryable,
  entity: EntitySpec,
  id: string,
  query: { sqlViewName?: string; databaseName?: string } = {},
  caller?: string,
): Promise<Record<string, unknown> | undefined> {
  const view = checkSource(entity, query);
  const key = parseId(id);
  if (entity.owner && caller === undefined) return undefined;
  const owned = entity.owner ? ` AND lower(${quoteIdent(entity.owner)}) = lower($2::text)` : '';
  const { rows } = await db.query<Record<string, unknown>>(
    `SELECT * FROM ${quoteIdent(view)} WHERE ${quoteIdent(entity.key)} = $1::bigint${owned}`,
    entity.owner ? [key, caller] : [key],
  );
  return rows[0];
}

const rightFor = (entity: EntitySpec, kind: FormKind) =>
  entityRight(entity, kind === 'create' ? 'Create' : kind === 'edit' ? 'Edit' : 'BulkEdit');

export async function createRecord(
  db: Db,
  entity: EntitySpec,
  payload: SavePayload,
  actor: string,
  afterWrite?: StoredRowCheck,
): Promise<SaveResult> {
  const procedure = registeredProcedure(entity, 'create', payload.storeProcedure);
  checkDatabase(entity, payload.databaseName);
  const fields = await loadFormFields(db, rightFor(entity, 'create'), 'create');
  const { values } = await checkValues(db, fields, payload, { requireAll: true });
  delete values[entity.key];
  // A key generator field gets a new key's hash; the key itself is answered once, below.
  const generatedKey = applyKeyGenerators(fields, values, 'create');
  const result = await runWrite(db, entity, 'create', procedure, values, actor, undefined, afterWrite);
  return {
    isSuccess: true,
    id: result.id ?? null,
    message: result.message ?? '',
    ...(generatedKey ? { generatedKey } : {}),
  };
}

export async function updateRecord(
  db: Db,
  entity: EntitySpec,
  id: string,
  payload: SavePayload,
  actor: string,
  ifMatch?: string,
  afterWrite?: StoredRowCheck,
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
  // A key generator field keeps its hash unless the form asked for a new key.
  const generatedKey = applyKeyGenerators(fields, values, 'edit');
  const result = await runWrite(
    db,
    entity,
    'update',
    procedure,
    { ...values, [entity.key]: id, rowVersion: version },
    actor,
    () => readRecord(db, entity, id),
    afterWrite,
  );
  return {
    isSuccess: true,
    id: result.id ?? id,
    message: result.message ?? '',
    ...(generatedKey ? { generatedKey } : {}),
  };
}

export async function publishRecord(
  db: Db,
  entity: EntitySpec,
  body: { id: unknown; storeProcedure?: string | undefined },
  actor: string,
): Promise<SaveResult> {
  const procedure = registeredProcedure(entity, 'publish', body.storeProcedure);
  const key = parseId(String(body.id ?? ''));
  const result = await runWrite(db, entity, 'publish', procedure, { [entity.key]: key }, actor);
  return { isSuccess: true, id: result.id ?? key, message: result.message ?? '' };
}

/** A save's or delete's `databaseName` must be one the entity registers (sources.ts). */
function checkDatabase(entity: EntitySpec, databaseName: string | undefined): void {
  registeredView(entity, { databaseName });
}

export interface DeleteBody {
  storeProcedure?: string | undefined;
  databaseName?: string | undefined;
  values?: Array<{ mapkey: string; value: unknown }> | undefined;
}

/**
 * Deletes one record. The body may name the registered procedure and give
 * values of the entity's delete keys; the key in the path is the one that counts.
 */
export async function deleteRecord(
  db: Db,
  entity: EntitySpec,
  id: string,
  body: DeleteBody,
  query: { sqlViewName?: string | undefined; databaseName?: string | undefined },
  actor: string,
): Promise<SaveResult> {
  const procedure = registeredProcedure(entity, 'delete', body.storeProcedure);
  // The list's views: a delete reads no view, but a named one must still be registered.
  registeredView(entity, {
    databaseName: body.databaseName ?? query.databaseName,
    sqlViewName: query.sqlViewName,
  });
  if (!ID.test(id)) throw new HttpError(400, 'The id must be a whole number');
  // The id travels as text: the procedure casts it, and a JS number would round ids past 2^53.
  const values: Record<string, unknown> = { [entity.key]: id };
  for (const pair of body.values ?? []) {
    if (!entity.deleteKeys.includes(pair.mapkey)) {
      throw new HttpError(
        400,
        `values: "${String(pair.mapkey).slice(0, 50)}" is not a delete key of ${entity.entity}`,
      );
    }
    if (pair.mapkey === entity.key && String(pair.value) !== id) {
      throw new HttpError(400, `values: ${entity.key} does not match the id in the path`);
    }
    values[pair.mapkey] = pair.value;
  }
  const result = await runWrite(db, entity, 'delete', procedure, values, actor);
  return { isSuccess: true, id: result.id ?? id, message: result.message ?? '' };
}
