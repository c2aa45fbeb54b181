import type { NotificationPage } from '@bm/contracts';
import { importJWK, SignJWT } from 'jose';
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import {
  announcedNotification,
  notificationById,
  raiseNotification,
} from '../src/notifications/notification-store.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { afterFile } from './file-end.ts';
import { openHub } from './hub-client.ts';
import { signingKeyOf } from './provider-keys.ts';
import { signIn } from './sign-in.ts';
import { freePort, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let admin: string;
let editor: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  editor = (await signIn(server.baseUrl, 'editor@bmtools.local', 'editor')).accessToken;
});

const call = (path: string, token: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, { ...init, headers: { authorization: `Bearer ${token}` } });

async function page(token: string, query: string): Promise<NotificationPage> {
  const response = await call(`/api/notifications/get?${query}`, token);
  expect(response.status).toBe(200);
  return (await response.json()) as NotificationPage;
}

describe('GET /api/notifications/get', () => {
  it("pages the caller's notifications newest first, with totals and the unread count", async () => {
    const first = await page(admin, 'email=admin@bmtools.local&pageIndex=0');
    expect(first.data).toHaveLength(10);
    expect(first.paging).toEqual({ pageIndex: 0, pageSize: 10, totalPages: 2, totalItemsCount: 14 });
    expect(first.unreadCount).toBe(4);
    const ids = first.data.map((n) => n.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(first.data.every((n) => n.to === 'admin@bmtools.local')).toBe(true);
    expect(first.data[0]).toMatchObject({ title: 'Price-watch import finished', isRead: false, actions: {} });
    expect(first.data[0]?.createdDateUtc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const second = await page(admin, 'email=admin@bmtools.local&pageIndex=1');
    expect(second.data).toHaveLength(4);
    expect(Math.max(...second.data.map((n) => n.id))).toBeLessThan(Math.min(...ids));
    expect((await page(admin, 'pageIndex=2')).data).toEqual([]);
  });

  it("refuses another user's email, a missing token and a bad page index", async () => {
    const other = await call('/api/notifications/get?email=editor@bmtools.local&pageIndex=0', admin);
    expect(other.status).toBe(403);
    expect(((await other.json()) as { message: string }).message).toBe(
      'Notifications can only be read by their recipient',
    );
    expect((await fetch(`${server.baseUrl}/api/notifications/get?pageIndex=0`)).status).toBe(401);
    const bad = await call('/api/notifications/get?pageIndex=-1', admin);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('pageIndex');
    // The email is compared without regard to case, as emails are stored.
    expect((await call('/api/notifications/get?email=Admin@BMTools.local', admin)).status).toBe(200);
  });
});

describe('PUT /api/notifications/{id}/makeAsRead', () => {
  it('marks the caller’s own notification read, and only that', async () => {
    const before = await page(editor, 'pageIndex=0');
    const unread = before.data.find((n) => !n.isRead);
    if (!unread) throw new Error('the seed gives the editor unread notifications');
    const response = await call(`/api/notifications/${unread.id}/makeAsRead`, editor, { method: 'PUT' });
    expect(response.status).toBe(204);
    const after = await page(editor, 'pageIndex=0');
    expect(after.unreadCount).toBe(before.unreadCount - 1);
    expect(after.data.find((n) => n.id === unread.id)?.isRead).toBe(true);
  });

  it("answers 404 for another user's notification and leaves it unread", async () => {
    const adminUnread = (await page(admin, 'pageIndex=0')).data.find((n) => !n.isRead);
    if (!adminUnread) throw new Error('the seed gives the admin unread notifications');
    const response = await call(`/api/notifications/${adminUnread.id}/makeAsRead`, editor, { method: 'PUT' });
    expect(response.status).toBe(404);
    expect((await page(admin, 'pageIndex=0')).data.find((n) => n.id === adminUnread.id)?.isRead).toBe(false);
    expect((await call('/api/notifications/abc/makeAsRead', editor, { method: 'PUT' })).status).toBe(400);
  });
});

describe('PUT /api/notifications/makeAllAsRead', () => {
  it('marks all of the caller’s notifications read, and nobody else’s', async () => {
    const viewer = (await signIn(server.baseUrl, 'viewer@bmtools.local', 'viewer')).accessToken;
    const adminBefore = (await page(admin, 'pageIndex=0')).unreadCount;
    const before = await page(viewer, 'pageIndex=0');
    expect(before.unreadCount).toBeGreaterThan(0);
    const response = await call('/api/notifications/makeAllAsRead', viewer, { method: 'PUT' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ updated: before.unreadCount });
    expect((await page(viewer, 'pageIndex=0')).unreadCount).toBe(0);
    expect((await page(admin, 'pageIndex=0')).unreadCount).toBe(adminBefore);
    // Again: nothing left to change.
    expect(await (await call('/api/notifications/makeAllAsRead', viewer, { method: 'PUT' })).json()).toEqual({
      updated: 0,
    });
  });

  it('needs a signed-in caller', async () => {
    const response = await fetch(`${server.baseUrl}/api/notifications/makeAllAsRead`, { method: 'PUT' });
    expect(response.status).toBe(401);
  });
});

describe('notifications about a record', () => {
  it('carry the in-app path of the record they are about', async () => {
    const all = [...(await page(admin, 'pageIndex=0')).data, ...(await page(admin, 'pageIndex=1')).data];
    const booking = all.find((n) => n.title.startsWith('Reservation '));
    expect(booking?.actions.open?.url).toMatch(/^\/reservation\/view\/\d+$/);
  });
});

describe('GET /api/notifications/getLatestMessages', () => {
  it('returns only what arrived after the given id', async () => {
    const newest = (await page(admin, 'pageIndex=0')).data[0]?.id ?? 0;
    expect(
      (await (
        await call(`/api/notifications/getLatestMessages?latestMessageId=${newest}`, admin)
      ).json()) as NotificationPage,
    ).toMatchObject({ data: [] });
    const raised = await raiseNotification(server.db, { to: 'admin@bmtools.local', title: 'Export ready' });
    await raiseNotification(server.db, { to: 'editor@bmtools.local', title: 'Not for the admin' });
    const latest = (await (
      await call(
        `/api/notifications/getLatestMessages?email=admin@bmtools.local&latestMessageId=${newest}`,
        admin,
      )
    ).json()) as NotificationPage;
    expect(latest.data.map((n) => n.id)).toEqual([raised.id]);
    expect(latest.unreadCount).toBeGreaterThanOrEqual(1);
  });
});

/** A connection listening to the notifications' announcements, and the payloads it received. */
async function listenToAnnouncements(): Promise<{ listener: pg.Client; payloads: string[] }> {
  const listener = new pg.Client({ connectionString: server.databaseUrl });
  await listener.connect();
  const payloads: string[] = [];
  listener.on('notification', (n) => payloads.push(n.payload ?? ''));
  await listener.query('LISTEN bm_notifications');
  return { listener, payloads };
}

const waitFor = async (check: () => boolean, ms = 5000): Promise<void> => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describe('the /notificationshub WebSocket', () => {
  it('refuses an upgrade without a valid token, or with a token lacking the hub scope', async () => {
    await expect(openHub(server.baseUrl, undefined)).rejects.toThrow('HTTP 401');
    await expect(openHub(server.baseUrl, 'not.a.token')).rejects.toThrow('HTTP 401');
    const jwk = await signingKeyOf(server.db);
    const now = Math.floor(Date.now() / 1000);
    const apiOnly = await new SignJWT({
      scope: 'bm-tools-api',
      email: 'admin@bmtools.local',
      aud: 'bm-tools-api',
    })
      .setProtectedHeader({ alg: 'RS256', kid: jwk.kid as string, typ: 'at+jwt' })
      .setIssuer(`${server.baseUrl}/oidc`)
      .setSubject('x')
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(await importJWK(jwk, 'RS256'));
    // 401 like the API's answer to a token without its scope (one check for both, auth/bearer.ts):
    // the hub answered 403 before issue 38, a deliberate change.
    await expect(openHub(server.baseUrl, apiOnly)).rejects.toThrow('HTTP 401');
  });

  it('pushes receiveNewMessage to the sockets of the recipient only', async () => {
    const adminTab1 = await openHub(server.baseUrl, admin);
    const adminTab2 = await openHub(server.baseUrl, admin);
    const editorTab = await openHub(server.baseUrl, editor);
    try {
      const raised = await raiseNotification(server.db, {
        from: 'system',
        to: 'admin@bmtools.local',
        title: 'Reservations export ready',
        description: 'reservations.xlsx',
        actions: { download: { url: '/api/exports/download?id=7', fileName: 'reservations.xlsx' } },
      });
      await waitFor(() => adminTab1.messages.length > 0 && adminTab2.messages.length > 0);
      for (const tab of [adminTab1, adminTab2]) {
        expect(tab.messages).toEqual([{ type: 'receiveNewMessage', message: raised }]);
      }
      await raiseNotification(server.db, { to: 'editor@bmtools.local', title: 'For the editor' });
      await waitFor(() => editorTab.messages.length > 0);
      expect(editorTab.messages.map((m) => m.message.title)).toEqual(['For the editor']);
      expect(adminTab1.messages).toHaveLength(1);
    } finally {
      for (const tab of [adminTab1, adminTab2, editorTab]) tab.socket.close();
    }
  });

  it('announces a new notification with its row, which makes the message a read would return', async () => {
    const { listener, payloads } = await listenToAnnouncements();
    try {
      const raised = await raiseNotification(server.db, {
        from: 'system',
        to: 'editor@bmtools.local',
        title: 'Announced whole',
        description: 'Ünïcödé and "quotes"',
        actions: { open: { url: '/reservations/view/1' } },
      });
      await waitFor(() => payloads.length > 0);
      const announced = JSON.parse(payloads[0] ?? '') as { id: number; to: string; row: unknown };
      expect(announced).toMatchObject({ id: raised.id, to: 'editor@bmtools.local' });
      expect(announcedNotification(announced.row)).toEqual(raised);
      expect(await notificationById(server.db, raised.id)).toEqual(raised);
    } finally {
      await listener.end();
    }
  });

  it('pushes a notification too large to announce whole, reading it from the table', async () => {
    const { listener, payloads } = await listenToAnnouncements();
    const tab = await openHub(server.baseUrl, admin);
    try {
      // 2,000 characters of four bytes each: the row is over the 8,000 bytes of an announcement.
      const raised = await raiseNotification(server.db, {
        to: 'admin@bmtools.local',
        title: 'Too large to announce',
        description: '𝄞'.repeat(2000),
      });
      await waitFor(() => tab.messages.length > 0 && payloads.length > 0);
      expect(JSON.parse(payloads[0] ?? '')).toEqual({ id: raised.id, to: 'admin@bmtools.local' });
      expect(tab.messages).toEqual([{ type: 'receiveNewMessage', message: raised }]);
    } finally {
      tab.socket.close();
      await listener.end();
    }
  });

  it('pushes each recipient its own message when one statement raises several', async () => {
    const adminTab = await openHub(server.baseUrl, admin);
    const editorTab = await openHub(server.baseUrl, editor);
    try {
      const { rows } = await server.db.query<{ id: number; to_email: string }>(
        `INSERT INTO notifications (to_email, title)
         SELECT email, 'Maintenance tonight' FROM unnest($1::text[]) AS email RETURNING id, to_email`,
        [['admin@bmtools.local', 'editor@bmtools.local']],
      );
      await waitFor(() => adminTab.messages.length > 0 && editorTab.messages.length > 0);
      for (const [tab, email] of [
        [adminTab, 'admin@bmtools.local'],
        [editorTab, 'editor@bmtools.local'],
      ] as const) {
        const id = rows.find((r) => r.to_email === email)?.id ?? -1;
        expect(tab.messages).toEqual([
          { type: 'receiveNewMessage', message: await notificationById(server.db, id) },
        ]);
      }
    } finally {
      adminTab.socket.close();
      editorTab.socket.close();
    }
  });

  it('delivers a notification raised through one instance to a socket on another', async () => {
    const port = await freePort();
    // A second instance of the same deployment: same database, same public URL (so the same issuer).
    const second: RunningServer = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: server.databaseUrl,
        PUBLIC_URL: server.baseUrl,
        LOG_LEVEL: 'silent',
      }),
      () => {},
    );
    afterFile(() => second.close());
    const onSecond = await openHub(`http://127.0.0.1:${port}`, admin);
    try {
      const raised = await raiseNotification(server.db, {
        to: 'admin@bmtools.local',
        title: 'Raised on the first',
      });
      await waitFor(() => onSecond.messages.length > 0);
      expect(onSecond.messages[0]).toEqual({ type: 'receiveNewMessage', message: raised });
    } finally {
      onSecond.socket.close();
    }
  });
});
