/**
 * Map lists, derived from the areas that declare one (`map` in the manifest): the catalogue entry
 * the list engine runs (its view is the kind's candidate function, called with the record's id),
 * the default preset of its GetMap right (columns, the four map actions, the header), and the
 * rights and procedure its actions need. The SQL is in the mapping migration
 * (db/migrations/…9800_mapping.sql, with the location ranking in …10890_location-ranking.sql); the design in docs/adr/0013-mapping.md.
 */
import {
  type ColumnDefinition,
  entityRightName,
  MAP_ACTIONS,
  MAP_ROUTE_KEYS,
  type MapActionKey,
  type MapHeader,
  type MapRouteKey,
  mapQueuePathOf,
  type PresetDefinition,
  type RowAction,
} from '@bm/contracts';
import { MAP_STATUS } from '../areas/catalogue.ts';
import { AREA_INDEX } from '../areas/index.ts';
import type { CatalogColumnType, EntityManifest, MapKind, MapListSpec, Tags } from '../areas/manifest.ts';
import { tagOptions } from '../areas/manifest.ts';
import { BASE_LIST_TYPE, type EntitySpec } from './entity-spec.ts';

/**
 * What a map list's actions write, as the server's write path takes it (src/records/write-path.ts,
 * `WriteTarget`): the area's records, the right and the one procedure of each action.
 */
type MapWriteTarget = Pick<EntitySpec, 'entity' | 'singular' | 'rightPrefix' | 'rights'> & {
  procedures: Partial<Record<MapRouteKey, string>>;
};

type QueueFilterSpec = NonNullable<MapHeader['queue']>['filters'][number];
type QueueFilter = QueueFilterSpec['key'];

/**
 * The scope filters the queue and the auto-map offer for a kind: the columns its records have (as
 * `map_kinds` names them in the queue migration, db/migrations/…10950_map-queue.sql).
 */
const QUEUE_FILTERS: Partial<Record<MapKind, readonly QueueFilter[]>> = {
  location: ['merchantId', 'recordKind', 'country'],
  office: ['merchantId', 'recordKind'],
  supplier: ['merchantId'],
  car_class: ['merchantId'],
  car: ['merchantId'],
  option: ['merchantId'],
  included_item: ['merchantId'],
};

const queueFiltersOf = (kind: MapKind): readonly QueueFilter[] => QUEUE_FILTERS[kind] ?? [];

/**
 * The queue's filters as its screen draws them: each key's label and how a value is picked (the
 * merchants' dropdown, the kinds the area's records have under `{api}/queue/kinds`, a country code).
 */
function queueFilterSpec(key: QueueFilter, api: string): QueueFilterSpec {
  if (key === 'merchantId')
    return { key, label: 'Merchant', input: 'lookup', options: '/api/dropdowns/merchants' };
  if (key === 'recordKind') return { key, label: 'Kind', input: 'values', options: `${api}/queue/kinds` };
  return { key, label: 'Country', input: 'code' };
}

export interface MapList {
  area: EntityManifest;
  spec: MapListSpec;
  /** What the list engine reads: the candidate function as the view, its columns. */
  entity: EntitySpec;
  /** The table of the record a list is of (its existence is checked: 404). */
  table: string;
  /** GetMap opens the list. */
  right: string;
  /** The one procedure its actions run. */
  procedure: string;
  /**
   * What its actions write, for the write path: the area's records, the Map right for every action,
   * and the one procedure registered for each.
   */
  target: MapWriteTarget;
  /** The scope filters its queue and auto-map take (none on the price-watch side). */
  queueFilters: readonly QueueFilter[];
}

interface MapColumn {
  key: string;
  label: string;
  type: CatalogColumnType;
  visible?: boolean;
  sort?: 'ASC' | 'DESC';
  marks?: readonly MapActionKey[];
  tags?: Tags;
}

const BOTH: readonly MapActionKey[] = ['map', 'unmap'];
const ALL: readonly MapActionKey[] = ['map', 'unmap', 'ignore', 'disable'];

const HAS_DISTANCE: ReadonlySet<MapKind> = new Set(['location', 'office']);

/**
 * The grid's columns, in rank order (the current mapping first, then the best matches); the two ids every action
 * sends (the merchant record's alone for blacklist and disable).
 */
function columnsOf(spec: MapListSpec): MapColumn[] {
  const distance: MapColumn[] = HAS_DISTANCE.has(spec.kind)
    ? [{ key: 'distanceKm', label: 'Distance (km)', type: 'decimal' }]
    : [];
  const detail: MapColumn[] = spec.detailLabel
    ? [{ key: 'detail', label: spec.detailLabel, type: 'text' }]
    : [];
  const ids: MapColumn[] = [
    { key: 'merchantRecordId', label: 'Merchant record', type: 'number', visible: false, marks: ALL },
    { key: 'pricewatchId', label: 'Price-watch record', type: 'number', visible: false, marks: BOTH },
  ];
  const lead: MapColumn[] = [
    { key: 'rank', label: '#', type: 'number', sort: 'ASC' },
    { key: 'isMapped', label: 'Mapped here', type: 'boolean' },
    { key: 'match', label: 'Match %', type: 'number' },
    { key: 'id', label: 'Id', type: 'number' },
  ];
  if (spec.side === 'merchant')
    return [
      ...lead,
      { key: 'name', label: 'Name', type: 'text' },
      { key: 'code', label: spec.codeLabel, type: 'text' },
      ...detail,
      ...distance,
      // What agreed between the two records ("name: strauss · city: munich · code MUC · 3.2 km").
      { key: 'evidence', label: 'Evidence', type: 'text' },
      { key: 'enabled', label: 'Enabled', type: 'boolean', visible: false },
      ...ids,
    ];
  return [
    ...lead,
    { key: 'merchantName', label: 'Merchant', type: 'text' },
    { key: 'externalCode', label: spec.codeLabel, type: 'text' },
    { key: 'name', label: 'Name', type: 'text' },
    ...detail,
    { key: 'mapStatus', label: 'Mapping', type: 'text', tags: MAP_STATUS },
    { key: 'mappedName', label: 'Mapped to', type: 'text' },
    ...distance,
    ...ids,
  ];
}

const functionOf = (spec: MapListSpec): string =>
  spec.side === 'merchant' ? `map_${spec.kind}_candidates` : `map_${spec.kind}_merchants`;

export const procedureOf = (kind: MapKind): string => `bm_map_${kind}`;

function mapListOf(area: EntityManifest, spec: MapListSpec): MapList {
  const right = entityRightName(area.entity, 'GetMap', area.rightOverrides);
  const view = functionOf(spec);
  const procedure = procedureOf(spec.kind);
  if (!area.table) throw new Error(`Area ${area.entity} declares a map list but no table`);
  return {
    area,
    spec,
    queueFilters: spec.side === 'merchant' ? queueFiltersOf(spec.kind) : [],
    table: area.table,
    right,
    procedure,
    target: {
      entity: area.entity,
      singular: area.singular,
      rightPrefix: `BMTools/${area.entity}`,
      rights: { Map: entityRightName(area.entity, 'Map', area.rightOverrides) },
      procedures: Object.fromEntries(MAP_ROUTE_KEYS.map((key) => [key, procedure])),
    },
    entity: {
      entity: `${area.entity}Map`,
      api: spec.api,
      rightPrefix: `BMTools/${area.entity}`,
      rights: { List: right },
      view,
      views: [view],
      dataSources: ['main'],
      key: 'id',
      deleteKeys: [],
      columns: columnsOf(spec).map((c) => ({ name: c.key, type: c.type, filterable: true, sortable: true })),
      procedures: {},
    },
  };
}

export const MAP_LISTS: readonly MapList[] = AREA_INDEX.flatMap((area) =>
  area.kind === 'entity' && area.map ? [mapListOf(area, area.map)] : [],
);

/** The mapping queue screen of a kind's merchant records (where a run's notification leads). */
export function mapQueueScreenOf(kind: string): string | undefined {
  const list = MAP_LISTS.find((l) => l.spec.side === 'merchant' && l.spec.kind === kind);
  return list ? mapQueuePathOf(list.area.segment) : undefined;
}

function gridColumn(column: MapColumn): ColumnDefinition {
  const marks = Object.fromEntries((column.marks ?? []).map((m) => [m, true]));
  return {
    key: column.key,
    mapKey: column.key,
    column: column.label,
    type: column.tags ? 'combobox' : BASE_LIST_TYPE[column.type],
    visible: column.visible ?? true,
    filterable: true,
    ...(column.key === 'id' ? { primary: true } : {}),
    ...(column.sort ? { sort: column.sort } : {}),
    ...(column.tags ? { tags: column.tags, inputProps: { options: tagOptions(column.tags) } } : {}),
    ...marks,
  };
}

/** Map This or Un Map, whichever applies to the row; blacklist and disable on every row. */
function mapRowActions(procedure: string): RowAction[] {
  const labels: Record<keyof typeof MAP_ACTIONS, string> = {
    mapThis: 'Map This',
    unMap: 'Un Map',
    ignore: 'Add to blacklist',
    disable: 'Disable',
  };
  const when: Partial<Record<keyof typeof MAP_ACTIONS, string>> = { mapThis: '!isMapped', unMap: 'isMapped' };
  return (Object.keys(MAP_ACTIONS) as (keyof typeof MAP_ACTIONS)[]).map((type, index) => ({
    type,
    label: labels[type],
    order: index + 1,
    storedProcedure: procedure,
    ...(when[type] ? { visibleWhen: when[type] } : {}),
  }));
}

/** The default preset of the map list's GetMap right. */
export function mapPresetOf(
  area: EntityManifest,
): { rightName: string; definition: PresetDefinition } | undefined {
  const map = area.map;
  if (!map) return undefined;
  const list = mapListOf(area, map);
  const fieldOf = (key: string) => area.fields?.find((f) => f.key === key);
  const headerField = (key: string): MapHeader['fields'][number] => {
    const field = fieldOf(key);
    const tags = field && typeof field.list === 'object' ? field.list.tags : undefined;
    return { key, label: field?.label ?? key, ...(tags ? { tags } : {}) };
  };
  const merchantSide = map.side === 'merchant';
  return {
    rightName: list.right,
    definition: {
      source: map.api,
      settings: {
        pageItems: 20,
        paging: true,
        mapHeader: {
          source: area.api,
          title: map.title,
          fields: map.header.map(headerField),
          ...(merchantSide
            ? {
                recordActions: { storedProcedure: list.procedure },
                queue: {
                  path: mapQueuePathOf(area.segment),
                  filters: queueFiltersOf(map.kind).map((key) => queueFilterSpec(key, map.api)),
                },
              }
            : {}),
        },
      },
      actions: {},
      rowActions: mapRowActions(list.procedure),
      definition: columnsOf(map).map(gridColumn),
    },
  };
}
