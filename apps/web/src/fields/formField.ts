/**
 * The form's view of a preset: which columns become fields for a screen (a
 * column takes part in a form when it has the screen's `edit`, `create` or
 * `bulkupdate` sub-object), each resolved into one `FormField` with its spec merged over the
 * column's own type, source and input props, ordered by `order`.
 */
import {
  type ColumnDefinition,
  type FieldRule,
  FORM_FIELD_TYPES,
  type FormFieldSpec,
  type FormFieldType,
  formFieldSpecSchema,
  type PresetDefinition,
  parseFieldRules,
} from '@bm/contracts';

export type FormMode = 'edit' | 'create' | 'bulkupdate' | 'view';

export interface FormField {
  /** Column key. */
  key: string;
  /** Where the value lives in the record and in the form's values. */
  mapKey: string;
  label: string;
  type: FormFieldType;
  spec: FormFieldSpec;
  order: number;
  tabId: string | undefined;
  /** A cssClass containing 'readonly'. */
  readOnly: boolean;
  rules: readonly FieldRule[];
  required: boolean;
  /** maxlength becomes the input's limit. */
  maxLength: number | undefined;
  /** Offers a mark box: the field takes part in mark-fields mode. */
  markable: boolean;
}

const isFieldType = (value: unknown): value is FormFieldType =>
  typeof value === 'string' && (FORM_FIELD_TYPES as readonly string[]).includes(value);

function specOf(column: ColumnDefinition, mode: FormMode): Record<string, unknown> | undefined {
  if (mode === 'view') {
    // The detail view shows the view spec where the preset has one, else the edit spec.
    const view = (column as Record<string, unknown>).view;
    if (typeof view === 'object' && view !== null) return view as Record<string, unknown>;
    return column.edit ?? column.create;
  }
  return column[mode];
}

function resolveSpec(column: ColumnDefinition, raw: Record<string, unknown>): FormFieldSpec {
  const parsed = formFieldSpecSchema.safeParse(raw);
  // A spec the schema refuses still renders, as text, rather than hiding a field of the record.
  const spec: FormFieldSpec = parsed.success ? parsed.data : {};
  return {
    ...spec,
    source: spec.source ?? column.source,
    itemType: spec.itemType ?? column.itemType,
    inputProps: { ...column.inputProps, ...spec.inputProps },
    displayFieldName: spec.displayFieldName ?? column.filterOptions?.displayFieldName,
    valueFieldName: spec.valueFieldName ?? column.filterOptions?.valueFieldName,
  };
}

const numberOr = (value: unknown, fallback: number): number =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

export function toFormField(
  column: ColumnDefinition,
  raw: Record<string, unknown>,
  index: number,
): FormField {
  const spec = resolveSpec(column, raw);
  const type = isFieldType(spec.type) ? spec.type : isFieldType(column.type) ? column.type : 'text';
  const rules = parseFieldRules(spec);
  const maxRule = rules.find((r) => r.name === 'maxlength');
  const inputMax = spec.inputProps?.maxLength;
  return {
    key: column.key,
    mapKey: column.mapKey,
    label: spec.label ?? column.column,
    type,
    spec,
    order: numberOr(spec.order, 1000 + index),
    tabId: spec.tabId === undefined ? undefined : String(spec.tabId),
    readOnly: (spec.cssClass ?? '').toLowerCase().includes('readonly'),
    rules,
    required: rules.some((r) => r.name === 'required' || r.name === 'checked'),
    maxLength: maxRule ? maxRule.bound : typeof inputMax === 'number' ? inputMax : undefined,
    markable: spec.isMarked === true,
  };
}

/** The fields of a screen, in `order`; for a view without any view or edit spec, every column. */
export function buildFormFields(definition: PresetDefinition, mode: FormMode): FormField[] {
  const columns = definition.definition;
  let fields = columns.flatMap((column, index) => {
    const raw = specOf(column, mode);
    return raw ? [toFormField(column, raw, index)] : [];
  });
  if (fields.length === 0 && mode === 'view') {
    fields = columns.map((column, index) => toFormField(column, {}, index));
  }
  if (mode === 'bulkupdate') fields = fields.map((f) => ({ ...f, markable: true }));
  return fields.sort((a, b) => a.order - b.order);
}

/** Mark-fields mode is on wherever a field is `isMarked` (and always in the bulk editor). */
export const isMarkMode = (fields: readonly FormField[]): boolean => fields.some((f) => f.markable);
