import type { Notification, NotificationPage } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  bellReducer,
  catchUpMayHaveGap,
  formatNotificationDate,
  hasMorePages,
  initialBellState,
  newestId,
} from './bellState.ts';

const n = (id: number, isRead = false): Notification => ({
  id,
  from: 'system',
  title: `N${id}`,
  description: '',
  to: 'admin@bmtools.local',
  isRead,
  createdDateUtc: '2026-11-22T10:00:00.000Z',
  actions: {},
});
const page = (
  pageIndex: number,
  ids: number[],
  totalPages: number,
  unreadCount: number,
): NotificationPage => ({
  data: ids.map((id) => n(id)),
  paging: { pageIndex, pageSize: 10, totalPages, totalItemsCount: 0 },
  unreadCount,
});

describe('bellReducer', () => {
  it('appends pages, keeps each notification once and newest first', () => {
    let s = bellReducer(initialBellState, { type: 'pageLoaded', page: page(0, [9, 8, 7], 2, 3) });
    expect(hasMorePages(s)).toBe(true);
    // A live arrival shifted the offsets: page 1 repeats 7.
    s = bellReducer(s, { type: 'pageLoaded', page: page(1, [7, 6], 2, 3) });
    expect(s.items.map((x) => x.id)).toEqual([9, 8, 7, 6]);
    expect(hasMorePages(s)).toBe(false);
    expect(newestId(s)).toBe(9);
  });

  it('puts a live notification at the top and counts it unread, once', () => {
    let s = bellReducer(initialBellState, { type: 'pageLoaded', page: page(0, [5, 4], 1, 2) });
    s = bellReducer(s, { type: 'arrived', notification: n(6) });
    s = bellReducer(s, { type: 'arrived', notification: n(6) });
    expect(s.items.map((x) => x.id)).toEqual([6, 5, 4]);
    expect(s.unreadCount).toBe(3);
    s = bellReducer(s, { type: 'arrived', notification: n(7, true) });
    expect(s.unreadCount).toBe(3);
  });

  it('marks one read locally, counting down once and never below zero', () => {
    let s = bellReducer(initialBellState, { type: 'pageLoaded', page: page(0, [2, 1], 1, 1) });
    s = bellReducer(s, { type: 'markedRead', id: 2 });
    expect(s.items.find((x) => x.id === 2)?.isRead).toBe(true);
    expect(s.unreadCount).toBe(0);
    expect(bellReducer(s, { type: 'markedRead', id: 2 })).toBe(s);
    s = bellReducer(s, { type: 'markedRead', id: 1 });
    expect(s.unreadCount).toBe(0);
  });

  it('merges a catch-up batch and takes the server’s unread count', () => {
    let s = bellReducer(initialBellState, { type: 'pageLoaded', page: page(0, [3], 1, 1) });
    s = bellReducer(s, { type: 'caughtUp', page: page(0, [5, 4], 1, 3) });
    expect(s.items.map((x) => x.id)).toEqual([5, 4, 3]);
    expect(s.unreadCount).toBe(3);
  });
});

describe('catch-up gaps', () => {
  it('reloads from the first page when a catch-up came back full, and starts over on reset', () => {
    expect(catchUpMayHaveGap(page(0, [5, 4], 1, 2))).toBe(false);
    expect(catchUpMayHaveGap(page(0, [20, 19, 18, 17, 16, 15, 14, 13, 12, 11], 1, 10))).toBe(true);
    const s = bellReducer(initialBellState, { type: 'pageLoaded', page: page(0, [3], 1, 1) });
    expect(bellReducer(s, { type: 'reset' })).toEqual(initialBellState);
  });
});

describe('formatNotificationDate', () => {
  it('writes YYYY-MM-DD HH:mm:ss in local time', () => {
    const d = new Date(2026, 0, 5, 7, 8, 9);
    expect(formatNotificationDate(d.toISOString())).toBe('2026-01-05 07:08:09');
    expect(formatNotificationDate('nonsense')).toBe('');
  });
});
