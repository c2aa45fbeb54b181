/**
 * Bulk edit (`PUT {path}` with a filters query): the marked fields are applied to every
 * record matching the list's criteria, one savepoint per record, and each record's outcome is
 * reported. At most 1,000 records per call, so one request cannot rewrite a whole table.
 *
 * With `ids` in the body (the rows the user ticked) the fields go to exactly those records. The
 * browser is not trusted with them: every id must be a record the list's filter matches in the
 * registered view and one the caller may list (the List right, and the owner column where the
 * entity has one). One id that is not is refused with a 400 naming `ids`, and nothing is written:
 * skipping it silently would change fewer records than the confirmation promised, and the user
 * would not learn why. The check runs in the write's own transaction, so a record leaving the
 * filter between the check and the writes cannot slip through.
 */
import { BULK_MAX_IDS, type BulkResult, type BulkSavePayload } from '@bm/contracts';
import { type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import { columnMap, parseFilters } from '../criteria/parse-criteria.ts';
import { bothGuards, listSql, ownerGuard, type SqlGuard } from '../criteria/plan-sql.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { rightHeldSql } from '../users/users.ts';
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

const MAX_RECORDS = BULK_MAX_IDS;

/** The ids a 400 names at most, so a long list of refused ids stays readable. */
const SHOWN_IDS = 10;

export async function bulkUpdate(
  db: Db,
  entity: EntitySpec,
  filters: unknown,
  payload: BulkSavePayload,
  actor: string,
  afterWrite?: StoredRowCheck,
): Promise<BulkResult> {
  const { ids: ticked, ...save } = payload;
  const procedure = registeredProcedure(entity, 'bulkupdate', save.storeProcedure);
  const fields = await loadFormFields(db, entityRight(entity, 'BulkEdit'), 'bulkupdate');
  const { values } = await checkValues(db, fields, save, { requireAll: false, requireMarked: true });
  delete values[entity.key];
  // A key generator field is never bulk-written: a new key per record could be shown to no one.
  applyKeyGenerators(fields, values, 'bulkupdate');
  const key = columnMap(entity).get(entity.key);
  if (!key) throw new Error(`${entity.entity} has no key column`);
  const filter = parseFilters(filters, entity);
  const wanted = ticked === undefined ? undefined : [...new Set(ticked)];
  // Ticked ids are narrowed in SQL to those the filter matches and the caller may list; the filter
  // alone (no ids) keeps its behaviour from before ticked rows existed.
  const guard: SqlGuard | undefined =
    wanted === undefined
      ? undefined
      : bothGuards(
          bothGuards(
            (param) => rightHeldSql(param(actor, 'text'), param(entityRight(entity, 'List'), 'text')),
            ownerGuard(entity.owner, actor),
          ),
          (param) => `${quoteIdent(key.name)} = ANY(${param(wanted, 'bigint[]')})`,
        );
  const sql = listSql(
    { filter, sort: [], fields: [key], pageIndex: 0, pageSize: MAX_RECORDS, view: entity.view },
    key,
    guard,
  );
  // A record the database refuses is rolled back to its savepoint and reported with the same message
  // the single update would answer; a serialization failure or deadlock retries the whole batch.
  const results = await inWriteTransaction(db, entity, 'bulkupdate', async (client) => {
    const { rows } = await client.query<Record<string, number | string>>(sql.text, sql.values);
    if (rows.length > MAX_RECORDS) {
      throw new HttpError(
        400,
        `The filter matches more than ${MAX_RECORDS.toLocaleString('en')} records; narrow it down`,
      );
    }
    const ids = rows.map((r) => String(r[entity.key]));
    if (wanted) {
      const found = new Set(ids);
      const refused = wanted.filter((id) => !found.has(String(id)));
      if (refused.length > 0) {
        const shown = refused.slice(0, SHOWN_IDS).join(', ');
        const more = refused.length > SHOWN_IDS ? ` and ${refused.length - SHOWN_IDS} more` : '';
        const message = `${refused.length === 1 ? 'Record' : 'Records'} ${shown}${more} cannot be changed here: not in this list's filter, or not yours to list. Nothing was changed.`;
        throw new HttpError(400, message, { ids: message });
      }
    }
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
