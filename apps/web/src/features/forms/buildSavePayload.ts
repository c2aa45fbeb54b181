/**
 * The save payload: `storeProcedure` (or, for a page config, its sqlQuery
 * and databaseName) and `values` as `{mapkey, value}`. A field with a key-id companion sends the id
 * under `mapKeyId`; empty non-text values go as null; a `mapKey_preFill` prefix is prepended; updates
 * carry `rowVersion`; mark-fields mode sends only the marked fields plus `markedFields`. A field
 * hidden for the values (visibleWhen) is not sent, unless it edits an id, which is sent as null.
 */
import { conditionScope, isEmptyValue, isFieldShown, type SavePayload } from '@bm/contracts';
import type { FormField } from '../../fields/formField.ts';
import type { AdapterOf } from './fieldAdapter.ts';
import { preFillKey } from './fieldAdapter.ts';

export const NO_PROCEDURE_MESSAGE = 'there are prolems related to configuration while sent data to API';

export interface PayloadInput {
  fields: readonly FormField[];
  values: Readonly<Record<string, unknown>>;
  procedure: string | undefined;
  databaseName?: string | undefined;
  rowVersion?: number | undefined;
  /** Mark-fields mode: the map keys the user chose. */
  marked?: ReadonlySet<string> | undefined;
  adapterOf: AdapterOf;
}

export const payloadKey = (field: FormField): string => field.spec.mapKeyId || field.mapKey;

function payloadValue(
  field: FormField,
  values: Readonly<Record<string, unknown>>,
  adapterOf: AdapterOf,
): unknown {
  const adapter = adapterOf(field.type);
  let value = values[field.mapKey];
  const prefix = values[preFillKey(field.mapKey)];
  if (
    typeof prefix === 'string' &&
    prefix &&
    typeof value === 'string' &&
    value &&
    !value.startsWith(prefix)
  ) {
    value = prefix + value;
  }
  if (isEmptyValue(value)) return adapter.textual ? '' : null;
  return adapter.toPayload ? adapter.toPayload(value) : value;
}

export function buildSavePayload(input: PayloadInput): SavePayload {
  if (!input.procedure) throw new Error(NO_PROCEDURE_MESSAGE);
  const scope = conditionScope(input.fields, input.values);
  const sent = input.fields.filter(
    (f) =>
      f.type !== 'spacer' &&
      (!input.marked || input.marked.has(f.mapKey)) &&
      (f.spec.mapKeyId || isFieldShown(f.spec, scope)),
  );
  const values: SavePayload['values'] = sent.map((field) => ({
    mapkey: payloadKey(field),
    // A hidden field that edits an id is sent empty: the place it named is not part of this record.
    value: isFieldShown(field.spec, scope) ? payloadValue(field, input.values, input.adapterOf) : null,
  }));
  if (input.rowVersion !== undefined) values.push({ mapkey: 'rowVersion', value: input.rowVersion });
  if (input.marked) values.push({ mapkey: 'markedFields', value: sent.map(payloadKey).join(',') });
  return {
    storeProcedure: input.procedure,
    ...(input.databaseName ? { databaseName: input.databaseName } : {}),
    values,
  };
}
