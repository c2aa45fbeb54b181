/**
 * The values a detail view shows: each field's stored value through its widget's record adapter, a
 * key-id field by its display text (the record's own mapKey), and a value prefix put back in front.
 */

import type { FormField } from '../../fields/formField.ts';
import type { AdapterOf } from './fieldAdapter.ts';

export function viewValues(
  fields: readonly FormField[],
  record: Readonly<Record<string, unknown>>,
  adapterOf: AdapterOf,
): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const field of fields) {
    if (field.type === 'spacer') continue;
    const raw = record[field.mapKey];
    const adapter = adapterOf(field.type);
    let value = field.spec.mapKeyId || !adapter.fromRecord ? raw : adapter.fromRecord(raw);
    const prefix = field.spec.preFill;
    if (prefix && typeof value === 'string' && value && !value.startsWith(prefix)) value = prefix + value;
    values[field.mapKey] = value;
  }
  return values;
}
