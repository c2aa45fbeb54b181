/**
 * The one write path (issue 38: one pipeline for every request rule). Every action on a record runs
 * through here: create, update, bulk update, delete, publish and set-active-customer of every
 * catalogue entity, the map lists' map, unmap, blacklist (`ignore`), disable, restore (a
 * blacklisted or disabled record back to Not mapped) and undo, and cancelling an export; in this
 * order (docs/adr/0005-server-lists-presets-records.md, "Write path"):
 * 1. the route declares the right of its action (`writeRight`), which access control checks
 *    before anything else (403);
 * 2. the procedure is the one the catalogue registers for that target and action; a procedure the
 *    request names must be exactly it, so a client's `storeProcedure` is never executed as given
 *    (`registeredProcedure`; an export's cancel runs a fixed statement and names none);
 * 3. it runs in a transaction with the actor from the token, retried once on a serialization
 *    failure or deadlock, a second one being a 409 (`inWriteTransaction`); the transaction names
 *    the actor, action and source for the record journal (journal/write-context.ts); a request
 *    sent with an `Idempotency-Key` claims its key in that transaction, which commits with the
 *    answer, so a retry gets the first answer instead of doing the write again (http/idempotency.ts);
 * 4. PostgreSQL refusals are mapped here and only here, into HttpErrors whose body is
 *    `{message, errors?, current?}` like every other refusal (`mapDatabaseError`). Connection-class
 *    errors pass through untouched: the app's error handler answers them with 503;
 * 5. the procedure's answer is one shape, `ProcedureResult`, settled here into the result or the
 *    refusal (`settle`); each route then sends the part of it its wire shape has.
 */
import type { MapRouteKey } from '@bm/contracts';
import { type EntityAction, type EntitySpec, entityRight } from '../../catalog/entity-spec.ts';
import { quoteIdent } from '../../catalog/identifiers.ts';
import type { Db, Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { inRequestTransaction } from '../http/idempotency.ts';
import { markWrite } from '../journal/write-context.ts';

/** The writes of a catalogue entity's records. */
type RecordAction = Extract<
  EntityAction,
  'create' | 'update' | 'bulkupdate' | 'delete' | 'publish' | 'setIsActiveCustomer'
>;

/** Every action on a record: a catalogue entity's writes, a map list's actions, an export's cancel. */
export type WriteAction = RecordAction | MapRouteKey | 'cancel';

/**
 * What an action acts on: a catalogue entity, the records of a map list, the exports. `entity` and
 * `singular` name it in messages; the right of an action is `{rightPrefix}/{segment}` unless
 * `rights` spells it otherwise.
 */
export type WriteTarget = Pick<EntitySpec, 'entity' | 'singular' | 'rightPrefix' | 'rights'> & {
  procedures: Partial<Record<WriteAction, string>>;
};

/** The right segment each write needs, e.g. `BMTools/Page/BulkEdit` for a bulk update. */
const RIGHT_OF: Record<WriteAction, string> = {
  create: 'Create',
  update: 'Edit',
  bulkupdate: 'BulkEdit',
  delete: 'Delete',
  publish: 'Publish',
  setIsActiveCustomer: 'SetIsActiveCustomer',
  // One right runs every action of a map list.
  map: 'Map',
  unmap: 'Map',
  ignore: 'Map',
  disable: 'Map',
  undo: 'Map',
  restore: 'Map',
  cancel: 'Cancel',
};

export const writeRight = (target: WriteTarget, action: WriteAction): string =>
  entityRight(target, RIGHT_OF[action]);

/**
 * What a procedure answers, the one result shape of every action: what a record procedure
 * `(values jsonb, actor text) → jsonb` returns as it is; a map procedure's answer is read into it
 * (mapping/map-routes.ts).
 */
export interface ProcedureResult {
  isSuccess: boolean;
  id?: number | string | null;
  message?: string;
  /** The record changed since the caller read it: 409 with the record as it is now. */
  conflict?: boolean;
  /** The record (or one it names) does not exist: 404. */
  notFound?: boolean;
  /** The field a refusal is about: its 400 names it. */
  field?: string;
  /**
   * A question or notice for the user instead of a refusal: the answer is sent (200) whatever
   * `isSuccess` says, and the user confirms by sending it back (a map action's `replace:…` or
   * `restore:…`), or reads it (`error`, `success`).
   */
  actionType?: string;
  messageTitle?: string;
  messageContent?: string;
}

/** The registered procedure of an action; a named one (non-empty) must be exactly it. */
export function registeredProcedure(
  entity: WriteTarget,
  action: WriteAction,
  named: string | undefined,
): string {
  const procedure = entity.procedures[action];
  if (!procedure) throw new HttpError(400, `${entity.entity} has no registered ${action} procedure`);
  if (named !== undefined && named !== '' && named !== procedure) {
    throw new HttpError(
      400,
      `storeProcedure "${named.slice(0, 80)}" is not registered for ${entity.entity} ${action}`,
      { storeProcedure: 'Is not registered for this action' },
    );
  }
  return procedure;
}

/** Calls a procedure on a client already inside a transaction; errors are not mapped here. */
export async function callProcedure(
  client: Queryable,
  procedure: string,
  values: Record<string, unknown>,
  actor: string,
): Promise<ProcedureResult> {
  const { rows } = await client.query<{ result: ProcedureResult }>(
    `SELECT ${quoteIdent(procedure)}($1::jsonb, $2::text) AS result`,
    [JSON.stringify(values), actor],
  );
  return rows[0]?.result ?? { isSuccess: false, message: 'The procedure returned nothing' };
}

/** SQLSTATEs after which the same transaction may succeed when run again. */
const RETRYABLE = new Set(['40001', '40P01']);
const BUSY_MESSAGE = 'The record is being changed by another request; try again';

export const isRetryable = (error: unknown): boolean =>
  RETRYABLE.has(String((error as { code?: unknown } | null)?.code ?? ''));

/**
 * Runs `work` in a transaction; a serialization failure or deadlock rolls it back and runs it once
 * more, and a second one is a 409. Every other database refusal is mapped by `mapDatabaseError`.
 * In a request with an `Idempotency-Key` the transaction claims the key first and commits with the
 * request's answer (`inRequestTransaction`).
 */
export async function inWriteTransaction<T>(
  db: Db,
  entity: WriteTarget,
  action: WriteAction,
  work: (client: Queryable) => Promise<T>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await inRequestTransaction(db, async (client) => {
        await markWrite(client, action);
        return work(client);
      });
    } catch (error) {
      if (isRetryable(error) && attempt < 2) continue;
      throw mapDatabaseError(error, entity, action);
    }
  }
}

/**
 * A check of the row a write stored, run in its transaction after the procedure succeeded: its
 * refusal (an HttpError) rolls the write back. The id is the one the procedure answered.
 */
export type StoredRowCheck = (client: Queryable, id: unknown) => Promise<void>;

/** Runs the registered procedure of one record write and settles its answer. */
export async function runWrite(
  db: Db,
  entity: EntitySpec,
  action: WriteAction,
  procedure: string,
  values: Record<string, unknown>,
  actor: string,
  current?: () => Promise<Record<string, unknown> | undefined>,
  afterWrite?: StoredRowCheck,
): Promise<ProcedureResult> {
  return runAction(
    db,
    entity,
    action,
    async (client) => {
      const answer = await callProcedure(client, procedure, values, actor);
      if (answer.isSuccess && afterWrite) await afterWrite(client, answer.id ?? values[entity.key]);
      return answer;
    },
    current,
  );
}

/**
 * Runs one action's work (its procedure call) in the write transaction and settles its answer: the
 * path every action takes, whatever its procedure's signature.
 */
export async function runAction(
  db: Db,
  target: WriteTarget,
  action: WriteAction,
  work: (client: Queryable) => Promise<ProcedureResult>,
  current?: () => Promise<Record<string, unknown> | undefined>,
): Promise<ProcedureResult> {
  return settle(await inWriteTransaction(db, target, action, work), action, current);
}

/**
 * A procedure's answer as the result or the refusal: a success, or an answer asking or telling the
 * user something (`actionType`), is the result; a conflict is a 409 with the current record, a
 * missing row a 404, anything else a 400 (naming the field the procedure names).
 */
async function settle(
  result: ProcedureResult,
  action: WriteAction,
  current?: () => Promise<Record<string, unknown> | undefined>,
): Promise<ProcedureResult> {
  if (result.isSuccess || result.actionType !== undefined) return result;
  if (result.conflict) {
    // 409 {message, current}: the stored record as it is now, so the form can show what changed.
    throw Object.assign(new HttpError(409, result.message ?? 'The record was changed by someone else'), {
      current: (await current?.()) ?? {},
    });
  }
  // A delete procedure's only refusal is a missing row (they predate the notFound flag).
  if (result.notFound || action === 'delete') throw new HttpError(404, result.message ?? 'Not found');
  const message = result.message ?? REFUSED[action];
  throw new HttpError(400, message, result.field ? { [result.field]: message } : undefined);
}

const REFUSED: Record<WriteAction, string> = {
  create: 'The record was not created',
  update: 'The record was not saved',
  bulkupdate: 'The record was not saved',
  delete: 'The record was not deleted',
  publish: 'The record was not published',
  setIsActiveCustomer: 'The active customer was not set',
  map: 'The record was not mapped',
  unmap: 'The mapping was not removed',
  ignore: 'The record was not added to the blacklist',
  disable: 'The record was not disabled',
  undo: 'The change was not undone',
  restore: 'The record was not restored',
  cancel: 'The export was not cancelled',
};

interface PgError {
  code?: string;
  message?: string;
  hint?: string;
  detail?: string;
  column?: string;
  table?: string;
  constraint?: string;
}

const camel = (snake: string) => snake.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
const isPgError = (error: unknown): error is PgError =>
  typeof error === 'object' &&
  error !== null &&
  typeof (error as PgError).code === 'string' &&
  /^[0-9A-Z]{5}$/.test((error as PgError).code ?? '');

/** The form field a refusal is about: its column, the key in its detail, or its constraint's name. */
function fieldOf(e: PgError): string {
  const column =
    e.column ??
    /Key \(([a-z_][a-z0-9_]*)[,)]/.exec(e.detail ?? '')?.[1] ??
    (e.table && e.constraint?.startsWith(`${e.table}_`)
      ? /^(.+)_(?:check|fkey|key)$/.exec(e.constraint.slice(e.table.length + 1))?.[1]
      : undefined);
  return column ? camel(column) : 'values';
}

/**
 * The HINT of a table's check (a trigger's RAISE) whose message states a business rule in the
 * words of the area's manifest (ADR 0027): its refusal is answered with that message, naming its
 * column's field, instead of the bare "Is not acceptable".
 */
const RULE_HINT = 'business rule';

const singular = (entity: WriteTarget) =>
  (entity.singular ?? entity.entity.replace(/([a-z])([A-Z])/g, '$1 $2')).toLowerCase();

/**
 * The HttpError a PostgreSQL refusal of a write becomes. Anything that is not a refusal of the
 * data (a connection error, a bug) is returned unchanged, for the app's error handler.
 */
export function mapDatabaseError(error: unknown, entity: WriteTarget, action: WriteAction): unknown {
  if (error instanceof HttpError || !isPgError(error)) return error;
  const code = error.code ?? '';
  const field = fieldOf(error);
  if (code === '23505') {
    return new HttpError(400, `The ${field} is already used by another record`, {
      [field]: 'Is already used',
    });
  }
  if (code === '23503') {
    // On delete the row is referenced from elsewhere; on a save a value names a missing row.
    if (action === 'delete' || /is still referenced/.test(error.detail ?? '')) {
      const by = (/from table "([^"]+)"/.exec(error.detail ?? '')?.[1] ?? error.table ?? 'other records')
        .replaceAll('_', ' ')
        .slice(0, 80);
      return new HttpError(409, `The ${singular(entity)} is still used by ${by}`);
    }
    return new HttpError(400, `The ${field} refers to a record that does not exist`, {
      [field]: 'Does not exist',
    });
  }
  if (code === '23502') {
    return new HttpError(400, `The ${field} is required`, { [field]: 'This field is required' });
  }
  if (code === '23514' && error.hint === RULE_HINT && error.message) {
    const words = error.message.slice(0, 300);
    return new HttpError(400, words, { [field]: words });
  }
  if (code === '23514' || code.startsWith('22')) {
    return new HttpError(400, `A value is not acceptable (${field})`, { [field]: 'Is not acceptable' });
  }
  if (RETRYABLE.has(code)) return new HttpError(409, BUSY_MESSAGE);
  return error;
}
