/**
 * Turns a save payload's `values` into the object a procedure receives, refusing anything the form
 * does not have: every key must be a field of the action's form (or its `mapKeyId` companion),
 * plus `rowVersion` and `markedFields`; read-only fields are dropped; with `markedFields` only the
 * marked fields pass. All failures are collected as `errors[mapKey]` (400).
 */
import type { SavePayload } from '@bm/contracts';
import { HttpError } from '../http/http-error.ts';
import { checkField } from './field-rules.ts';
import type { FormField } from './form-spec.ts';

export interface CheckedValues {
  values: Record<string, unknown>;
  rowVersion: number | undefined;
  marked: string[] | undefined;
}

const MARK_MESSAGE = 'Please choose at least one more fields for the changes.';

export function checkValues(
  fields: Map<string, FormField>,
  payload: SavePayload,
  opts: { requireAll: boolean; requireMarked?: boolean },
): CheckedValues {
  const byKey = new Map<string, FormField>();
  for (const field of fields.values()) {
    byKey.set(field.mapKey, field);
    if (field.spec.mapKeyId) byKey.set(field.spec.mapKeyId, field);
  }
  const errors: Record<string, string> = {};
  const raw = new Map<string, unknown>();
  let rowVersion: number | undefined;
  let marked: string[] | undefined;
  for (const { mapkey, value } of payload.values) {
    if (raw.has(mapkey) || (mapkey === 'rowVersion' && rowVersion !== undefined)) {
      errors[mapkey] = 'Is given twice';
    } else if (mapkey === 'rowVersion') {
      rowVersion = Number(value);
      if (!Number.isSafeInteger(rowVersion)) errors.rowVersion = 'Must be a whole number';
    } else if (mapkey === 'markedFields') {
      marked = String(value ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean);
    } else if (!byKey.has(mapkey)) {
      errors[mapkey.slice(0, 100)] = 'Is not a field of this form';
    } else {
      raw.set(mapkey, value);
    }
  }
  if (marked) {
    for (const key of marked) if (!byKey.has(key)) errors[key.slice(0, 100)] = 'Is not a field of this form';
    if (marked.length === 0) throw new HttpError(400, MARK_MESSAGE, { markedFields: MARK_MESSAGE });
  } else if (opts.requireMarked) {
    throw new HttpError(400, MARK_MESSAGE, { markedFields: MARK_MESSAGE });
  }

  const values: Record<string, unknown> = {};
  for (const [key, field] of byKey) {
    if (field.readOnly || (marked && !marked.includes(field.mapKey))) continue;
    const given = raw.has(key);
    // Required rules apply to every field of a create, and to fields present in an update.
    if (!given && !(opts.requireAll && key === field.mapKey)) continue;
    const checked = checkField(field.spec, field.column.type, raw.get(key));
    if (checked.ok) values[key] = checked.value;
    else errors[key] = checked.message;
  }
  if (Object.keys(errors).length > 0) {
    throw new HttpError(400, `Please check: ${Object.keys(errors).join(', ')}`, errors);
  }
  return { values, rowVersion, marked };
}
