/**
 * The shipped dashboards (issue 42, docs/adr/0029-dashboards.md) and the rules every dashboard's
 * panels follow, shipped or edited by staff: each a list of panels, each panel
 * one aggregate over one area's list (`GET {api}/aggregate`): its measure, its grouping, the fixed
 * conditions it counts under, and the date column the dashboard's time range applies to. Panels
 * name areas and fields by the manifests' keys; `dashboards()` resolves them against the area index
 * (their API, list page and List right, each condition's column type) and refuses, at start, a
 * panel naming a column its area does not list, so a renamed field cannot break a dashboard
 * silently. Who sees a panel is who may list its area: the API leaves out the others.
 */
import {
  type Dashboard,
  type DashboardPanel,
  entityRightName,
  type FilterType,
  listPathOf,
  PANEL_BUCKETS,
  PANEL_KINDS,
  PANEL_MEASURES,
  PANELS_MAX,
  type PanelKind,
  type PanelSource,
  type PanelSpec,
} from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest } from '../areas/manifest.ts';

interface DashboardSpec {
  id: string;
  title: string;
  panels: readonly PanelSpec[];
}

/** A merchant kind's mapping, as a progress bar of its records by mapping state. */
const mappingProgress = (entity: string, id: string, title: string): PanelSpec => ({
  id,
  title,
  kind: 'progress',
  entity,
  groupBy: 'mapStatus',
});

/** The dashboards the console ships, in the order the home page tries them. */
export const SHIPPED_DASHBOARDS: readonly DashboardSpec[] = [
  {
    id: 'reservation-desk',
    title: 'Reservation desk',
    panels: [
      {
        id: 'reservations',
        title: 'Reservations',
        kind: 'number',
        entity: 'Reservation',
        rangeField: 'createdAt',
      },
      {
        id: 'reservations-per-day',
        title: 'Reservations per day',
        kind: 'line',
        entity: 'Reservation',
        bucket: 'day',
        dateField: 'createdAt',
        rangeField: 'createdAt',
      },
      {
        id: 'revenue-by-currency',
        title: 'Revenue by currency',
        kind: 'bars',
        entity: 'Reservation',
        measure: 'sum',
        field: 'totalPrice',
        groupBy: 'currency',
        rangeField: 'createdAt',
        limit: 10,
      },
      {
        id: 'cancellations',
        title: 'Cancellations',
        kind: 'number',
        entity: 'Reservation',
        where: { status: 'cancelled' },
        rangeField: 'createdAt',
      },
      {
        id: 'payments-by-status',
        title: 'Payments by status',
        kind: 'donut',
        entity: 'Payment',
        groupBy: 'status',
      },
      {
        id: 'chargebacks-open',
        title: 'Chargebacks open',
        kind: 'number',
        entity: 'ChargeBack',
        where: { status: 'open' },
      },
      {
        id: 'top-pickup-places',
        title: 'Top pick-up places',
        kind: 'bars',
        entity: 'Reservation',
        groupBy: 'pickupLocation',
        rangeField: 'createdAt',
        limit: 10,
      },
    ],
  },
  {
    id: 'mapping',
    title: 'Mapping',
    panels: [
      mappingProgress('MerchantLocation', 'locations', 'Merchant locations'),
      mappingProgress('MerchantOffice', 'offices', 'Merchant offices'),
      mappingProgress('MerchantSupplier', 'suppliers', 'Merchant suppliers'),
      mappingProgress('MerchantCar', 'cars', 'Merchant cars'),
      mappingProgress('MerchantCarClass', 'car-classes', 'Merchant car classes'),
      mappingProgress('MerchantOption', 'options', 'Merchant options'),
      mappingProgress('MerchantIncludedItem', 'included-items', 'Merchant included items'),
      {
        id: 'mapped-per-person',
        title: 'Mapped per person',
        kind: 'bars',
        entity: 'MapHistory',
        groupBy: 'changedBy',
        where: { action: 'map' },
        rangeField: 'changedAt',
        limit: 10,
      },
      {
        id: 'auto-mapped',
        title: 'Records auto-mapped',
        kind: 'number',
        entity: 'AutoMapRun',
        measure: 'sum',
        field: 'mapped',
        rangeField: 'createdAt',
      },
      {
        id: 'auto-map-runs',
        title: 'Auto-mapping runs by status',
        kind: 'donut',
        entity: 'AutoMapRun',
        groupBy: 'status',
        rangeField: 'createdAt',
      },
      {
        id: 'locations-to-do',
        title: 'Locations still to map',
        kind: 'number',
        entity: 'MerchantLocation',
        where: { mapStatus: 'unmapped' },
      },
    ],
  },
  {
    id: 'operations',
    title: 'Operations',
    panels: [
      {
        id: 'exceptions-by-status',
        title: 'Exceptions by status',
        kind: 'donut',
        entity: 'EMException',
        groupBy: 'status',
      },
      {
        id: 'new-exceptions-by-application',
        title: 'New exceptions by application',
        kind: 'table',
        entity: 'EMException',
        groupBy: 'applicationName',
        where: { status: 'new' },
        limit: 10,
      },
      {
        id: 'api-status-codes',
        title: 'API answers by status',
        kind: 'bars',
        entity: 'ApiLogs',
        groupBy: 'statusCode',
        rangeField: 'requestedAt',
      },
      {
        id: 'api-latency',
        title: 'API latency per hour (average ms)',
        kind: 'line',
        entity: 'ApiLogs',
        measure: 'avg',
        field: 'durationMs',
        bucket: 'hour',
        dateField: 'requestedAt',
        rangeField: 'requestedAt',
      },
      {
        // The API log's durations by route, not the database's statements: those need
        // pg_stat_statements preloaded and are on the database tool's page when it is.
        id: 'slowest-routes',
        title: 'Slowest API routes (average ms, from the API log)',
        kind: 'table',
        entity: 'ApiLogs',
        measure: 'avg',
        field: 'durationMs',
        groupBy: 'route',
        rangeField: 'requestedAt',
        limit: 10,
      },
      {
        id: 'exports-by-status',
        title: 'Exports by status',
        kind: 'bars',
        entity: 'Export',
        groupBy: 'status',
      },
    ],
  },
];

/** The areas by entity, built once: every request's panels are resolved against it. */
let byEntity: ReadonlyMap<string, EntityManifest> | undefined;
const entityAreas = (): ReadonlyMap<string, EntityManifest> => {
  byEntity ??= new Map(AREA_INDEX.flatMap((a) => (a.kind === 'entity' ? [[a.entity, a] as const] : [])));
  return byEntity;
};

const filterTypeOf = (type: NonNullable<EntityManifest['fields']>[number]['type']): FilterType =>
  type === 'decimal' ? 'number' : type;

/** The fields of an area a panel may use: those its list shows. */
const listedFields = (area: EntityManifest) => (area.fields ?? []).filter((f) => f.list !== false);

/** What a panel may be made over: every area with a list, and the columns that list has. */
export function panelSources(): PanelSource[] {
  return AREA_INDEX.flatMap((a) =>
    a.kind === 'entity' && listedFields(a).length > 0
      ? [
          {
            entity: a.entity,
            title: a.label,
            fields: listedFields(a).map((f) => ({ key: f.key, label: f.label, type: filterTypeOf(f.type) })),
          },
        ]
      : [],
  );
}

const ID = /^[a-z0-9][a-z0-9-]{0,62}$/;
const DATES: readonly FilterType[] = ['date', 'datetime'];

/**
 * What is wrong with a dashboard's title and panels, by the place it is wrong (`title`,
 * `panels[2].groupBy`); empty when nothing is. A panel must name an area with a list and columns
 * that list has, of the type its part needs (a sum reads a number, a time series a date), and the
 * parts its kind draws (a line its buckets, bars, a donut, a progress bar and a table their groups).
 */
export function definitionErrors(title: unknown, panels: unknown): Record<string, string> {
  const errors: Record<string, string> = {};
  if (typeof title !== 'string' || title.trim().length < 1 || title.length > 100)
    errors.title = 'A title of 1 to 100 characters is required';
  if (!Array.isArray(panels)) {
    errors.panels = 'A list of panels is required';
    return errors;
  }
  if (panels.length > PANELS_MAX) errors.panels = `At most ${PANELS_MAX} panels`;
  const areas = entityAreas();
  const ids = new Set<string>();
  panels.forEach((raw: unknown, i) => {
    const at = (part: string) => `panels[${i}].${part}`;
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
      errors[`panels[${i}]`] = 'A panel is an object';
      return;
    }
    const p = raw as Record<string, unknown>;
    const known = new Set([
      'id',
      'title',
      'kind',
      'entity',
      'measure',
      'field',
      'groupBy',
      'bucket',
      'dateField',
      'where',
      'rangeField',
      'limit',
    ]);
    for (const key of Object.keys(p)) if (!known.has(key)) errors[at(key)] = `A panel has no ${key}`;
    if (typeof p.id !== 'string' || !ID.test(p.id))
      errors[at('id')] = 'Lower-case letters, digits and dashes';
    else if (ids.has(p.id)) errors[at('id')] = 'Two panels have this id';
    else ids.add(p.id);
    if (typeof p.title !== 'string' || p.title.trim().length < 1 || p.title.length > 100)
      errors[at('title')] = 'A title of 1 to 100 characters is required';
    const kind = p.kind as PanelKind;
    if (!PANEL_KINDS.includes(kind)) errors[at('kind')] = `One of ${PANEL_KINDS.join(', ')}`;
    const area = typeof p.entity === 'string' ? areas.get(p.entity) : undefined;
    if (!area || listedFields(area).length === 0) {
      errors[at('entity')] = 'No area with a list of that name';
      return;
    }
    const typeOf = (key: unknown): FilterType | undefined => {
      const field = listedFields(area).find((f) => f.key === key);
      return field ? filterTypeOf(field.type) : undefined;
    };
    const column = (part: string, allowed?: readonly FilterType[]): FilterType | undefined => {
      const value = p[part];
      if (value === undefined) return undefined;
      const type = typeOf(value);
      if (!type) errors[at(part)] = `${area.label} lists no column ${String(value).slice(0, 60)}`;
      else if (allowed && !allowed.includes(type))
        errors[at(part)] = `A column of type ${allowed.join(' or ')}`;
      return type;
    };
    const measure = (p.measure ?? 'count') as (typeof PANEL_MEASURES)[number];
    if (!PANEL_MEASURES.includes(measure)) errors[at('measure')] = `One of ${PANEL_MEASURES.join(', ')}`;
    if (measure === 'count') {
      if (p.field !== undefined) errors[at('field')] = 'A count reads no column';
    } else if (p.field === undefined) errors[at('field')] = `A ${measure} needs a column`;
    else column('field', measure === 'min' || measure === 'max' ? ['number', ...DATES] : ['number']);
    column('groupBy');
    column('dateField', DATES);
    column('rangeField', DATES);
    if (p.bucket !== undefined && !PANEL_BUCKETS.includes(p.bucket as (typeof PANEL_BUCKETS)[number]))
      errors[at('bucket')] = `One of ${PANEL_BUCKETS.join(', ')}`;
    if ((p.bucket === undefined) !== (p.dateField === undefined))
      errors[at(p.bucket === undefined ? 'bucket' : 'dateField')] =
        'A time series needs a bucket and a date column';
    if (p.groupBy !== undefined && p.bucket !== undefined)
      errors[at('groupBy')] = 'Group by a column or by time, not both';
    const grouped = p.groupBy !== undefined || p.bucket !== undefined;
    if (kind === 'number' && grouped) errors[at('kind')] = 'A number shows one figure: no grouping';
    if (kind === 'line' && p.bucket === undefined) errors[at('bucket')] = 'A line needs a time bucket';
    if ((kind === 'donut' || kind === 'progress' || kind === 'table') && p.groupBy === undefined)
      errors[at('groupBy')] = `A ${kind} needs a column to group by`;
    if (kind === 'bars' && !grouped) errors[at('groupBy')] = 'Bars need a column or a time bucket';
    if (
      p.limit !== undefined &&
      !(Number.isInteger(p.limit) && (p.limit as number) >= 1 && (p.limit as number) <= 50)
    )
      errors[at('limit')] = 'A whole number from 1 to 50';
    if (p.where !== undefined) {
      if (!p.where || typeof p.where !== 'object' || Array.isArray(p.where))
        errors[at('where')] = 'Conditions are an object';
      else
        for (const [key, value] of Object.entries(p.where)) {
          if (!typeOf(key)) errors[at(`where.${key}`)] = `${area.label} lists no column ${key.slice(0, 60)}`;
          else if (!['string', 'number', 'boolean'].includes(typeof value))
            errors[at(`where.${key}`)] = 'A text, number or true/false';
        }
    }
  });
  return errors;
}

/**
 * A panel as the screen asks for its figures: its area's API, list page and List right, the
 * aggregate's parameters, each condition's column type. Throws naming what does not resolve (a
 * stored panel whose area or column has since gone).
 */
export function resolvePanel(p: PanelSpec): DashboardPanel {
  const area = entityAreas().get(p.entity);
  if (!area) throw new Error(`panel ${p.id}: no area ${p.entity}`);
  const typeOf = (key: string): FilterType => {
    const field = listedFields(area).find((f) => f.key === key);
    if (!field) throw new Error(`panel ${p.id}: ${p.entity} lists no ${key}`);
    return filterTypeOf(field.type);
  };
  for (const key of [p.field, p.groupBy, p.dateField]) if (key !== undefined) typeOf(key);
  const groupList = listedFields(area).find((f) => f.key === p.groupBy)?.list;
  const tags = groupList ? groupList.tags : undefined;
  const params: Record<string, string> = {};
  if (p.measure && p.measure !== 'count') params.measure = p.measure;
  if (p.field) params.field = p.field;
  if (p.groupBy) params.groupBy = p.groupBy;
  if (p.bucket) params.bucket = p.bucket;
  if (p.dateField) params.dateField = p.dateField;
  if (p.limit) params.limit = String(p.limit);
  return {
    id: p.id,
    title: p.title,
    kind: p.kind,
    api: area.api,
    listPath: listPathOf(area.segment),
    right: entityRightName(area.entity, 'List', area.rightOverrides),
    params,
    where: Object.entries(p.where ?? {}).map(([name, value]) => ({ name, type: typeOf(name), value })),
    ...(p.rangeField ? { range: { name: p.rangeField, type: typeOf(p.rangeField) } } : {}),
    ...(tags ? { groupLabels: Object.fromEntries(Object.entries(tags).map(([k, t]) => [k, t.label])) } : {}),
  };
}

/** The shipped dashboards with every panel resolved; throws naming a panel that does not resolve. */
export function dashboards(): Dashboard[] {
  return SHIPPED_DASHBOARDS.map((d) => {
    const errors = definitionErrors(d.title, d.panels);
    const first = Object.entries(errors)[0];
    if (first) throw new Error(`Dashboard ${d.id}, ${first[0]}: ${first[1]}`);
    return { id: d.id, title: d.title, panels: d.panels.map(resolvePanel) };
  });
}
