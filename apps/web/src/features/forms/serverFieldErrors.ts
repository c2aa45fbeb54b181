/**
 * A 400's `errors` (contract: `{mapKey: message}`) placed under the fields they name: a key may be
 * the field's map key or the key-id companion the payload sent. Keys naming no field are returned
 * apart, to be alerted rather than lost.
 */

import type { FormField } from '../../fields/formField.ts';
import { payloadKey } from './buildSavePayload.ts';

export function serverFieldErrors(
  fields: readonly FormField[],
  errors: Readonly<Record<string, string>>,
): { byField: Record<string, string>; unplaced: string[] } {
  const byField: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const [key, message] of Object.entries(errors)) {
    const field = fields.find((f) => f.mapKey === key || payloadKey(f) === key);
    if (field) byField[field.mapKey] = message;
    else unplaced.push(`${key}: ${message}`);
  }
  return { byField, unplaced };
}
