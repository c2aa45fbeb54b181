/**
 * The bell's state: the notifications loaded so far (newest
 * first, each once), how many pages are loaded, and the unread count. Pages, live arrivals and
 * catch-up batches may overlap: a notification is kept once, by id.
 */
import type { Notification, NotificationPage } from '@bm/contracts';

export interface BellState {
  items: Notification[];
  loadedPages: number;
  totalPages: number;
  unreadCount: number;
}

export type BellEvent =
  /** A page of `GET /api/notifications/get`. */
  | { type: 'pageLoaded'; page: NotificationPage }
  /** One pushed by the hub. */
  | { type: 'arrived'; notification: Notification }
  /** What `getLatestMessages` returned after a reconnect; its unread count is the server's. */
  | { type: 'caughtUp'; page: NotificationPage }
  | { type: 'markedRead'; id: number }
  | { type: 'allRead' }
  /** Start over from the first page (a catch-up that may have left a gap). */
  | { type: 'reset' };

export const initialBellState: BellState = { items: [], loadedPages: 0, totalPages: 0, unreadCount: 0 };

const merge = (items: Notification[], more: Notification[]): Notification[] => {
  const byId = new Map(items.map((n) => [n.id, n]));
  for (const n of more) if (!byId.has(n.id)) byId.set(n.id, n);
  return [...byId.values()].sort((a, b) => b.id - a.id);
};

export function bellReducer(state: BellState, event: BellEvent): BellState {
  switch (event.type) {
    case 'pageLoaded':
      return {
        items: merge(state.items, event.page.data),
        loadedPages: Math.max(state.loadedPages, event.page.paging.pageIndex + 1),
        totalPages: event.page.paging.totalPages,
        unreadCount: event.page.unreadCount,
      };
    case 'caughtUp':
      return { ...state, items: merge(state.items, event.page.data), unreadCount: event.page.unreadCount };
    case 'arrived': {
      if (state.items.some((n) => n.id === event.notification.id)) return state;
      return {
        ...state,
        items: merge(state.items, [event.notification]),
        unreadCount: state.unreadCount + (event.notification.isRead ? 0 : 1),
      };
    }
    case 'reset':
      return initialBellState;
    case 'allRead':
      return {
        ...state,
        items: state.items.map((n) => (n.isRead ? n : { ...n, isRead: true })),
        unreadCount: 0,
      };
    case 'markedRead': {
      const target = state.items.find((n) => n.id === event.id);
      if (!target || target.isRead) return state;
      return {
        ...state,
        items: state.items.map((n) => (n.id === event.id ? { ...n, isRead: true } : n)),
        unreadCount: Math.max(0, state.unreadCount - 1),
      };
    }
  }
}

/** More pages wait on the server (the list loads them on scroll). */
export const hasMorePages = (state: BellState): boolean => state.loadedPages < state.totalPages;

/**
 * A catch-up answers one page at most: a full one may have skipped older notifications that also
 * arrived while away, so the list is then loaded again from its first page.
 */
export const catchUpMayHaveGap = (page: NotificationPage): boolean =>
  page.data.length >= page.paging.pageSize;

/** The newest id held: where a reconnecting hub asks `getLatestMessages` to continue from. */
export const newestId = (state: BellState): number => state.items[0]?.id ?? 0;

const pad = (n: number): string => String(n).padStart(2, '0');

/** 'YYYY-MM-DD HH:mm:ss' in the user's local time. */
export function formatNotificationDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '';
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}

const RELATIVE = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

/** "just now", "5 minutes ago", "yesterday", "3 days ago"; the exact time is the hover text. */
export function relativeTime(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return '';
  const seconds = Math.round((then - now) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return 'just now';
  if (abs < 45 * 60) return RELATIVE.format(Math.round(seconds / 60), 'minute');
  if (abs < 22 * 3600) return RELATIVE.format(Math.round(seconds / 3600), 'hour');
  if (abs < 26 * 86400) return RELATIVE.format(Math.round(seconds / 86400), 'day');
  if (abs < 320 * 86400) return RELATIVE.format(Math.round(seconds / (30 * 86400)), 'month');
  return RELATIVE.format(Math.round(seconds / (365 * 86400)), 'year');
}
