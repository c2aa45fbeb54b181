/**
 * An area module's manifest: everything the console needs to know about one business area, stated
 * once. The catalogue entry, the default presets, the right names, the routes, the menu entry and,
 * for areas that use them, the standard list view and save/delete/publish procedures are all
 * derived from it, in `apps/api/catalog/` and nowhere else. How to add an area: docs/areas.md.
 *
 * This file is the kit the manifests are written with, and it stands alone: it imports only
 * `@bm/contracts`, so the areas depend on nothing of the server and the catalogue's derivation can
 * depend on them without a loop (test/import-direction.test.ts keeps it so).
 */
import type {
  ColumnType,
  EntityAction,
  FormFieldSpec,
  PresetDefinition,
  PresetSettings,
  RequiredParam,
  RowAction,
  RuleSettings,
} from '@bm/contracts';

/** A field's storage and filter type; the catalogue entry's column type. */
export type CatalogColumnType = 'text' | 'number' | 'decimal' | 'boolean' | 'date' | 'datetime';

/**
 * What a demo seed needs of the database: one query with parameters, answering its rows. The
 * server's pool and its clients (pg's Pool and PoolClient) have this shape, so a seed runs on
 * either without the areas importing the server's database module.
 */
export interface Queryable {
  query<R extends object = Record<string, unknown>>(
    text: string,
    values?: unknown[],
  ): Promise<{ rows: R[]; rowCount: number | null }>;
}

/** The kind of value a lookup's query parameter takes (see `DropdownSpec.filters`). */
export type LookupFilterType = 'integer' | 'boolean' | 'text';

/**
 * A lookup an area registers for `GET /api/dropdowns/{name}`: the view it reads, its columns, the
 * column an autocomplete `name` filters on, and the rights that may read it. Only registered views
 * may ever be read as lookups; the catalogue adds the rights of every form that uses one
 * (catalog/dropdowns.ts).
 */
export interface DropdownSpec {
  name: string;
  view: string;
  /**
   * Any one of these rights reads the lookup: the List/View right of the data's own area, and the
   * rights of every form and list whose fields take their options from it (so an editor of a form
   * can fill its dropdown without seeing the data's list).
   */
  rights: readonly string[];
  /** Columns returned, in order: value/label or id/name rows. */
  columns: readonly string[];
  searchColumn: string;
  orderBy: string;
  /**
   * Query parameters that narrow the rows, each an equality on one view column: `integer` takes
   * digits, `boolean` takes true/false (a bare `&enabled` means true), `text` takes the exact text.
   * Any other parameter is ignored.
   */
  filters?: Readonly<Record<string, { column: string; type: LookupFilterType }>>;
}

export type MenuGroup =
  | 'Price-watch'
  | 'Merchant'
  | 'Content'
  | 'Reservations & payments'
  | 'Exception management'
  | 'Tools'
  | 'Administration';

/** Coloured tags per value of a status-like column: the grid's tags and the filter's options at once. */
export type Tags = Record<string, { color: string; label: string }>;

/** The tags as select options: each value with its label (a form's choice, a list filter's). */
export const tagOptions = (tags: Tags): { value: string; label: string }[] =>
  Object.entries(tags).map(([value, tag]) => ({ value, label: tag.label }));

/** How one field shows in the list: its grid column and what the list endpoint allows on it. */
interface ListSettings {
  /** Shown when the user has not chosen columns (default true). */
  visible?: boolean;
  /** May be filtered (default true). */
  filter?: boolean;
  /** May be sorted (default true). */
  sort?: boolean;
  /** The grid's cell type when it differs from the field's (`link`, `combobox`). */
  type?: ColumnType;
  inputProps?: Record<string, unknown>;
  /** Coloured tags per value; also the filter's options. */
  tags?: Tags;
  /** Only in the list view, never in the grid preset (e.g. a flag a row action reads). */
  hidden?: boolean;
}

/**
 * How one field shows in the create, edit and view forms (the preset's field spec), with the
 * business rules that depend on other values (`RuleSettings` of @bm/contracts, ADR 0027).
 */
export interface FormSettings extends FormFieldSpec, RuleSettings {
  /** Shown on the edit and view forms but never on create (e.g. the id). */
  notOnCreate?: boolean;
  /** Offered by the bulk editor, without its rules. */
  bulk?: boolean;
}

export interface AreaField {
  /** Key on the wire: list column, form mapKey, JSON key of the save payload. */
  key: string;
  label: string;
  /** Storage and filter type. */
  type: CatalogColumnType;
  /** Table column for generated SQL (default: the key in snake_case). */
  column?: string;
  /**
   * SQL the generated list view reads instead of the column, over the area's table as `t` and the
   * manifest's `joins` (e.g. a parent's name). Such a field is never written.
   */
  select?: string;
  /** In the list (default) or not. */
  list?: ListSettings | false;
  /** In the forms, or not (default: not). */
  form?: FormSettings;
  /** Never written by the generated save (ids, audit columns, status set by publish). */
  readOnly?: boolean;
  /** Value the generated insert stores when the payload leaves the field out (SQL literal). */
  insertDefault?: string;
  /**
   * For a name shown in place of an id (a `select`, e.g. the location's name): the form edits the
   * id, sent under this key (the field's `mapKeyId`), and the generated save writes it to `idColumn`
   * (default: this key in snake_case). The record view carries both, so the form shows the name.
   */
  idKey?: string;
  idColumn?: string;
  /**
   * In the record the API answers (GET by id) though not a form field, e.g. a name another
   * area's form reads when it prefills from this record.
   */
  record?: boolean;
  /**
   * The field names a record of another area (a payment's reservation), stated once here: grids
   * and views show it as a link to that record's view, and that record's view lists this area's
   * records that refer to it (catalog/relations.ts). The field shows the other record's name; the
   * id is read from `refersTo.idKey` (default: the field's `idKey`), which must be in this area's
   * list view (a generated list view adds the `idKey` of such a field itself) and, for the view's
   * link, in its record view.
   */
  refersTo?: Reference;
  /**
   * The list's search box looks in this field: `GET {api}?q=…` keeps the rows where any searchable
   * field contains the text, case-insensitively, together with the filters. Only a listed `text`
   * field may be searchable (the derivation refuses any other, naming it); on a large table give the
   * column a trigram index, so a search does not read the whole table.
   */
  searchable?: boolean;
}

/** The other area a field refers to (see `AreaField.refersTo`). */
interface Reference {
  /** That area, by its entity (`Reservation`, as in `BMTools/Reservation/View`). */
  entity: string;
  /** The key holding that record's id, when it is not the field's own `idKey`. */
  idKey?: string;
}

export interface ListSpec {
  /** The initial sort. */
  sort: { key: string; direction: 'ASC' | 'DESC' };
  /** Extra grid settings (e.g. `frozenField`). */
  settings?: Record<string, unknown>;
  /** Redirect after a create from the list's Create button. */
  createRedirect?: boolean;
  /**
   * The list is shown for one parent record when the address names it (this query parameter), and
   * its create form takes the parent from there; with `otherwise`, an address without it goes there
   * (an exception's thresholds need `exceptionId`, else the exceptions list); without, the list shows
   * every parent's records (location keywords).
   */
  requiredParam?: RequiredParam;
  /** Row actions besides the derived ones (e.g. Open, or a location's keywords). */
  extraRowActions?: readonly RowAction[];
  /**
   * Adjustments to the derived row actions (View, Edit when the area saves, Get Map when it maps,
   * Delete when it deletes), e.g. a condition on Delete.
   */
  rowActions?: {
    view?: Partial<RowAction>;
    edit?: Partial<RowAction>;
    delete?: Partial<RowAction>;
  };
}

export interface FormSpec {
  tabs?: PresetDefinition['Tabs'];
  /** Where save returns to (default: the list). */
  redirect?: string;
  /** Presets shipped for these rights only (default: Create, Edit, View and BulkEdit as allowed). */
  presets?: readonly ('Create' | 'Edit' | 'View' | 'BulkEdit')[];
  /** The view form is readonly without a save action (e.g. a record nobody edits). */
  viewOnly?: boolean;
  /** Settings of the form presets (e.g. `hideToolbarActions: ['save']`: Save and close only). */
  settings?: PresetSettings;
}

/**
 * What a record may be mapped as (the seven catalogue kinds, a reservation's or a customer
 * reservation's pick-up place, and the customer reservation an insurance policy covers); each names
 * its SQL (docs/adr/0013-mapping.md).
 */
export type MapKind =
  | 'location'
  | 'supplier'
  | 'car_class'
  | 'car'
  | 'option'
  | 'included_item'
  | 'office'
  | 'reservation'
  | 'customer_reservation'
  | 'insurance';

/**
 * The area's map list (`/{segment}/:id/getmap`): one of its records above the records it may be.
 * A merchant area lists price-watch candidates; a price-watch area the merchant records.
 */
export interface MapListSpec {
  /** `GET {api}?id=` lists; `POST {api}/map`, `/unmap`, `/ignore`, `/disable` act. */
  api: string;
  kind: MapKind;
  side: 'merchant' | 'pricewatch';
  /** The page title, `{field}` filled from the record (e.g. `{name} · {merchantName}`). */
  title: string;
  /** The record's fields shown above the grid, by key (labels from `fields`). */
  header: readonly string[];
  /** Labels of the grid's code and detail columns for this kind. */
  codeLabel: string;
  /** Without it the grid has no detail column (the kind has nothing more to say). */
  detailLabel?: string;
}

/** Procedures the area writes through; the standard ones are generated unless named here. */
interface ProcedureNames {
  save?: string;
  delete?: string;
  publish?: string;
  setIsActiveCustomer?: string;
}

/** A sample value, or `{sql}`: a query whose one value is taken (the id of a demo row it refers to). */
export type SampleValue = string | number | boolean | null | { sql: string };

export interface EntityManifest {
  kind: 'entity';
  /** Entity segment of the right names: `BMTools/{entity}/{Action}`. */
  entity: string;
  /** Menu label, as the list page is headed. */
  label: string;
  /** One record, in messages ("Rule saved"). */
  singular: string;
  group: MenuGroup;
  icon: string;
  /** First path segment of its screens: `/{segment}/list`. */
  segment: string;
  api: string;
  actions: readonly EntityAction[];
  /** Right names spelled differently from `BMTools/{entity}/{Action}`. */
  rightOverrides?: Partial<Record<EntityAction, string>>;
  /** Tried by the home redirect, in index order, before all other entries. */
  home?: boolean;
  /**
   * The field that names one record as staff know it (`name`, a reservation number): record screens
   * are headed with its value ("Edit page “Home”") and a delete asks about it. `null`: the records
   * have no such name, and screens call a record by its id. Published to the web with the area's
   * routes (`titleField`), so the web never guesses a name from the record's keys.
   */
  titleField: string | null;
  /** The table its standard SQL works on; absent when the area has none (yet). */
  table?: string;
  /**
   * The field holding the email of the record's owner: the list, the page summary and the record
   * are read with it equal to the caller, so nobody sees another's records (exports).
   */
  owner?: string;
  /** Joins the list view adds after `FROM {table} t` (for fields with `select`). */
  joins?: string;
  /** Names of the list and record views (default: `v_{table}` and `v_{table}_record`). */
  views?: { list?: string; record?: string };
  /** Procedures the area wrote itself; every other standard one is generated. */
  procedures?: ProcedureNames;
  /**
   * `generated`: the list view, record view and procedures come from the fields (catalog/area-sql.ts);
   * `own`: the area's migrations create them.
   */
  sql?: 'generated' | 'own';
  /** Path of the bulk update when it is not `PUT {api}`. */
  bulkPath?: string;
  fields?: readonly AreaField[];
  /**
   * The list and form presets (`form: {}` ships the standard forms). A changed preset reaches every
   * database at its next start by the hash of its content (docs/adr/0025-one-sync-rule.md).
   */
  list?: ListSpec;
  form?: FormSpec;
  /** Presets beyond the derived ones (a view of another shape, a right with its own screen). */
  extraPresets?: readonly { rightName: string; definition: PresetDefinition }[];
  dropdowns?: readonly DropdownSpec[];
  map?: MapListSpec;
  /**
   * One valid record as its form would send it: the generated per-area tests create, read, edit and
   * delete it through the API (test/area-records.test.ts).
   */
  sample?: Readonly<Record<string, SampleValue>>;
  /** Demo rows for a new database (`npm run seed`, and the first start when empty). */
  demo?: (db: Queryable, options: { scale: number }) => Promise<void>;
}

export interface ToolManifest {
  kind: 'tool';
  /** The tool right, a bare name. */
  right: string;
  label: string;
  group: MenuGroup;
  icon: string;
  /** The tool page's path. */
  path: string;
  /** Key into the runtime config's `toolUrls`. */
  toolKey: string;
  home?: boolean;
}

export type AreaManifest = EntityManifest | ToolManifest;

/** The field, searchable by the list's search box (for fields a helper makes, e.g. `pickedBy`). */
export const searchable = (field: AreaField): AreaField => ({ ...field, searchable: true });

export const defineArea = (manifest: Omit<EntityManifest, 'kind'>): EntityManifest => ({
  kind: 'entity',
  ...manifest,
});
