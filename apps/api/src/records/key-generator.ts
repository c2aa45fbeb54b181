/**
 * Key generator fields (`keygenerator`): API keys made by the server, shown once, stored as a hash.
 * - A create always gets a new key, whatever the client sent for the field: a client must never
 *   choose a key, nor a hash that it knows the key of.
 * - An edit gets a new key only when the field's value is REGENERATE_KEY (the widget's Generate
 *   new key button); any other value is dropped, so the stored hash stays.
 * - A bulk edit never writes the field (a key per record could not be shown to anyone).
 * The key is `bmk_` and 32 bytes of `crypto.randomBytes` in base64url (256 bits; the prefix lets
 * secret scanners find a leaked key); the field's column receives its SHA-256 in hex. The key goes
 * back to the caller once, in the save answer, and nowhere else: not to the database, not to a log.
 */
import { createHash, randomBytes } from 'node:crypto';
import { REGENERATE_KEY, type SaveResult } from '@bm/contracts';
import type { FormField, FormKind } from './form-spec.ts';

const KEY_PREFIX = 'bmk_';
const KEY_BYTES = 32;

/** The SHA-256 of a key, in lower-case hex: what the database keeps and a caller's key is compared to. */
const hashKey = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

function newKey(): { key: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(KEY_BYTES).toString('base64url')}`;
  return { key, hash: hashKey(key) };
}

const isKeyField = (field: FormField) => (field.spec.type ?? field.column.type) === 'keygenerator';

/**
 * Replaces what the client sent for the form's key generator field (at most one per form) by a new
 * key's hash, or drops it, as above; answers the new key for the save result.
 */
export function applyKeyGenerators(
  fields: ReadonlyMap<string, FormField>,
  values: Record<string, unknown>,
  kind: FormKind,
): SaveResult['generatedKey'] {
  const keyFields = [...fields.values()].filter((f) => isKeyField(f) && !f.readOnly);
  if (keyFields.length > 1) throw new Error('A form may have one key generator field');
  const field = keyFields[0];
  if (!field) return undefined;
  const { mapKey } = field;
  const wanted = kind === 'create' || (kind === 'edit' && values[mapKey] === REGENERATE_KEY);
  delete values[mapKey];
  if (!wanted) return undefined;
  const { key, hash } = newKey();
  values[mapKey] = hash;
  return { mapKey, key };
}
