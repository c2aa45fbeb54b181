/**
 * Set active customer: makes one row the active customer of its reservation number, the row
 * customer service treats as current, and every other row of that number inactive. Offered for any
 * entity whose catalogue entry registers a `setIsActiveCustomer` procedure (an area manifest's
 * `procedures.setIsActiveCustomer`), at `PUT {api}/setIsActiveCustomer`.
 *
 * The body is `{ storeProcedure, values: [{ mapkey, value }] }`, naming one row either by its key
 * (`id`) or by `reservationNumber`, `version` and `subversion` together. It is checked here, so a
 * bad one is a 400 naming the field; the procedure then runs through the write path (the registered
 * one only, in a transaction, with the signed-in user as the actor), and answers 404 for a row that
 * does not exist. The procedure locks the number's rows, so concurrent calls end with one active row.
 */
import type { SaveResult } from '@bm/contracts';
import { z } from 'zod';
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { registeredView } from '../catalog/sources.ts';
import type { Db } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';
import { registeredProcedure, runWrite } from './write-path.ts';

/** The keys that may name the row besides the entity's own key. */
const NATURAL_KEYS = ['reservationNumber', 'version', 'subversion'] as const;
const WHOLE = /^\d{1,18}$/;

const setActiveBodySchema = z.object({
  storeProcedure: z.string().max(200).optional(),
  databaseName: z.string().max(100).optional(),
  values: z
    .array(z.object({ mapkey: z.string().max(100), value: z.unknown() }))
    .min(1)
    .max(10),
});

const refuse = (field: string, problem: string): HttpError =>
  new HttpError(400, `${field}: ${problem}`, { [field]: problem });

/** A whole number given as a number or as digits; the text travels on (ids may pass 2^53). */
function wholeNumber(field: string, value: unknown, max?: number): string {
  const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value;
  if (typeof text !== 'string' || !WHOLE.test(text)) throw refuse(field, 'Must be a whole number');
  if (max !== undefined && Number(text) > max) throw refuse(field, `At most ${max}`);
  return text;
}

/** The procedure's values: the row's key, or its number, version and subversion. */
function rowOf(
  entity: EntitySpec,
  pairs: readonly { mapkey: string; value: unknown }[],
): Record<string, string> {
  const given = new Map<string, unknown>();
  for (const { mapkey, value } of pairs) {
    if (mapkey !== entity.key && !(NATURAL_KEYS as readonly string[]).includes(mapkey)) {
      throw new HttpError(400, `values: "${mapkey.slice(0, 50)}" does not name a ${entity.entity} row`, {
        values: `Give ${entity.key}, or ${NATURAL_KEYS.join(', ')}`,
      });
    }
    given.set(mapkey, value);
  }
  if (given.has(entity.key)) return { [entity.key]: wholeNumber(entity.key, given.get(entity.key)) };
  const number = given.get('reservationNumber');
  if (typeof number !== 'string' || number.trim() === '' || number.length > 100) {
    throw refuse('reservationNumber', 'This field is required');
  }
  if (!given.has('version')) throw refuse('version', 'This field is required');
  if (!given.has('subversion')) throw refuse('subversion', 'This field is required');
  return {
    reservationNumber: number.trim(),
    version: wholeNumber('version', given.get('version'), 2_147_483_647),
    subversion: wholeNumber('subversion', given.get('subversion'), 2_147_483_647),
  };
}

export async function setIsActiveCustomer(
  db: Db,
  entity: EntitySpec,
  body: unknown,
  actor: string,
): Promise<SaveResult> {
  const parsed = setActiveBodySchema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const field = String(issue?.path[0] ?? 'values');
    throw new HttpError(400, `Invalid body: ${issue?.path.join('.') || field}`, {
      [field]: issue?.message ?? 'Is not acceptable',
    });
  }
  const procedure = registeredProcedure(entity, 'setIsActiveCustomer', parsed.data.storeProcedure);
  registeredView(entity, { databaseName: parsed.data.databaseName });
  const values = rowOf(entity, parsed.data.values);
  const result = await runWrite(db, entity, 'setIsActiveCustomer', procedure, values, actor);
  return { isSuccess: true, id: result.id ?? values[entity.key] ?? null, message: result.message ?? '' };
}
