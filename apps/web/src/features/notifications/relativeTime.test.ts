import type { Notification } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { bellReducer, relativeTime } from './bellState.ts';
import { openPathOf } from './NotificationBell.tsx';

const now = Date.parse('2026-11-24T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('reads like speech', () => {
    expect(relativeTime(ago(10), now)).toBe('just now');
    expect(relativeTime(ago(5 * 60), now)).toBe('5 minutes ago');
    expect(relativeTime(ago(3 * 3600), now)).toBe('3 hours ago');
    expect(relativeTime(ago(24 * 3600), now)).toBe('yesterday');
    expect(relativeTime(ago(3 * 86400), now)).toBe('3 days ago');
    expect(relativeTime('not a date', now)).toBe('');
  });
});

const notification = (id: number, actions: Notification['actions'] = {}, isRead = false): Notification => ({
  id,
  from: 'system',
  title: `n${id}`,
  description: '',
  to: 'a@b.c',
  isRead,
  createdDateUtc: ago(60),
  actions,
});

describe('opening and reading notifications', () => {
  it('opens only in-app paths', () => {
    expect(openPathOf(notification(1, { open: { url: '/reservation/view/7' } }))).toBe('/reservation/view/7');
    expect(openPathOf(notification(2, { open: { url: 'https://evil.example' } }))).toBeUndefined();
    expect(openPathOf(notification(3, { open: { url: 'javascript:alert(1)' } }))).toBeUndefined();
    expect(openPathOf(notification(4))).toBeUndefined();
  });

  it('marks all read in the list', () => {
    const state = {
      items: [notification(2), notification(1, {}, true)],
      unreadCount: 1,
      loadedPages: 1,
      totalPages: 1,
    };
    const next = bellReducer(state as Parameters<typeof bellReducer>[0], { type: 'allRead' });
    expect(next.unreadCount).toBe(0);
    expect(next.items.every((n) => n.isRead)).toBe(true);
  });
});
