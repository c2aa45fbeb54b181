/**
 * Bulk edit (`PUT {path}` with a filters query): the marked fields are applied to every
 * record matching the list's criteria, one savepoint per record, and each record's outcome is
 * reported. At most 1,000 records per call, so one request cannot rewrite a whole table.
 */
import type { BulkResult, SavePayload } from '@bm/contracts';
import { type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { columnMap, parseFilters } from '../criteria/parse-criteria.ts';
import { listSql } from '../criteria/plan-sql.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { checkValues } from './check-values.ts';
import { loadFormFields } from './form-spec.ts';
import { applyKeyGenerators } from './key-generator.ts';
import {
  callProcedure,
  inWriteTransaction,
  isRetryable,
  mapDatabaseError,
  registeredProcedure,
  type StoredRowCheck,
} from './write-path.ts';

const MAX_RECORDS = 1000;

export async function bulkUpdate(
  db: Db,
  entity: EntitySpec,
  filters: unknown,
  payload: SavePayload,
  actor: string,
  afterWrite?: StoredRowCheck,
): Promise<BulkResult> {
  const procedure = registeredProcedure(entity, 'bulkupdate', payload.storeProcedure);
  const fields = await loadFormFields(db, entityRight(entity, 'BulkEdit'), 'bulkupdate');
  const { values } = await checkValues(db, fields, payload, { requireAll: false, requireMarked: true });
  delete values[entity.key];
  // A key generator field is never bulk-written: a new key per record could be shown to no one.
  applyKeyGenerators(fields, values, 'bulkupdate');
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`${entity.entity} has no key column`);
  const sql = listSql(
    {
      filter: parseFilters(filters, entity),
      sort: [],
      fields: [key],
      pageIndex: 0,
      pageSize: MAX_RECORDS,
      view: entity.view,
    },
    key,
  );
  const { rows } = await db.query<Record<string, number | string>>(sql.text, sql.values);
  if (rows.length > MAX_RECORDS) {
    throw new HttpError(
      400,
      `The filter matches more than ${MAX_RECORDS.toLocaleString('en')} records; narrow it down`,
    );
  }
  const ids = rows.map((r) => String(r[entity.key]));
  // A record the database refuses is rolled back to its savepoint and reported with the same message
  // the single update would answer; a serialization failure or deadlock retries the whole batch.
  const results = await inWriteTransaction(db, entity, 'bulkupdate', async (client) => {
    const outcome: BulkResult['results'] = [];
    for (const id of ids) {
      await client.query('SAVEPOINT bulk_row');
      try {
        const result = await callProcedure(client, procedure, { ...values, [entity.key]: id }, actor);
        if (result.isSuccess && afterWrite) await afterWrite(client, result.id ?? id);
        await client.query(
          result.isSuccess ? 'RELEASE SAVEPOINT bulk_row' : 'ROLLBACK TO SAVEPOINT bulk_row',
        );
        outcome.push({ id: Number(id), applied: result.isSuccess, message: result.message ?? '' });
      } catch (error) {
        if (isRetryable(error)) throw error;
        const mapped = mapDatabaseError(error, entity, 'bulkupdate');
        if (!(mapped instanceof HttpError)) throw mapped;
        await client.query('ROLLBACK TO SAVEPOINT bulk_row');
        outcome.push({ id: Number(id), applied: false, message: mapped.message });
      }
    }
    return outcome;
  });
  const applied = results.filter((r) => r.applied).length;
  return {
    isSuccess: applied === results.length,
    message: `${applied} of ${results.length} records updated`,
    results,
  };
}
