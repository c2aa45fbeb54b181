/**
 * What a dashboard panel asks and where a click on it leads (docs/adr/0029-dashboards.md): the
 * aggregate call of the panel's list with its fixed conditions and the dashboard's time range, in
 * the viewer's time zone; the same range one period earlier for a number's change; and the list
 * page with the same conditions (and a group's value) in its address, so the list shows the rows
 * the figure counts.
 */
import type { AggregateAnswer, DashboardPanel, NotificationActions, TimeWindow } from '@bm/contracts';
import { panelConditions } from '@bm/contracts';

export type RangeKey = 'today' | '7d' | '30d' | 'custom';

export const RANGES: readonly { value: RangeKey; label: string; previous: string }[] = [
  { value: 'today', label: 'Today', previous: 'yesterday' },
  { value: '7d', label: '7 days', previous: 'the 7 days before' },
  { value: '30d', label: '30 days', previous: 'the 30 days before' },
  { value: 'custom', label: 'Custom', previous: 'the days before' },
];

/** A local calendar day (`YYYY-MM-DD`) as the Date of its midnight; undefined when not one. */
function localDay(text: string): Date | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return undefined;
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return Number.isNaN(day.getTime()) ? undefined : day;
}

/**
 * Chosen days, first to last, both whole (`2026-11-02` to `2026-11-08` is seven days from local
 * midnight to the midnight after the last), and the as many days before them for a number's
 * change; undefined until both ends are chosen.
 */
export function customRange(
  first: string,
  last: string,
): (TimeWindow & { previous: TimeWindow }) | undefined {
  const from = localDay(first);
  const end = localDay(last);
  if (!from || !end || end < from) return undefined;
  const to = new Date(end.getFullYear(), end.getMonth(), end.getDate() + 1);
  const length = to.getTime() - from.getTime();
  return { from, to, previous: { from: new Date(from.getTime() - length), to: from } };
}

/**
 * The range's window, and the window one period earlier for a number's change: today runs from
 * local midnight to now (compared with yesterday up to the same time), 7 and 30 days back from now.
 */
export function rangeOf(range: RangeKey, now: Date): TimeWindow & { previous: TimeWindow } {
  const days = range === 'today' ? 1 : range === '7d' ? 7 : 30;
  const period = days * 86_400_000;
  const from =
    range === 'today'
      ? new Date(now.getFullYear(), now.getMonth(), now.getDate())
      : new Date(now.getTime() - period);
  return {
    from,
    to: now,
    previous: { from: new Date(from.getTime() - period), to: new Date(now.getTime() - period) },
  };
}

/**
 * The list page showing the rows a figure counts: the panel's conditions, its range and, for a
 * group, the group's value, as the list's own `filters` address.
 */
export function listLink(panel: DashboardPanel, window?: TimeWindow, groupKey?: string | null): string {
  const filters: Record<string, { operator: string; value: unknown }[]> = {};
  const add = (name: string, operator: string, value: unknown) => {
    filters[name] = [...(filters[name] ?? []), { operator, value }];
  };
  for (const c of panelConditions(panel, window)) add(c.name, c.operation, c.value);
  const groupBy = panel.params.groupBy;
  if (groupBy && groupKey !== undefined && groupKey !== null) add(groupBy, 'eq', groupKey);
  const params = new URLSearchParams();
  if (Object.keys(filters).length > 0) params.set('filters', JSON.stringify(filters));
  const text = params.toString();
  return text ? `${panel.listPath}?${text}` : panel.listPath;
}

/** A number's change against the period before, in words: "▲ 12% vs the 7 days before". */
export function changeText(now: number, before: number, previous: string): string {
  if (before === 0) return now === 0 ? `no change vs ${previous}` : `new vs ${previous}`;
  const change = Math.round(((now - before) / before) * 100);
  if (change === 0) return `no change vs ${previous}`;
  return `${change > 0 ? '▲' : '▼'} ${Math.abs(change)}% vs ${previous}`;
}

/**
 * A group's key as a chart labels it: a time bucket's start (`2026-11-23T00:00:00`) as its day,
 * hour or month in the console's date format; a value the list names (a state's tag) by that name;
 * any other key as it is.
 */
export function keyLabel(
  key: string | null,
  bucket: string | undefined,
  labels?: Readonly<Record<string, string>>,
): string {
  if (key === null) return '(empty)';
  if (!bucket) return (labels && Object.hasOwn(labels, key) ? labels[key] : undefined) ?? key;
  const [day = key, time = ''] = key.split('T');
  if (bucket === 'hour') return `${day} ${time.slice(0, 5)}`;
  if (bucket === 'month') return day.slice(0, 7);
  return day;
}

const FIGURE = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });

/** A figure as a panel shows it; "about" when the server answered an estimate. */
export const figureText = (value: number | null | undefined, exact = true): string =>
  value === null || value === undefined ? '—' : `${exact ? '' : 'about '}${FIGURE.format(value)}`;

/** A panel's figures in one sentence, for those who do not see the chart. */
export function summaryText(
  title: string,
  groups: AggregateAnswer['groups'],
  bucket?: string,
  labels?: Readonly<Record<string, string>>,
): string {
  if (groups.length === 0) return `${title}: nothing in this range.`;
  const parts = groups.slice(0, 5).map((g) => `${keyLabel(g.key, bucket, labels)} ${figureText(g.value)}`);
  return `${title}: ${parts.join(', ')}${groups.length > 5 ? `, and ${groups.length - 5} more` : ''}.`;
}

/**
 * Does a notification concern a panel's figures? When one of its links (the record it opens, the
 * file it downloads) is under the panel's list page (`/export/view/12` for `/export/list`) or its
 * API (`/api/exports/download?id=12` for `/api/exports`): an export finished, a record changed.
 */
export function notificationTouches(
  actions: NotificationActions | undefined,
  panel: Pick<DashboardPanel, 'api' | 'listPath'>,
): boolean {
  const urls = [actions?.open?.url, actions?.download?.url].filter((u): u is string => Boolean(u));
  const segment = panel.listPath.split('/')[1] ?? '';
  return urls.some(
    (url) =>
      (segment !== '' && url.startsWith(`/${segment}/`)) ||
      url.startsWith(`${panel.api}/`) ||
      url.startsWith(`${panel.api}?`),
  );
}
