/**
 * Restart under load: two API instances (real child processes) on one database, as a deployment
 * behind a load balancer runs them. Instance A is stopped with SIGTERM while it serves lists and
 * saves, runs exports and holds sockets; instance B takes over. What must hold:
 * - every request A had accepted ends with its real answer (no connection reset), A exits 0;
 *   requests sent after the signal may be refused (connection refused or 503) and go to B;
 * - exports A was running are finished by B, each once (one file, one "ready" notification);
 * - sockets on A reconnect to B and, catching up with `getLatestMessages?latestMessageId=` as the
 *   web bell does, see every notification raised while they were away, once.
 * Figures are recorded (not asserted); the hard bounds are hang guards only.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubMessage, NotificationPage } from '@bm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newPageValues } from '../test/api-caller.ts';
import { type ChildServer, spawnServer, stopChildServer, waitFor } from '../test/child-server.ts';
import { type HubClient, openHub } from '../test/hub-client.ts';
import { signIn } from '../test/sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../test/test-database.ts';
import { type Figure, recordFigures } from './figures.ts';

const EMAIL = 'admin@bmtools.local';
let database: TestDatabase;
let storage: string;
let b: ChildServer;
let token: string;
const figures: Figure[] = [];
const started: ChildServer[] = [];

const ready = (server: ChildServer) => server.waitForOutput(/BM Tools is ready/, 60_000);

beforeAll(async () => {
  database = await createTestDatabase();
  storage = await mkdtemp(path.join(tmpdir(), 'bm-restart-'));
  b = await spawnServer({ DATABASE_URL: database.url, NODE_ENV: 'test', EXPORT_STORAGE_DIR: storage });
  started.push(b);
  await ready(b);
  token = (await signIn(b.baseUrl, EMAIL, 'admin')).accessToken;
}, 90_000);

afterAll(async () => {
  recordFigures('restart', figures);
  for (const server of started) await stopChildServer(server, 15_000);
}, 60_000);

/** A fresh instance A: same database, same issuer (B's public URL) and same export folder as B. */
async function startA(): Promise<ChildServer> {
  const a = await spawnServer({
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    PUBLIC_URL: b.baseUrl,
    EXPORT_STORAGE_DIR: storage,
  });
  started.push(a);
  await ready(a);
  return a;
}

/** SIGTERM, then the exit code; fails past 30 s (a hang guard). */
async function stop(a: ChildServer) {
  a.process.kill('SIGTERM');
  const exit = await Promise.race([
    a.exited,
    new Promise<'hang'>((resolve) => setTimeout(() => resolve('hang'), 30_000)),
  ]);
  return exit;
}

const headers = (json: boolean) => ({
  authorization: `Bearer ${token}`,
  ...(json ? { 'content-type': 'application/json' } : {}),
});

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

/** Whether A received request `n`: a list is in A's request log (its `n=` query), a save in the table. */
async function reachedA(a: ChildServer, n: number, save: boolean): Promise<boolean> {
  if (!save) {
    if (new RegExp(`n=${n}\\b`).test(a.output())) return true;
    const { rows } = await database.db.query('SELECT 1 FROM api_logs WHERE path LIKE $1', [`%n=${n}`]);
    return rows.length > 0;
  }
  const { rows } = await database.db.query('SELECT 1 FROM pages WHERE url = $1', [`/restart/${n}`]);
  return rows.length > 0;
}

/** A connection the server never accepted: safe to send again elsewhere. */
const refused = (error: unknown) => {
  const code = (error as { cause?: { code?: string } }).cause?.code;
  return code === 'ECONNREFUSED';
};

describe('restart under load', () => {
  it('SIGTERM under lists and saves: accepted requests finish, A exits 0, B takes over', async () => {
    const a = await startA();
    let target = a.baseUrl;
    let serial = 0;
    let stopping = false;
    let accepted = 0;
    let answered = 0;
    let resets = 0;
    let refusedCount = 0;
    let unavailable = 0;
    let serverErrors = 0;
    let onB = 0;
    let idleCrossings = 0;
    const errors: string[] = [];
    const once = async (): Promise<void> => {
      const base = target;
      const n = ++serial;
      const save = n % 3 === 0;
      const request = save
        ? fetch(`${base}/api/pages`, {
            method: 'POST',
            headers: headers(true),
            body: JSON.stringify({
              values: newPageValues(`Restart page ${n}`, `/restart/${n}`),
            }),
          })
        : fetch(`${base}/api/pages?pageIndex=0&pageSize=20&n=${n}`, { headers: headers(false) });
      try {
        const response = await request;
        await response.arrayBuffer();
        if (base === a.baseUrl) {
          accepted++;
          if (response.status === 503) unavailable++;
          else answered++;
          if (response.status === 503) target = b.baseUrl;
        } else onB++;
        if (response.status >= 500 && response.status !== 503) {
          serverErrors++;
          errors.push(`${response.status} ${base === a.baseUrl ? 'A' : 'B'}`);
        }
      } catch (error) {
        if (refused(error)) {
          refusedCount++;
          target = b.baseUrl;
        } else if (await reachedA(a, n, save)) {
          // A had the request (logged it, or saved the page) and the client lost its answer.
          resets++;
          accepted++;
          errors.push(String((error as { cause?: unknown }).cause ?? error));
          target = b.baseUrl;
        } else {
          // An idle keep-alive connection A closed as it stopped, crossing a request A never read:
          // not accepted, so sent again to B as a client or balancer retries it.
          idleCrossings++;
          target = b.baseUrl;
        }
      }
    };
    const worker = async () => {
      const until = () => stopping && target === b.baseUrl && onB >= 20;
      const deadline = Date.now() + 60_000;
      while (!until() && Date.now() < deadline) await once();
    };
    const workers = Array.from({ length: 8 }, () => worker());
    await new Promise((resolve) => setTimeout(resolve, 1500));
    stopping = true;
    const exit = await stop(a);
    await Promise.all(workers);
    figures.push(
      {
        figure: 'restart: requests accepted by A answered (not reset)',
        value: `${answered + unavailable} of ${accepted} (${unavailable} answered 503 while stopping)`,
        target: 'all',
        ok: resets === 0,
      },
      {
        figure: 'restart: A exit after SIGTERM under load',
        value: exit === 'hang' ? 'no exit in 30 s' : `code ${exit.code}`,
        target: 'code 0',
        ok: exit !== 'hang' && exit.code === 0,
      },
      {
        figure: 'restart: errors (resets / 5xx other than 503), refused then sent to B',
        value: `${resets} / ${serverErrors}, ${refusedCount} refused, ${idleCrossings} unread on a closing idle connection, ${onB} on B`,
        target: '0 / 0',
        ok: resets === 0 && serverErrors === 0,
      },
    );
    expect(errors).toEqual([]);
    expect(exit).toMatchObject({ code: 0 });
    expect(onB).toBeGreaterThanOrEqual(20);
  }, 120_000);

  it('exports running on A when it stops are finished by B, each once', async () => {
    const a = await startA();
    const onB = await hub(b.baseUrl);
    const ids: number[] = [];
    try {
      for (let i = 0; i < 3; i++) {
        const response = await fetch(`${a.baseUrl}/api/exports/send`, {
          method: 'POST',
          headers: headers(true),
          body: JSON.stringify({
            values: [
              { mapkey: 'fileName', value: `restart ${i}` },
              {
                mapkey: 'criteria',
                value: JSON.stringify({
                  source: '/api/ApiLogs',
                  sort: ['id=ASC'],
                  selector: [
                    { field: 'id', label: 'Id' },
                    { field: 'path', label: 'Path' },
                  ],
                }),
              },
              { mapkey: 'pageName', value: 'Restart' },
            ],
          }),
        });
        expect(response.status).toBe(200);
        ids.push(Number(((await response.json()) as { id: number }).id));
      }
      // Stop A while its worker runs one of them (a worker names itself `{pid}-…`), so B has one to take over.
      const handedOver = await waitFor(
        'an export running on A',
        async () => {
          const { rows } = await database.db.query<{ id: number }>(
            `SELECT id FROM exports WHERE id = ANY($1) AND status = 'running' AND worker LIKE $2 LIMIT 1`,
            [ids, `${a.process.pid}-%`],
          );
          return rows[0]?.id;
        },
        60_000,
        20,
      );
      const exit = await stop(a);
      expect(exit).toMatchObject({ code: 0 });
      await waitFor(
        'every export done',
        async () => {
          const { rows } = await database.db.query<{ n: number }>(
            `SELECT count(*)::int AS n FROM exports WHERE id = ANY($1) AND status = 'done'`,
            [ids],
          );
          return rows[0]?.n === ids.length ? true : undefined;
        },
        90_000,
      );
      // The one A was running is finished by B on its second attempt.
      const { rows: taken } = await database.db.query<{ attempt: number; worker: string }>(
        'SELECT attempt, worker FROM exports WHERE id = $1',
        [handedOver],
      );
      expect(taken[0]?.attempt).toBe(2);
      expect(taken[0]?.worker).toMatch(new RegExp(`^${b.process.pid}-`));
      const urls = ids.map((id) => `/api/exports/download?id=${id}`);
      const { rows: told } = await database.db.query<{ url: string; n: number }>(
        `SELECT actions -> 'download' ->> 'url' AS url, count(*)::int AS n FROM notifications
          WHERE actions -> 'download' ->> 'url' = ANY($1) GROUP BY 1`,
        [urls],
      );
      await waitFor(
        'ready messages on B',
        async () => (readyUrls(onB.messages).length >= ids.length ? true : undefined),
        10_000,
      ).catch(() => undefined);
      const seen = readyUrls(onB.messages);
      let files = 0;
      for (const url of urls) {
        const file = await fetch(`${b.baseUrl}${url}`, { headers: headers(false) });
        await file.arrayBuffer();
        if (file.status === 200) files++;
      }
      const once = urls.filter(
        (url) => told.find((r) => r.url === url)?.n === 1 && seen.filter((s) => s === url).length === 1,
      ).length;
      figures.push({
        figure: 'restart: exports finished once (one notification, one ready message, file on B)',
        value: `${Math.min(once, files)} of ${ids.length}`,
        target: 'all',
        ok: once === ids.length && files === ids.length,
      });
      expect(told.map((r) => r.n)).toEqual(ids.map(() => 1));
      expect(seen.sort()).toEqual([...urls].sort());
      expect(files).toBe(ids.length);
    } finally {
      onB.socket.close();
    }
  }, 180_000);

  it('sockets on A reconnect to B and catch up on what they missed, each notification once', async () => {
    const a = await startA();
    const clients = await Promise.all(Array.from({ length: 5 }, () => bellClient(a.baseUrl, b.baseUrl)));
    const created: number[] = [];
    const raise = async (title: string) => {
      const { rows } = await database.db.query<{ id: number }>(
        `INSERT INTO notifications (to_email, title, description) VALUES ($1, $2, $2) RETURNING id`,
        [EMAIL, title],
      );
      created.push(Number(rows[0]?.id));
    };
    try {
      await raise('before the restart');
      await waitFor(
        'live message on A',
        async () => (clients.every((c) => c.ids.size === 1) ? true : undefined),
        10_000,
      );
      const exit = await stop(a);
      expect(exit).toMatchObject({ code: 0 });
      // Raised while the clients are away (between A's close and their reconnect to B).
      for (let i = 0; i < 5; i++) await raise(`while away ${i}`);
      await waitFor(
        'every client on B',
        async () => (clients.every((c) => c.onB) ? true : undefined),
        20_000,
      );
      for (let i = 0; i < 5; i++) await raise(`after the reconnect ${i}`);
      await waitFor(
        'every notification on every client',
        async () => (clients.every((c) => created.every((id) => c.ids.has(id))) ? true : undefined),
        20_000,
      ).catch(() => undefined);
      const complete = clients.filter((c) => created.every((id) => c.ids.has(id)) && c.duplicates === 0);
      const reconnects = clients.map((c) => c.reconnectMs ?? Number.NaN).filter(Number.isFinite);
      figures.push(
        {
          figure: 'restart: notifications received once / created (per client, 5 clients)',
          value: `${complete.length} of ${clients.length} clients got ${created.length} of ${created.length}, ${clients.reduce((n, c) => n + c.duplicates, 0)} duplicates`,
          target: 'all, no duplicates',
          ok: complete.length === clients.length,
        },
        {
          figure: 'restart: socket reconnect to B p50 / max',
          value: `${percentile(reconnects, 50)} ms / ${Math.max(...reconnects)} ms`,
          target: 'recorded',
          ok: reconnects.length === clients.length,
        },
      );
      for (const client of clients) {
        expect([...client.ids].sort((x, y) => x - y)).toEqual([...created].sort((x, y) => x - y));
        expect(client.duplicates).toBe(0);
      }
    } finally {
      for (const client of clients) client.close();
    }
  }, 120_000);
});

function readyUrls(messages: HubMessage[]): string[] {
  return messages
    .filter((m) => m.message.title.startsWith('Export ready'))
    .map((m) => m.message.actions.download?.url ?? '');
}

const hub = (base: string): Promise<HubClient> => openHub(base, token);

/**
 * What the web bell does (useNotificationBell): keep the notifications by id, and when the socket
 * drops, reconnect (here to B, as the load balancer would send it) and first ask
 * `getLatestMessages` for everything newer than the newest id held. A socket delivering an id twice
 * counts as a duplicate; the catch-up overlapping a live message is merged by id, as the bell does.
 */
async function bellClient(first: string, next: string) {
  const state = {
    ids: new Set<number>(),
    duplicates: 0,
    onB: false,
    reconnectMs: undefined as number | undefined,
    closed: false,
    socket: undefined as WebSocket | undefined,
    close() {
      state.closed = true;
      state.socket?.close();
    },
  };
  const newest = () => Math.max(0, ...state.ids);
  const connect = (base: string, droppedAt?: number): Promise<void> =>
    new Promise((resolve, reject) => {
      const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/notificationshub?access_token=${token}`);
      state.socket = socket;
      const socketSeen = new Set<number>();
      socket.on('message', (data) => {
        const id = (JSON.parse(String(data)) as HubMessage).message.id;
        if (socketSeen.has(id)) state.duplicates++;
        socketSeen.add(id);
        state.ids.add(id);
      });
      socket.once('open', () => {
        if (droppedAt !== undefined) {
          state.reconnectMs = Date.now() - droppedAt;
          state.onB = true;
          void fetch(
            `${base}/api/notifications/getLatestMessages?email=${encodeURIComponent(EMAIL)}&latestMessageId=${newest()}`,
            { headers: headers(false) },
          )
            .then((r) => r.json() as Promise<NotificationPage>)
            .then((page) => {
              for (const n of page.data) state.ids.add(n.id);
            });
        }
        resolve();
      });
      socket.once('error', reject);
      socket.once('close', () => {
        if (state.closed || base === next) return;
        const dropped = Date.now();
        const retry = (delay: number) =>
          setTimeout(() => {
            if (!state.closed) connect(next, dropped).catch(() => retry(Math.min(delay * 2, 2000)));
          }, delay);
        retry(100);
      });
    });
  await connect(first);
  return state;
}
