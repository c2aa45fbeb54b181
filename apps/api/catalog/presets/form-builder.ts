/**
 * Builds form presets (edit, create, view, bulk edit) from one field list, so the catalogue states
 * each field once: its mapKey, label, list type, form type, tab, order and rules.
 */
import type { ColumnDefinition, ColumnType, FormFieldSpec, PresetDefinition } from '@bm/contracts';

export interface FieldSpec extends FormFieldSpec {
  mapKey: string;
  label: string;
  listType: ColumnType;
}

type FormKind = 'edit' | 'create' | 'bulkupdate';

export function formColumns(
  fields: readonly FieldSpec[],
  kind: FormKind,
  overrides: Partial<FormFieldSpec> = {},
): ColumnDefinition[] {
  return fields.map(({ mapKey, label, listType, ...spec }, index) => ({
    key: mapKey,
    mapKey,
    column: label,
    type: listType,
    visible: true,
    [kind]: { order: index + 1, ...spec, ...overrides },
  }));
}

export function formPreset(
  source: string,
  columns: ColumnDefinition[],
  actions: PresetDefinition['actions'],
  tabs?: PresetDefinition['Tabs'],
): PresetDefinition {
  return {
    source,
    settings: {},
    definition: columns,
    actions,
    rowActions: [],
    ...(tabs ? { Tabs: tabs } : {}),
  };
}

export const required = (message = 'This field is required') => ({ name: 'required' as const, message });
export const maxLength = (value: number) => ({
  name: 'maxlength' as const,
  value,
  message: `At most ${value} characters`,
});
