/**
 * What the fifteen catalogue areas (price-watch and merchant records, location keywords) share:
 * their standard fields and the shape of a merchant area. Each area's folder states only what is
 * its own; each creates its table in its own migrations folder (docs/adr/0012-catalogue.md).
 */
import { type EntityAction, MAP_STATUS_LABELS } from '@bm/contracts';
import {
  type AreaField,
  type DropdownSpec,
  defineArea,
  type EntityManifest,
  type FormSettings,
  type FormSpec,
  type ListSpec,
  type MapKind,
  type MapListSpec,
  searchable,
  type Tags,
} from './manifest.ts';

/** An area's map list, as the catalogue areas state it (the rest follows from the side). */
interface MapInput {
  kind: MapKind;
  api: string;
  codeLabel: string;
  detailLabel?: string;
  /** The record's fields above the grid (default: every listed field but the id and audit ones). */
  header?: readonly string[];
}

const MAPPABLE: readonly EntityAction[] = ['List', 'View', 'Create', 'Edit', 'Delete', 'GetMap', 'Map'];
/**
 * A list-only area's actions: its list, its records read one by one, and its map list. No Create,
 * Edit or Delete, so no such rights, screens, row actions or routes (their paths answer 405).
 */
const LIST_AND_MAP: readonly EntityAction[] = ['List', 'View', 'GetMap', 'Map'];

export const required = { name: 'required', message: 'This field is required' };
export const maxLength = (value: number) => ({
  name: 'maxlength',
  value,
  message: `At most ${value} characters`,
});

/** An e-mail address: one wording wherever a form asks for one. */
export const emailRule = {
  name: 'pattern',
  value: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+',
  message: 'An e-mail address, as in ana@example.com',
};

export const idField: AreaField = {
  key: 'id',
  label: 'Id',
  type: 'number',
  readOnly: true,
  form: { type: 'number', cssClass: 'readonly', notOnCreate: true },
};

/**
 * A column of a record nobody edits (a log entry, a journal line, a run): listed, and shown
 * read-only on the view page. `extra` adds to it (`list: { visible: false }`, `searchable`).
 */
export const shownField = (
  key: string,
  label: string,
  type: 'number' | 'text' | 'datetime',
  extra: Partial<AreaField> = {},
): AreaField => ({ key, label, type, readOnly: true, form: { type, cssClass: 'readonly' }, ...extra });

const nameField = (label = 'Name'): AreaField => ({
  key: 'name',
  label,
  type: 'text',
  searchable: true,
  form: { type: 'text', validations: [required, maxLength(200)] },
});

/** A business code: capitals, digits and dashes, as the table's check allows. */
export const codeField = (label: string, pattern: string, message: string, extra: FormSettings = {}) =>
  ({
    key: 'code',
    label,
    type: 'text',
    searchable: true,
    form: {
      type: 'text',
      validations: [required, { name: 'pattern', value: pattern, message }],
      ...extra,
    },
  }) satisfies AreaField;

/** An airport's three-letter IATA code; `form` adds to its form spec (when it shows, is required). */
export const iataField = (form: FormSettings = {}): AreaField => ({
  key: 'iataCode',
  label: 'IATA code',
  type: 'text',
  form: {
    type: 'text',
    validations: [{ name: 'pattern', value: '[A-Z]{3}', message: 'Three capitals, as in MAD' }],
    ...form,
  },
});

/** Latitude and longitude, kept out of the list's columns; `form` adds to both form specs. */
export const coordinateFields = (form: FormSettings = {}): AreaField[] =>
  (
    [
      ['latitude', 'Latitude'],
      ['longitude', 'Longitude'],
    ] as const
  ).map(([key, label]) => ({
    key,
    label,
    type: 'decimal',
    list: { visible: false },
    form: { type: 'decimal', ...form },
  }));

export const enabledField: AreaField = {
  key: 'enabled',
  label: 'Enabled',
  type: 'boolean',
  insertDefault: 'true',
  form: { type: 'boolean' },
};

export const updatedFields: readonly AreaField[] = [
  { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true, list: { visible: false } },
  { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true, list: { visible: false } },
];

/** A price-watch record picked by name in a form, stored as its id (`idKey`). */
export const pickedBy = (
  key: string,
  label: string,
  select: string,
  idKey: string,
  lookup: string,
  extra: Partial<FormSettings> = {},
): AreaField => ({
  key,
  label,
  type: 'text',
  select,
  idKey,
  form: {
    type: 'combobox',
    source: `/api/dropdowns/${lookup}`,
    displayFieldName: 'name',
    valueFieldName: 'id',
    validations: [required],
    ...extra,
  },
});

/**
 * A field naming a record of another area (`entity`): a link in grids and views, and a related list
 * on that record's view (`AreaField.refersTo`). `idKey` names the key holding the record's id when
 * it is not the field's own (a field showing a name beside a separate id field).
 */
export const refersTo = (entity: string, field: AreaField, idKey?: string): AreaField => ({
  ...field,
  refersTo: { entity, ...(idKey === undefined ? {} : { idKey }) },
});

/**
 * The reservation a record is about (a payment, a customer service case): its number in grids and
 * views, a link to it and searchable; picked in forms from the reservations by number (its id saved
 * as `reservationId`; the area joins reservations as `r`). Picking one reads it and fills
 * `prefillFields` from it; `form` is the rest of what the area's form does with the field.
 */
export const reservationField = (
  prefillFields: readonly string[],
  form: Partial<FormSettings> = {},
): AreaField =>
  searchable(
    refersTo(
      'Reservation',
      pickedBy('reservationNumber', 'Reservation', 'r.reservation_number', 'reservationId', 'reservations', {
        type: 'autocomplete',
        ...form,
        changedEvent: '/api/reservations/{value}',
        prefillFields: [...prefillFields],
      }),
    ),
  );

/**
 * The escalation policy a record follows (an exception, a threshold): its name in grids and views,
 * a link to it, picked in forms from the policies (its id saved as `escalationPolicyId`; the area
 * joins the policies as `p`). `form` is what the area's form adds (an optional pick: no validations).
 */
export const escalationPolicyField = (form: Partial<FormSettings> = {}): AreaField =>
  refersTo(
    'EMEscalationPolicy',
    pickedBy(
      'escalationPolicyName',
      'Escalation policy',
      'p.name',
      'escalationPolicyId',
      'em-escalation-policies',
      { type: 'combobox', ...form },
    ),
  );

interface PricewatchAreaInput
  extends Pick<
    EntityManifest,
    | 'entity'
    | 'label'
    | 'singular'
    | 'icon'
    | 'segment'
    | 'api'
    | 'table'
    | 'joins'
    | 'rightOverrides'
    | 'dropdowns'
    | 'sample'
    | 'demo'
  > {
  /** Fields of its own, between the name and Enabled. */
  fields: readonly AreaField[];
  /** Over the default list: sorted by name, back to the list after a create. */
  list?: Partial<ListSpec>;
  form?: FormSpec;
  /** Its map list: the merchant records that are, or may be, each record. */
  map: MapInput;
}

const HEADER_SKIP = new Set(['id', 'enabled', 'updatedAt', 'updatedBy', 'mapNote', 'latitude', 'longitude']);

/** The map list of an area: its header shows the record's listed fields. */
function mapListSpec(
  input: MapInput,
  side: MapListSpec['side'],
  title: string,
  fields: readonly AreaField[],
): MapListSpec {
  const header =
    input.header ??
    fields.filter((f) => f.list !== false && !HEADER_SKIP.has(f.key) && !f.list?.hidden).map((f) => f.key);
  return {
    side,
    title,
    header,
    kind: input.kind,
    api: input.api,
    codeLabel: input.codeLabel,
    ...(input.detailLabel ? { detailLabel: input.detailLabel } : {}),
  };
}

/**
 * A price-watch area: records we compare, each with an id, a name, its own fields, Enabled and who
 * changed it last, mapped onto from the merchant areas; its SQL is generated.
 */
export function pricewatchArea({
  fields,
  list,
  form = {},
  map,
  ...rest
}: PricewatchAreaInput): EntityManifest {
  const all = [idField, nameField(), ...fields, enabledField, ...updatedFields];
  return defineArea({
    ...rest,
    group: 'Price-watch',
    actions: MAPPABLE,
    home: true,
    titleField: 'name',
    sql: 'generated',
    list: { sort: { key: 'name', direction: 'ASC' }, createRedirect: true, ...list },
    form,
    fields: all,
    map: mapListSpec(map, 'pricewatch', '{name}', all),
  });
}

/** A merchant record's mapping state, as its list and the map lists show it. */
export const MAP_STATUS: Tags = {
  unmapped: { color: 'gray', label: MAP_STATUS_LABELS.unmapped },
  mapped: { color: 'green', label: MAP_STATUS_LABELS.mapped },
  blacklisted: { color: 'dark', label: MAP_STATUS_LABELS.blacklisted },
  disabled: { color: 'red', label: MAP_STATUS_LABELS.disabled },
};

interface MerchantAreaInput
  extends Pick<EntityManifest, 'entity' | 'label' | 'singular' | 'icon' | 'segment' | 'api' | 'table'> {
  /**
   * The price-watch table its records map onto, the column naming a record there, and its area
   * (`entity`): a record's Mapped to links to the price-watch record, whose view lists the merchant
   * records mapped onto it.
   */
  target: { table: string; label: string; name?: string; entity: string };
  /** Fields of its own, between the name and the mapping. */
  fields?: readonly AreaField[];
  /**
   * List and map list only, as for included items and offices: no create, edit or delete (nor their
   * rights and routes), and no form presets.
   */
  listOnly?: boolean;
  rightOverrides?: EntityManifest['rightOverrides'];
  joins?: string;
  sample?: EntityManifest['sample'];
  dropdowns?: EntityManifest['dropdowns'];
  /** Its map list: the price-watch records each record may be. */
  map: MapInput;
}

/**
 * A merchant area: the records one merchant feed sent, each with the merchant's own code and name,
 * and its mapping onto the price-watch catalogue (status, the record it maps to, the note staff
 * gave). Mapping itself is done from the map list; the form edits what the feed sent.
 */
export function merchantArea(input: MerchantAreaInput): EntityManifest {
  const { target, listOnly, fields = [], joins = '', map, ...rest } = input;
  const mappedName = target.name ?? 'name';
  const all: AreaField[] = [
    idField,
    {
      key: 'merchantName',
      label: 'Merchant',
      type: 'text',
      select: 'm.name',
      idKey: 'merchantId',
      form: {
        type: 'combobox',
        source: '/api/dropdowns/merchants',
        displayFieldName: 'name',
        valueFieldName: 'id',
        validations: [required],
      },
    },
    {
      key: 'externalCode',
      label: "Merchant's code",
      type: 'text',
      searchable: true,
      form: { type: 'text', validations: [required, maxLength(60)] },
    },
    nameField(),
    ...fields,
    { key: 'mapStatus', label: 'Mapping', type: 'text', readOnly: true, list: { tags: MAP_STATUS } },
    // The form shows the state in words ("Mapped to Madrid Barajas"); a select of the states would
    // show the code beside the word.
    {
      key: 'mapState',
      label: 'Mapping',
      type: 'text',
      readOnly: true,
      select: `map_state_text(t.map_status, pw.${mappedName})`,
      list: false,
      form: { type: 'text', cssClass: 'readonly', notOnCreate: true },
    },
    {
      key: 'mappedName',
      label: `Mapped to (${target.label})`,
      type: 'text',
      select: `pw.${mappedName}`,
      form: { type: 'text', cssClass: 'readonly', notOnCreate: true },
      refersTo: { entity: target.entity, idKey: 'mappedId' },
    },
    // The price-watch record's id: Mapped to links to it, and its view lists the records mapped onto it.
    {
      key: 'mappedId',
      label: `Mapped to (${target.label}) id`,
      type: 'number',
      readOnly: true,
      list: { hidden: true },
      record: true,
    },
    { key: 'mapNote', label: 'Mapping note', type: 'text', readOnly: true, list: { visible: false } },
    enabledField,
    ...updatedFields,
    {
      key: 'mapHistory',
      label: 'Mapping history',
      type: 'text',
      readOnly: true,
      select: `map_history_json('${map.kind}', t.id)::text`,
      list: false,
      form: {
        type: 'tableview',
        cssClass: 'readonly',
        notOnCreate: true,
        inputProps: {
          columns: [
            { key: 'when', label: 'When', type: 'datetime' },
            { key: 'by', label: 'By' },
            { key: 'action', label: 'Change' },
            { key: 'to', label: `To (${target.label})` },
            { key: 'from', label: 'Instead of' },
            { key: 'note', label: 'Note' },
          ],
        },
      },
    },
  ];
  return defineArea({
    ...rest,
    group: 'Merchant',
    home: true,
    titleField: 'name',
    actions: listOnly ? LIST_AND_MAP : MAPPABLE,
    sql: 'generated',
    joins: `JOIN merchants m ON m.id = t.merchant_id LEFT JOIN ${target.table} pw ON pw.id = t.mapped_id ${joins}`,
    list: { sort: { key: 'id', direction: 'DESC' } },
    // A list-and-map-only area ships no form presets; the others the standard ones.
    ...(listOnly ? { form: { presets: [] } } : { form: {} }),
    fields: all,
    map: mapListSpec(map, 'merchant', '{name} · {merchantName}', all),
  });
}

/** A lookup of the catalogue, readable with any right of the areas that use it. */
export const lookup = (
  spec: Omit<DropdownSpec, 'rights'> & { rights?: readonly string[] },
): DropdownSpec => ({
  rights: [],
  ...spec,
});
