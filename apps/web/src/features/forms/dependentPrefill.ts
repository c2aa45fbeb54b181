/**
 * Dependent fields: a field whose spec names a `changedEvent` path prefills others when the
 * user changes it. The path takes the new value for `{value}` (and any `{mapKey}` of the form);
 * every key of the answer (its first data row, or the object itself) that is another field of the
 * form sets that field (an id-editing field by its id key, with the answer's text under its map key
 * as what it shows); `prefillFields` narrows that to the fields it lists. A failed prefill fetch is
 * ignored.
 */
import { displayKey } from '../../fields/displayKey.ts';
import type { FormField } from '../../fields/formField.ts';

const TOKEN = /\{([^{}]+)\}/g;

export function prefillUrl(
  field: FormField,
  value: unknown,
  values: Readonly<Record<string, unknown>>,
): string | undefined {
  const template = field.spec.changedEvent?.trim();
  if (!template?.startsWith('/') || template.startsWith('//')) return undefined;
  if (value === null || value === undefined || value === '') return undefined;
  let missing = false;
  const url = template.replace(TOKEN, (_, name: string) => {
    const v = name === 'value' ? value : values[name];
    if (v === null || v === undefined || v === '') missing = true;
    return encodeURIComponent(String(v ?? ''));
  });
  return missing ? undefined : url;
}

function firstRecord(body: unknown): Record<string, unknown> | undefined {
  const data = typeof body === 'object' && body !== null ? (body as { data?: unknown }).data : undefined;
  const candidate = Array.isArray(data) ? data[0] : Array.isArray(body) ? body[0] : (data ?? body);
  return typeof candidate === 'object' && candidate !== null && !Array.isArray(candidate)
    ? (candidate as Record<string, unknown>)
    : undefined;
}

export function prefillValues(
  fields: readonly FormField[],
  source: FormField,
  body: unknown,
): Record<string, unknown> {
  const record = firstRecord(body);
  const values: Record<string, unknown> = {};
  if (!record) return values;
  const only = source.spec.prefillFields;
  // The answer's text for the changed field itself (one that edits an id) is what it shows.
  if (source.spec.mapKeyId && Object.hasOwn(record, source.mapKey) && (!only || only.includes(source.mapKey)))
    values[displayKey(source.mapKey)] = record[source.mapKey];
  for (const field of fields) {
    if (field.mapKey === source.mapKey || field.type === 'spacer') continue;
    if (only && !only.includes(field.mapKey)) continue;
    const idKey = field.spec.mapKeyId;
    if (idKey && Object.hasOwn(record, idKey)) {
      values[field.mapKey] = record[idKey];
      // The answer's text for an id-editing field is what the field shows for that id.
      if (Object.hasOwn(record, field.mapKey)) values[displayKey(field.mapKey)] = record[field.mapKey];
    } else if (Object.hasOwn(record, field.mapKey)) values[field.mapKey] = record[field.mapKey];
  }
  return values;
}
