/**
 * The form an action's values are checked against: the fields of the latest default preset of the
 * action's right (the server's own copy, never the caller's personal preset), with each field's
 * spec for that action (`edit`, `create` or `bulkupdate`).
 */
import type { ColumnDefinition, FormFieldSpec } from '@bm/contracts';
import { presetDefinitionSchema } from '@bm/contracts';
import type { Queryable } from '../db/pool.ts';
import { HttpError } from '../http/http-error.ts';

export type FormKind = 'edit' | 'create' | 'bulkupdate';

export interface FormField {
  mapKey: string;
  column: ColumnDefinition;
  spec: FormFieldSpec;
  readOnly: boolean;
}

export async function loadFormFields(
  db: Queryable,
  rightName: string,
  kind: FormKind,
): Promise<Map<string, FormField>> {
  const { rows } = await db.query<{ definition: unknown }>(
    `SELECT definition FROM presets WHERE name = 'default' AND preset_group_id = 1 AND right_name = $1
      ORDER BY version DESC LIMIT 1`,
    [rightName],
  );
  if (!rows[0]) throw new HttpError(428, 'Missing the default preset.');
  const definition = presetDefinitionSchema.parse(rows[0].definition);
  const fields = new Map<string, FormField>();
  for (const column of definition.definition) {
    const own = column[kind] as FormFieldSpec | undefined;
    if (!own) continue;
    // The column's input props hold for each of its forms, as in the browser: a length rule
    // without a bound takes its `minLength`/`maxLength` from there too.
    const spec = column.inputProps
      ? { ...own, inputProps: { ...column.inputProps, ...own.inputProps } }
      : own;
    fields.set(column.mapKey, {
      mapKey: column.mapKey,
      column,
      spec,
      readOnly: (spec.cssClass ?? '').includes('readonly'),
    });
  }
  return fields;
}
