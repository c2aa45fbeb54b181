/**
 * The shipped dashboards (issue 42, docs/adr/0029-dashboards.md): each a list of panels, each panel
 * one aggregate over one area's list (`GET {api}/aggregate`): its measure, its grouping, the fixed
 * conditions it counts under, and the date column the dashboard's time range applies to. Panels
 * name areas and fields by the manifests' keys; `dashboards()` resolves them against the area index
 * (their API, list page and List right, each condition's column type) and refuses, at start, a
 * panel naming a column its area does not list, so a renamed field cannot break a dashboard
 * silently. Who sees a panel is who may list its area: the API leaves out the others.
 */
import { type Dashboard, entityRightName, type FilterType, listPathOf, type PanelKind } from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest } from '../areas/manifest.ts';

interface PanelSpec {
  id: string;
  title: string;
  kind: PanelKind;
  /** The area's entity (`Reservation`). */
  entity: string;
  measure?: 'count' | 'sum' | 'avg' | 'min' | 'max';
  field?: string;
  groupBy?: string;
  bucket?: 'hour' | 'day' | 'week' | 'month';
  /** The date column a time series is cut by. */
  dateField?: string;
  /** Conditions the panel always counts under: field = value. */
  where?: Readonly<Record<string, string | number | boolean>>;
  /** The date column the dashboard's time range (today, 7 days, 30 days) applies to. */
  rangeField?: string;
  limit?: number;
}

interface DashboardSpec {
  id: string;
  title: string;
  panels: readonly PanelSpec[];
}

const SHIPPED: readonly DashboardSpec[] = [
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
      {
        id: 'locations',
        title: 'Merchant locations',
        kind: 'donut',
        entity: 'MerchantLocation',
        groupBy: 'mapStatus',
      },
      {
        id: 'suppliers',
        title: 'Merchant suppliers',
        kind: 'donut',
        entity: 'MerchantSupplier',
        groupBy: 'mapStatus',
      },
      { id: 'cars', title: 'Merchant cars', kind: 'donut', entity: 'MerchantCar', groupBy: 'mapStatus' },
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
        id: 'exports-by-status',
        title: 'Exports by status',
        kind: 'bars',
        entity: 'Export',
        groupBy: 'status',
      },
    ],
  },
];

const entityAreas = (): Map<string, EntityManifest> =>
  new Map(AREA_INDEX.flatMap((a) => (a.kind === 'entity' ? [[a.entity, a] as const] : [])));

/** The dashboards with every panel resolved; throws naming a panel that names what does not exist. */
export function dashboards(): Dashboard[] {
  const areas = entityAreas();
  return SHIPPED.map((d) => ({
    id: d.id,
    title: d.title,
    panels: d.panels.map((p) => {
      const area = areas.get(p.entity);
      if (!area) throw new Error(`Dashboard ${d.id}, panel ${p.id}: no area ${p.entity}`);
      const typeOf = (key: string): FilterType => {
        const field = area.fields?.find((f) => f.key === key && f.list !== false);
        if (!field) throw new Error(`Dashboard ${d.id}, panel ${p.id}: ${p.entity} lists no ${key}`);
        return field.type === 'decimal' ? 'number' : field.type;
      };
      for (const key of [p.field, p.groupBy, p.dateField]) if (key !== undefined) typeOf(key);
      const params: Record<string, string> = {};
      if (p.measure) params.measure = p.measure;
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
      };
    }),
  }));
}
