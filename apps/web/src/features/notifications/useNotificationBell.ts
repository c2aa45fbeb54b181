/**
 * Everything behind the bell: the first page on sign-in, further pages on scroll, marking read, and
 * the live hub: a WebSocket to `/notificationshub?access_token=…` that adds what it
 * receives for the current user at the top and shows a toast. A dropped socket reconnects with a
 * fresh token (1 s, doubling up to 30 s) and first asks `getLatestMessages` for what it missed.
 * Each live notification is also raised as a window event (`NOTIFICATION_EVENT`) for the screens
 * that refresh on one.
 */
import { hubMessageSchema, type Notification, notificationPageSchema } from '@bm/contracts';
import { notifications as toasts } from '@mantine/notifications';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useSession } from '../../app/auth/SessionContext.tsx';
import { useHttp } from '../../app/http/HttpContext.tsx';
import {
  type BellState,
  bellReducer,
  catchUpMayHaveGap,
  hasMorePages,
  initialBellState,
  newestId,
} from './bellState.ts';

/** The window event a live notification raises, its `detail` the notification. */
export const NOTIFICATION_EVENT = 'bm:notification';

const RETRY_FIRST_MS = 1_000;
const RETRY_MAX_MS = 30_000;

const hubUrl = (token: string, location: Pick<Location, 'protocol' | 'host'> = window.location): string =>
  `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/notificationshub?access_token=${encodeURIComponent(token)}`;

export interface NotificationBell {
  state: BellState;
  hasMore: boolean;
  loadMore(): void;
  markRead(notification: Notification): Promise<void>;
  /** Marks every notification of the user read (server first, then the list). */
  markAllRead(): Promise<void>;
  /** The hub socket is open: what is raised from now on arrives live. */
  live: boolean;
}

export function useNotificationBell(): NotificationBell {
  const http = useHttp();
  const { session, snapshot } = useSession();
  const email = snapshot.user?.profile.email?.toLowerCase() ?? '';
  const [state, dispatch] = useReducer(bellReducer, initialBellState);
  const [live, setLive] = useState(false);
  const current = useRef(state);
  current.current = state;
  const loading = useRef(false);

  const loadPage = useCallback(
    async (pageIndex: number) => {
      if (loading.current) return;
      loading.current = true;
      try {
        const page = notificationPageSchema.safeParse(
          await http.request<unknown>(
            `/api/notifications/get?email=${encodeURIComponent(email)}&pageIndex=${pageIndex}`,
            { silent: true },
          ),
        );
        if (page.success) dispatch({ type: 'pageLoaded', page: page.data });
      } catch {
        // Like the menu and rights, the bell fails quietly (logged by the client): the page still works.
      } finally {
        loading.current = false;
      }
    },
    [http, email],
  );

  useEffect(() => {
    if (email) void loadPage(0);
  }, [email, loadPage]);

  useEffect(() => {
    if (!email) return;
    let disposed = false;
    let socket: WebSocket | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let attempt = 0;

    const catchUp = async () => {
      if (current.current.loadedPages === 0) return;
      try {
        const page = notificationPageSchema.safeParse(
          await http.request<unknown>(
            `/api/notifications/getLatestMessages?email=${encodeURIComponent(email)}&latestMessageId=${newestId(current.current)}`,
            { silent: true },
          ),
        );
        if (!page.success) return;
        if (catchUpMayHaveGap(page.data)) {
          dispatch({ type: 'reset' });
          await loadPage(0);
        } else {
          dispatch({ type: 'caughtUp', page: page.data });
        }
      } catch {
        // The next reconnect or page load catches up.
      }
    };

    const open = async () => {
      const token = await session.getAccessToken().catch(() => null);
      if (disposed) return;
      if (!token) {
        retry = setTimeout(() => void open(), RETRY_MAX_MS);
        return;
      }
      const ws = new WebSocket(hubUrl(token));
      socket = ws;
      ws.onopen = () => {
        attempt = 0;
        setLive(true);
        void catchUp();
      };
      ws.onmessage = (event: MessageEvent) => {
        let parsed: ReturnType<typeof hubMessageSchema.safeParse>;
        try {
          parsed = hubMessageSchema.safeParse(JSON.parse(String(event.data)));
        } catch {
          return;
        }
        if (!parsed.success || parsed.data.message.to.toLowerCase() !== email) return;
        const notification = parsed.data.message;
        dispatch({ type: 'arrived', notification });
        // Screens that show figures about what it names (dashboards) refresh on it.
        window.dispatchEvent(new CustomEvent<Notification>(NOTIFICATION_EVENT, { detail: notification }));
        toasts.show({ title: notification.title, message: notification.description || notification.from });
      };
      ws.onclose = () => {
        if (disposed) return;
        setLive(false);
        const delay = Math.min(RETRY_MAX_MS, RETRY_FIRST_MS * 2 ** attempt);
        attempt += 1;
        retry = setTimeout(() => void open(), delay);
      };
    };
    void open();
    return () => {
      disposed = true;
      clearTimeout(retry);
      socket?.close();
    };
  }, [email, http, session, loadPage]);

  const loadMore = useCallback(() => {
    if (hasMorePages(current.current)) void loadPage(current.current.loadedPages);
  }, [loadPage]);

  const markRead = useCallback(
    async (notification: Notification) => {
      if (notification.isRead) return;
      await http.request(`/api/notifications/${notification.id}/makeAsRead`, { method: 'PUT' });
      dispatch({ type: 'markedRead', id: notification.id });
    },
    [http],
  );

  const markAllRead = useCallback(async () => {
    await http.request('/api/notifications/makeAllAsRead', { method: 'PUT', silent: true });
    dispatch({ type: 'allRead' });
  }, [http]);

  return { state, hasMore: hasMorePages(state), loadMore, markRead, markAllRead, live };
}
