/**
 * The entity catalogue as the server uses it: read from the database once at start (a schema cache,
 * as PostgREST keeps one) and checked, so a bad entry stops the start instead of a request.
 */
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { Queryable } from '../db/pool.ts';

export interface EntityRegistry {
  all: readonly EntitySpec[];
  byApi(api: string): EntitySpec | undefined;
}

function check(entity: EntitySpec): EntitySpec {
  for (const name of [
    entity.view,
    ...entity.views,
    ...(entity.record ? [entity.record.view, ...entity.record.views] : []),
    ...entity.columns.map((c) => c.name),
    ...Object.values(entity.procedures),
    ...(entity.owner ? [entity.owner] : []),
  ]) {
    quoteIdent(name as string);
  }
  const names = new Set(entity.columns.map((c) => c.name));
  for (const key of [entity.key, ...entity.deleteKeys]) {
    if (!names.has(key)) throw new Error(`Catalogue entry ${entity.entity}: key ${key} is not a column`);
  }
  return entity;
}

export async function loadEntityRegistry(db: Queryable): Promise<EntityRegistry> {
  const { rows } = await db.query<{ spec: EntitySpec }>('SELECT spec FROM entity_catalog ORDER BY entity');
  const all = rows.map((r) => check(r.spec));
  const byApi = new Map(all.map((e) => [e.api.toLowerCase(), e]));
  return { all, byApi: (api) => byApi.get(api.toLowerCase()) };
}
