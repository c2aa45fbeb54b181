/**
 * The dashboards on the wire (`GET /api/dashboards`, docs/adr/0029-dashboards.md) and the one way a
 * panel's figures are asked for: its list's `aggregate` with the panel's fixed conditions and, where
 * it has one, the time window on its date column. The server, the web and the bench all use it.
 */
import type { FilterType } from './criteria.ts';

/**
 * How a panel draws its figures: one number (with its change), a line or bars over time or groups,
 * a donut of groups, a progress bar of groups (each group's share of the whole, e.g. mapped, to do),
 * or a short table of the top groups (most first).
 */
export const PANEL_KINDS = ['number', 'line', 'bars', 'donut', 'progress', 'table'] as const;
export type PanelKind = (typeof PANEL_KINDS)[number];

/** The right that edits dashboards (their title and panels) for everyone who sees them. */
export const DASHBOARD_EDIT_RIGHT = 'BMTools/Dashboard/Edit';

export const PANEL_MEASURES = ['count', 'sum', 'avg', 'min', 'max'] as const;
export const PANEL_BUCKETS = ['hour', 'day', 'week', 'month'] as const;
/** At most this many panels on one dashboard. */
export const PANELS_MAX = 24;

/**
 * A panel as a dashboard stores it and its editor changes it: the area and its fields named by the
 * areas' keys (`Reservation`, `createdAt`); the server resolves it into a `DashboardPanel`.
 */
export interface PanelSpec {
  id: string;
  title: string;
  kind: PanelKind;
  /** The area's entity (`Reservation`). */
  entity: string;
  measure?: (typeof PANEL_MEASURES)[number];
  /** The column a measure other than count reads. */
  field?: string;
  groupBy?: string;
  bucket?: (typeof PANEL_BUCKETS)[number];
  /** The date column a time series is cut by. */
  dateField?: string;
  /** Conditions the panel always counts under: field = value. */
  where?: Readonly<Record<string, string | number | boolean>>;
  /** The date column the dashboard's time range (today, 7 days, 30 days) applies to. */
  rangeField?: string;
  /** How many groups at most. */
  limit?: number;
}

/** A dashboard as its editor reads and saves it (`GET`/`PUT /api/dashboards/:id/definition`). */
export interface DashboardDefinition {
  id: string;
  title: string;
  /** The row's version: a save names the one it started from, and a newer one refuses it. */
  version: number;
  panels: PanelSpec[];
  /** Shipped with the console (it can be put back as shipped), not made by staff. */
  shipped: boolean;
  /** Shipped, and changed by staff since: the catalogue's changes no longer reach it. */
  changed: boolean;
}

/** An area a panel may be made over, and the columns it offers a panel (its listed fields). */
export interface PanelSource {
  entity: string;
  title: string;
  fields: { key: string; label: string; type: FilterType }[];
}

/** The editor's answer: the definition and what a panel may be made of. */
export interface DashboardEditing {
  definition: DashboardDefinition;
  sources: PanelSource[];
}

/** A condition a panel always counts under: field = value. */
export interface PanelWhere {
  name: string;
  type: FilterType;
  value: string | number | boolean;
}

export interface DashboardPanel {
  id: string;
  title: string;
  kind: PanelKind;
  /** The area's API (`/api/reservations`): its `aggregate` gives the figures. */
  api: string;
  /** The area's list page, which a click opens with the panel's conditions. */
  listPath: string;
  /** The List right the panel needs. */
  right: string;
  /** The aggregate's parameters besides the filters. */
  params: Readonly<Record<string, string>>;
  where: readonly PanelWhere[];
  /** The date column (and its type) the time range applies to. */
  range?: { name: string; type: FilterType } | undefined;
  /**
   * How the grouped column's values are named on screen, where the list names them too (a state's
   * tag: `unmapped` → "Not mapped"), so a panel words a state as the list does.
   */
  groupLabels?: Readonly<Record<string, string>> | undefined;
}

export interface Dashboard {
  id: string;
  title: string;
  panels: readonly DashboardPanel[];
  /** The caller may edit it (`DASHBOARD_EDIT_RIGHT`). */
  editable?: boolean;
}

/** What `GET {api}/aggregate` answers, as a panel reads it. */
export interface AggregateAnswer {
  groups: { key: string | null; value: number | null }[];
  exact: boolean;
}

export interface TimeWindow {
  from: Date;
  to: Date;
}

/** A panel's conditions as the list's criteria: its fixed ones, then the window on its range. */
export function panelConditions(
  panel: Pick<DashboardPanel, 'where' | 'range'>,
  window?: TimeWindow,
): { operation: string; name: string; type: FilterType; value: string | number | boolean }[] {
  const out = panel.where.map((w) => ({ operation: 'eq', ...w }));
  if (panel.range && window) {
    out.push({
      operation: 'gte',
      name: panel.range.name,
      type: panel.range.type,
      value: window.from.toISOString(),
    });
    out.push({
      operation: 'lt',
      name: panel.range.name,
      type: panel.range.type,
      value: window.to.toISOString(),
    });
  }
  return out;
}

/** The panel's aggregate call over one window of time (none: the panel has no range). */
export function panelAggregateUrl(panel: DashboardPanel, timeZone: string, window?: TimeWindow): string {
  const params = new URLSearchParams(panel.params);
  if (panel.params.bucket) params.set('tz', timeZone);
  const list = panelConditions(panel, window);
  if (list.length === 1) params.set('filters', JSON.stringify(list[0]));
  if (list.length > 1) params.set('filters', JSON.stringify({ and: list }));
  return `${panel.api}/aggregate?${params}`;
}
