/**
 * Deletes a record by running the one procedure the catalogue registers for the entity's delete,
 * in a transaction, with the actor from the token. The request may name that
 * procedure (`storeProcedure`) but never another one.
 */
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { CriteriaError } from '../criteria/criteria.types.ts';
import { quoteIdent } from '../criteria/plan-sql.ts';
import { type Db, withTransaction } from '../db/pool.ts';

export interface DeleteBody {
  storeProcedure?: string | undefined;
  databaseName?: string | undefined;
  values?: Array<{ mapkey: string; value: unknown }> | undefined;
}

export interface ProcedureResult {
  isSuccess: boolean;
  id?: unknown;
  message?: string;
}

export async function runDelete(
  db: Db,
  entity: EntitySpec,
  id: string,
  body: DeleteBody,
  query: { sqlViewName?: string; databaseName?: string },
  actor: string,
): Promise<ProcedureResult> {
  const procedure = entity.procedures.delete;
  if (!procedure) throw new CriteriaError(`${entity.entity} has no registered delete procedure`);
  if (body.storeProcedure !== undefined && body.storeProcedure !== procedure) {
    throw new CriteriaError(
      `storeProcedure "${body.storeProcedure.slice(0, 80)}" is not registered for ${entity.entity} delete`,
    );
  }
  const database = body.databaseName ?? query.databaseName;
  if (database !== undefined && database !== '' && !entity.dataSources.includes(database)) {
    throw new CriteriaError(`databaseName "${database.slice(0, 50)}" is not registered for ${entity.entity}`);
  }
  if (
    query.sqlViewName !== undefined &&
    query.sqlViewName !== '' &&
    !entity.views.includes(query.sqlViewName)
  ) {
    throw new CriteriaError(
      `sqlViewName "${query.sqlViewName.slice(0, 50)}" is not registered for ${entity.entity}`,
    );
  }
  if (!/^\d{1,18}$/.test(id)) throw new CriteriaError('The id must be a whole number');
  // The id travels as text: the procedure casts it, and a JS number would round ids past 2^53.
  const values: Record<string, unknown> = { [entity.key]: id };
  for (const pair of body.values ?? []) {
    if (!entity.deleteKeys.includes(pair.mapkey)) {
      throw new CriteriaError(
        `values: "${String(pair.mapkey).slice(0, 50)}" is not a delete key of ${entity.entity}`,
      );
    }
    if (pair.mapkey === entity.key && String(pair.value) !== id) {
      throw new CriteriaError(`values: ${entity.key} does not match the id in the path`);
    }
    values[pair.mapkey] = pair.value;
  }
  return withTransaction(db, async (client) => {
    const { rows } = await client.query<{ result: ProcedureResult }>(
      `SELECT ${quoteIdent(procedure)}($1::jsonb, $2::text) AS result`,
      [JSON.stringify(values), actor],
    );
    return rows[0]?.result ?? { isSuccess: false, message: 'The procedure returned nothing' };
  });
}
