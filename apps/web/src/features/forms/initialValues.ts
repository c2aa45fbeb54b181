/**
 * The values a form starts from: a loaded record through each widget's
 * adapter (the id of a key-id companion where the record has it); for a new record the query
 * string's values, else the field's defaultValue. The value prefix is kept as `mapKey_preFill` and
 * taken off a loaded value. The 'user' field gets the signed-in user's email on a new record (and
 * on a stored one that has none).
 */
import { isEmptyValue } from '@bm/contracts';
import { displayKey } from '../../fields/displayKey.ts';
import type { FormField } from '../../fields/formField.ts';
import type { AdapterOf } from './fieldAdapter.ts';
import { preFillKey } from './fieldAdapter.ts';

export type FormValues = Record<string, unknown>;

export interface InitialValuesInput {
  fields: readonly FormField[];
  /** The stored record; undefined for a new one. */
  record: Readonly<Record<string, unknown>> | undefined;
  /** The address's query string, read only for a new record. */
  search: string;
  userEmail: string | undefined;
  adapterOf: AdapterOf;
}

/** Query keys are matched case-insensitively against map keys and key-id companions. */
function queryValues(search: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [key, value] of new URLSearchParams(search)) found.set(key.toLowerCase(), value);
  return found;
}

const own = (record: Readonly<Record<string, unknown>>, key: string | undefined): boolean =>
  key !== undefined && key !== '' && Object.hasOwn(record, key);

function storedValue(field: FormField, record: Readonly<Record<string, unknown>>): unknown {
  const idKey = field.spec.mapKeyId;
  return own(record, idKey)
    ? record[idKey as string]
    : own(record, field.mapKey)
      ? record[field.mapKey]
      : undefined;
}

export function initialValues(input: InitialValuesInput): FormValues {
  const { fields, record, adapterOf } = input;
  const query = record ? undefined : queryValues(input.search);
  const values: FormValues = {};
  for (const field of fields) {
    if (field.type === 'spacer') continue;
    const adapter = adapterOf(field.type);
    let value: unknown;
    if (record) {
      const raw = storedValue(field, record);
      value = adapter.fromRecord ? adapter.fromRecord(raw) : raw;
      if (field.spec.mapKeyId && own(record, field.mapKey))
        values[displayKey(field.mapKey)] = record[field.mapKey];
    } else {
      const named = namedInAddress(field, query);
      const fromQuery = named
        ? undefined
        : ((field.spec.mapKeyId ? query?.get(field.spec.mapKeyId.toLowerCase()) : undefined) ??
          query?.get(field.mapKey.toLowerCase()));
      // A lookup named by what it shows ("reservationNumber=BM-…"), not by its id: shown as asked,
      // with no value until the form finds the record it names (resolveFromAddress).
      if (named !== undefined) values[displayKey(field.mapKey)] = named;
      else if (fromQuery !== undefined) value = adapter.fromQuery ? adapter.fromQuery(fromQuery) : fromQuery;
      else if (field.spec.defaultValue !== undefined) value = field.spec.defaultValue;
    }
    const prefix = field.spec.preFill;
    if (prefix) {
      values[preFillKey(field.mapKey)] = prefix;
      if (typeof value === 'string' && value.startsWith(prefix)) value = value.slice(prefix.length);
    }
    if (field.mapKey.toLowerCase() === 'user' && input.userEmail && (!record || isEmptyValue(value))) {
      value = input.userEmail;
    }
    values[field.mapKey] = value ?? adapter.emptyValue ?? (adapter.textual ? '' : null);
  }
  return values;
}

/**
 * The text the address gives an id-keyed lookup field under the name it shows
 * (`reservationNumber=BM-00019990` for the Reservation field, whose value is `reservationId`), when
 * it does not give the id itself.
 */
function namedInAddress(field: FormField, query: Map<string, string> | undefined): string | undefined {
  const idKey = field.spec.mapKeyId;
  if (!idKey || !query || query.has(idKey.toLowerCase())) return undefined;
  const text = query.get(field.mapKey.toLowerCase())?.trim();
  return text ? text : undefined;
}

/** The lookup fields a new record's address names by what they show, with the text it gives. */
export function namedFromAddress(
  fields: readonly FormField[],
  search: string,
): { field: FormField; text: string }[] {
  const query = queryValues(search);
  return fields.flatMap((field) => {
    const text = namedInAddress(field, query);
    return text === undefined ? [] : [{ field, text }];
  });
}

/** The fields of a new record that take their starting value from the address's query string. */
export function fieldsFromAddress(fields: readonly FormField[], search: string): string[] {
  const query = queryValues(search);
  return fields
    .filter(
      (f) =>
        query.has(f.mapKey.toLowerCase()) ||
        (f.spec.mapKeyId !== undefined && query.has(f.spec.mapKeyId.toLowerCase())),
    )
    .map((f) => f.mapKey);
}
