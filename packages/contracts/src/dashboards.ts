/**
 * The dashboards on the wire (`GET /api/dashboards`, docs/adr/0029-dashboards.md) and the one way a
 * panel's figures are asked for: its list's `aggregate` with the panel's fixed conditions and, where
 * it has one, the time window on its date column. The server, the web and the bench all use it.
 */
import type { FilterType } from './criteria.ts';

export type PanelKind = 'number' | 'line' | 'bars' | 'donut';

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
}

export interface Dashboard {
  id: string;
  title: string;
  panels: readonly DashboardPanel[];
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
