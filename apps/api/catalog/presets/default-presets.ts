/**
 * The default presets shipped with the catalogue, one per right, derived from the area manifests:
 * an area's list (columns, row actions, sort), its create, edit, view and bulk-edit forms, its map
 * list's GetMap preset (map-lists.ts) and any it declares itself. A manifest states a field once;
 * the grid column, the filter and the form field all come from that one statement. A preset whose
 * content changed is stored as a new version at the next start, found by the hash of its content
 * (src/catalog/sync-presets.ts); screens prefer the latest.
 */
import {
  type ColumnDefinition,
  type ColumnType,
  type EntityAction,
  entityRightName,
  listPathOf,
  type PresetDefinition,
  type RowAction,
} from '@bm/contracts';
import { AREA_INDEX } from '../../areas/index.ts';
import { type AreaField, type EntityManifest, type FormSettings, tagOptions } from '../../areas/manifest.ts';
import { BASE_LIST_TYPE } from '../entity-spec.ts';
import { mapPresetOf } from '../map-lists.ts';
import { objectNames } from '../object-names.ts';

/**
 * A shipped default preset: the right whose screen it is and its definition. It has no version of
 * its own: the start-up sync numbers the versions a database stores (src/catalog/sync-presets.ts).
 */
export interface DefaultPresetSpec {
  rightName: string;
  definition: PresetDefinition;
}

const rightOf = (area: EntityManifest, action: EntityAction): string =>
  entityRightName(area.entity, action, area.rightOverrides);

const listPath = (area: EntityManifest): string => listPathOf(area.segment);

const fieldsOf = (area: EntityManifest): readonly AreaField[] => area.fields ?? [];
const listed = (area: EntityManifest) => fieldsOf(area).filter((f) => f.list !== false);
const formed = (area: EntityManifest) => fieldsOf(area).filter((f) => f.form !== undefined);

/** The grid cell type of a field: declared, a tag column's combobox, or its storage type's. */
function listTypeOf(field: AreaField): ColumnType {
  const list = field.list === false ? undefined : field.list;
  if (list?.type) return list.type;
  if (list?.tags) return 'combobox';
  return BASE_LIST_TYPE[field.type];
}

function listColumn(area: EntityManifest, field: AreaField): ColumnDefinition {
  const list = field.list === false ? {} : (field.list ?? {});
  const column: ColumnDefinition = {
    key: field.key,
    mapKey: field.key,
    column: field.label,
    type: listTypeOf(field),
    visible: list.visible ?? true,
    filterable: list.filter ?? true,
  };
  if (field.key === 'id') Object.assign(column, { primary: true, delete: area.actions.includes('Delete') });
  if (area.list?.sort.key === field.key) column.sort = area.list.sort.direction;
  if (list.tags) {
    column.inputProps = {
      options: tagOptions(list.tags),
    };
    column.tags = list.tags;
  } else if (list.inputProps) column.inputProps = list.inputProps;
  return column;
}

function rowActions(area: EntityManifest): RowAction[] {
  const spec = area.list?.rowActions ?? {};
  const idUrl = (screen: string) => `/${area.segment}/${screen}/{id}`;
  const actions: Omit<RowAction, 'order'>[] = [];
  if (area.actions.includes('View'))
    actions.push({ type: 'view', label: 'View', pageUrl: idUrl('view'), columnKey: 'id', ...spec.view });
  if (area.actions.includes('Edit') && objectNames(area).save)
    actions.push({ type: 'edit', label: 'Edit', pageUrl: idUrl('edit'), columnKey: 'id', ...spec.edit });
  if (area.actions.includes('GetMap'))
    actions.push({
      type: 'getMap',
      label: 'Get Map',
      pageUrl: `/${area.segment}/{id}/getmap`,
      columnKey: 'id',
    });
  const remove = objectNames(area).delete;
  if (remove)
    actions.push({
      type: 'delete',
      label: 'Delete',
      columnKey: 'id',
      storedProcedure: remove,
      ...spec.delete,
    });
  actions.push(...(area.list?.extraRowActions ?? []));
  return actions.map((action, index) => ({ ...action, order: index + 1 }) as RowAction);
}

function listPreset(area: EntityManifest): DefaultPresetSpec | undefined {
  if (!area.list || !area.actions.includes('List')) return undefined;
  const bulk = area.actions.includes('BulkEdit');
  const actions: PresetDefinition['actions'] = {};
  if (area.list.createRedirect) actions.create = { RedirectUrl: listPath(area) };
  if (bulk) actions.bulkupdate = { api: area.bulkPath ?? area.api };
  return {
    rightName: rightOf(area, 'List'),
    definition: {
      source: area.api,
      settings: { pageItems: 20, paging: true, ...(bulk ? { bulkEdit: true } : {}), ...area.list.settings },
      actions,
      rowActions: rowActions(area),
      definition: listed(area)
        .filter((f) => f.list === undefined || f.list === false || !f.list.hidden)
        .map((f) => listColumn(area, f)),
    },
  };
}

type FormKind = 'edit' | 'create' | 'bulkupdate';

/**
 * The column type a form preset carries beside each field's own `type` (the web falls back to it
 * only when a field has none): a choice list stays a combobox, anything else its storage type.
 */
function formColumnType(field: AreaField): ColumnType {
  const list = field.list === false ? undefined : field.list;
  return list?.tags || list?.type === 'combobox' ? 'combobox' : BASE_LIST_TYPE[field.type];
}

function formColumns(
  fields: readonly AreaField[],
  kind: FormKind,
  adjust: (spec: FormSettings) => Partial<FormSettings> = () => ({}),
): ColumnDefinition[] {
  return fields.map((field, index) => {
    const { notOnCreate: _notOnCreate, bulk: _bulk, ...spec } = field.form ?? {};
    return {
      key: field.key,
      mapKey: field.key,
      column: field.label,
      type: formColumnType(field),
      visible: true,
      [kind]: {
        order: index + 1,
        ...(field.idKey ? { mapKeyId: field.idKey } : {}),
        ...spec,
        ...adjust(spec),
      },
    };
  });
}

function formPresets(area: EntityManifest): DefaultPresetSpec[] {
  const form = area.form;
  if (!form) return [];
  const names = objectNames(area);
  const fields = formed(area);
  const tabs = form.tabs ? { Tabs: form.tabs } : {};
  const preset = (
    columns: ColumnDefinition[],
    actions: PresetDefinition['actions'],
    withTabs = true,
  ): PresetDefinition => ({
    source: area.api,
    settings: { ...form.settings },
    definition: columns,
    actions,
    rowActions: [],
    ...(withTabs ? tabs : {}),
  });
  const save = names.save
    ? { storedProcedure: names.save, RedirectUrl: form.redirect ?? listPath(area) }
    : undefined;
  const one = area.singular.toLowerCase();
  const publish = names.publish
    ? {
        publish: {
          api: `${area.api}/publish`,
          titleModal: `Publish ${one}`,
          contentModal: `Publish this ${one} to the live site?`,
        },
      }
    : {};
  const wanted = (right: 'Create' | 'Edit' | 'View' | 'BulkEdit') =>
    area.actions.includes(right) && (!form.presets || form.presets.includes(right));
  const presets: DefaultPresetSpec[] = [];
  const editActions = form.viewOnly || !save ? {} : { edit: save, ...publish };
  const createColumns = () =>
    formColumns(
      fields.filter((f) => !f.form?.notOnCreate),
      'create',
    );
  // An area whose create screen is guarded by its Edit right (`rightOverrides`, e.g. payments) has
  // one preset for that right: a screen finds its preset by right, and a right has one shipped
  // default. Its columns carry both the edit and the create spec; each screen reads its own.
  const shared = wanted('Create') && wanted('Edit') && rightOf(area, 'Create') === rightOf(area, 'Edit');
  if (wanted('Edit') && save) {
    const onCreate = new Map(createColumns().map((c) => [c.key, c.create]));
    const columns = formColumns(fields, 'edit').map((c) =>
      shared && onCreate.has(c.key) ? { ...c, create: onCreate.get(c.key) } : c,
    );
    presets.push({
      rightName: rightOf(area, 'Edit'),
      definition: preset(columns, shared ? { ...editActions, create: save } : editActions),
    });
  }
  if (wanted('Create') && save && !shared)
    presets.push({
      rightName: rightOf(area, 'Create'),
      definition: preset(createColumns(), { create: save }),
    });
  if (wanted('View'))
    presets.push({
      rightName: rightOf(area, 'View'),
      definition: preset(
        formColumns(fields, 'edit', () => ({ cssClass: 'readonly' })),
        editActions,
      ),
    });
  if (wanted('BulkEdit') && save)
    presets.push({
      rightName: rightOf(area, 'BulkEdit'),
      // One flat list of the fields a bulk edit may set, without their rules: a marked field is
      // written to every chosen record as given.
      definition: preset(
        formColumns(
          fields.filter((f) => f.form?.bulk),
          'bulkupdate',
          () => ({ validations: [], isMarked: true }),
        ),
        { bulkupdate: { ...save, api: area.bulkPath ?? area.api } },
        false,
      ),
    });
  return presets;
}

/** The area's shipped presets: its list, its forms, and any it declares itself. */
export function presetsOf(area: EntityManifest): DefaultPresetSpec[] {
  const list = listPreset(area);
  const map = mapPresetOf(area);
  return [...(list ? [list] : []), ...formPresets(area), ...(map ? [map] : []), ...(area.extraPresets ?? [])];
}

export const DEFAULT_PRESETS: readonly DefaultPresetSpec[] = AREA_INDEX.flatMap((area) =>
  area.kind === 'entity' ? presetsOf(area) : [],
);
