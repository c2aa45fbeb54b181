import { type DashboardPanel, panelAggregateUrl } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  changeText,
  customRange,
  keyLabel,
  listLink,
  notificationTouches,
  rangeOf,
  summaryText,
} from './dashboardQuery.ts';

const panel: DashboardPanel = {
  id: 'revenue',
  title: 'Revenue by currency',
  kind: 'bars',
  api: '/api/reservations',
  listPath: '/reservation/list',
  right: 'BMTools/Reservation/List',
  params: { measure: 'sum', field: 'totalPrice', groupBy: 'currency' },
  where: [{ name: 'status', type: 'text', value: 'confirmed' }],
  range: { name: 'createdAt', type: 'datetime' },
};
const window = { from: new Date('2026-11-22T00:00:00Z'), to: new Date('2026-11-29T00:00:00Z') };

describe('dashboard queries', () => {
  it('asks the list’s aggregate with the panel’s conditions and the range', () => {
    const url = new URL(panelAggregateUrl(panel, 'Europe/Madrid', window), 'http://x');
    expect(url.pathname).toBe('/api/reservations/aggregate');
    expect(url.searchParams.get('groupBy')).toBe('currency');
    expect(url.searchParams.get('tz')).toBeNull();
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({
      and: [
        { operation: 'eq', name: 'status', type: 'text', value: 'confirmed' },
        { operation: 'gte', name: 'createdAt', type: 'datetime', value: '2026-11-22T00:00:00.000Z' },
        { operation: 'lt', name: 'createdAt', type: 'datetime', value: '2026-11-29T00:00:00.000Z' },
      ],
    });
    const series = { ...panel, params: { bucket: 'day', dateField: 'createdAt' } };
    expect(new URL(panelAggregateUrl(series, 'Europe/Madrid'), 'http://x').searchParams.get('tz')).toBe(
      'Europe/Madrid',
    );
  });

  it('opens the list with the same conditions and the clicked group', () => {
    const url = new URL(listLink(panel, window, 'EUR'), 'http://x');
    expect(url.pathname).toBe('/reservation/list');
    expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({
      status: [{ operator: 'eq', value: 'confirmed' }],
      createdAt: [
        { operator: 'gte', value: '2026-11-22T00:00:00.000Z' },
        { operator: 'lt', value: '2026-11-29T00:00:00.000Z' },
      ],
      currency: [{ operator: 'eq', value: 'EUR' }],
    });
    expect(listLink({ ...panel, where: [], range: undefined })).toBe('/reservation/list');
  });

  it('cuts today from local midnight and a week back from now, each with the period before', () => {
    const now = new Date(2026, 10, 29, 15, 0, 0);
    const today = rangeOf('today', now);
    expect(today.from).toEqual(new Date(2026, 10, 29));
    // Yesterday up to the same time.
    expect(today.previous.from).toEqual(new Date(2026, 10, 28));
    expect(today.previous.to).toEqual(new Date(2026, 10, 28, 15, 0, 0));
    const week = rangeOf('7d', now);
    expect(now.getTime() - week.from.getTime()).toBe(7 * 86_400_000);
    expect(week.previous.to).toEqual(week.from);
  });

  it('labels a time bucket by its day, hour or month', () => {
    expect(keyLabel('2026-11-23T00:00:00', 'day')).toBe('2026-11-23');
    expect(keyLabel('2026-11-23T14:00:00', 'hour')).toBe('2026-11-23 14:00');
    expect(keyLabel('2026-11-01T00:00:00', 'month')).toBe('2026-11');
    expect(keyLabel('EUR', undefined)).toBe('EUR');
    expect(summaryText('Per day', [{ key: '2026-11-23T00:00:00', value: 4 }], 'day')).toBe(
      'Per day: 2026-11-23 4.',
    );
  });

  it('says a change and a summary in words', () => {
    expect(changeText(112, 100, 'yesterday')).toBe('▲ 12% vs yesterday');
    expect(changeText(50, 100, 'yesterday')).toBe('▼ 50% vs yesterday');
    expect(changeText(5, 0, 'yesterday')).toBe('new vs yesterday');
    expect(
      summaryText('Payments', [
        { key: 'captured', value: 1200 },
        { key: 'refunded', value: 3 },
      ]),
    ).toBe('Payments: captured 1,200, refunded 3.');
  });
});

describe('refresh on a notification', () => {
  const exports = { api: '/api/exports', listPath: '/export/list' };
  it('concerns the panels whose list or API one of its links is under', () => {
    expect(notificationTouches({ download: { url: '/api/exports/download?id=3' } }, exports)).toBe(true);
    expect(notificationTouches({ open: { url: '/export/view/3' } }, exports)).toBe(true);
    expect(notificationTouches({ open: { url: '/exportfoo/view/3' } }, exports)).toBe(false);
    expect(notificationTouches({ open: { url: '/reservation/view/3' } }, exports)).toBe(false);
    expect(notificationTouches({}, exports)).toBe(false);
    expect(notificationTouches(undefined, exports)).toBe(false);
  });
});

describe('a custom range', () => {
  it('runs from the first day’s midnight to the midnight after the last, compared with as many days before', () => {
    const range = customRange('2026-11-02', '2026-11-08');
    expect(range?.from).toEqual(new Date(2026, 10, 2));
    expect(range?.to).toEqual(new Date(2026, 10, 9));
    expect(range?.previous).toEqual({ from: new Date(2026, 9, 26), to: new Date(2026, 10, 2) });
    expect(customRange('2026-11-05', '2026-11-05')?.to).toEqual(new Date(2026, 10, 6));
  });

  it('is none until both ends are days, the first not after the last', () => {
    expect(customRange('2026-11-08', '2026-11-02')).toBeUndefined();
    expect(customRange('2026-11-02', 'tomorrow')).toBeUndefined();
  });
});
