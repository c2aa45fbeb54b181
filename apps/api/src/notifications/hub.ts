/**
 * The notification hub (a fixed wire shape): a WebSocket at `/notificationshub?access_token=…`.
 * The token is checked before the upgrade exactly as the API checks its own (auth/bearer.ts), with
 * the hub scope instead of the API's: any refusal is a plain HTTP 401. Each instance LISTENs on
 * `bm_notifications`; a new notification row announces `{id, to, row}` there (migrations
 * 1700000008000, 1700000010850), and the instance holding sockets of `to` sends
 * `{"type":"receiveNewMessage","message":{…}}` to those sockets only: the message is made from the
 * announced row, once per notification whatever the number of sockets, and read from the table
 * only when the row was too large for an announcement (8000 bytes). So a notification raised
 * through any instance reaches the user on any other, and nothing is lost on restart: the bell
 * reads what it missed through `getLatestMessages`.
 *
 * A socket lives only as long as its account's session (ADR 0008): the upgrade is refused for a
 * disabled account or a token issued before the account's sessions ended, and each instance also
 * LISTENs on `bm_sessions`, where disabling announces the account's email and logout the revoked
 * grant (migration 1700000009000): the matching sockets close with 4401 and the cached status is
 * dropped. The heartbeat
 * re-checks every open socket's account too, in case an announcement was missed while the listener
 * reconnected.
 */

import { HUB_SCOPE, type HubMessage } from '@bm/contracts';
import websocket, { type WebSocket } from '@fastify/websocket';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { checkBearer, type TokenIdentity } from '../auth/bearer.ts';
import { type SessionChecker, sessionRefusal } from '../auth/sessions.ts';
import type { TokenVerifier } from '../auth/token-verifier.ts';
import type { Db } from '../db/pool.ts';
import { announcedNotification, notificationById } from './notification-store.ts';

const CHANNEL = 'bm_notifications';
const SESSIONS_CHANNEL = 'bm_sessions';
/** Close code of a socket whose token or session is no longer good; the client signs in again. */
const CLOSE_UNAUTHORIZED = 4401;
/** Sockets one user may hold at once (tabs, windows); the oldest is closed for a new one. */
const MAX_SOCKETS_PER_USER = 20;
/** Ping interval; a socket that missed the previous ping is dropped. */
const HEARTBEAT_MS = 30_000;
const RECONNECT_MS = 1_000;
/** Node fires longer timers at once. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** A new notification: its id and recipient, and its row unless that was too large to announce. */
interface Announcement {
  id: number;
  to: string;
  row?: unknown;
}

const isAnnouncement = (value: unknown): value is Announcement =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as Announcement).id === 'number' &&
  typeof (value as Announcement).to === 'string';

/** `{email}`: the account's standing changed; `{grant}`: a provider grant was revoked (logout). */
type SessionsEnded = { email: string } | { grant: string };
const isSessionsEnded = (value: unknown): value is SessionsEnded =>
  typeof value === 'object' &&
  value !== null &&
  (typeof (value as { email?: unknown }).email === 'string' ||
    typeof (value as { grant?: unknown }).grant === 'string');

class SocketRegistry {
  private readonly byEmail = new Map<string, Set<WebSocket>>();

  add(email: string, socket: WebSocket): void {
    let sockets = this.byEmail.get(email);
    if (!sockets) {
      sockets = new Set();
      this.byEmail.set(email, sockets);
    }
    if (sockets.size >= MAX_SOCKETS_PER_USER) {
      const oldest = sockets.values().next().value;
      oldest?.close(1008, 'Too many connections');
      if (oldest) sockets.delete(oldest);
    }
    sockets.add(socket);
  }

  remove(email: string, socket: WebSocket): void {
    const sockets = this.byEmail.get(email);
    sockets?.delete(socket);
    if (sockets?.size === 0) this.byEmail.delete(email);
  }

  of(email: string): ReadonlySet<WebSocket> | undefined {
    return this.byEmail.get(email);
  }

  *all(): Iterable<WebSocket> {
    for (const sockets of this.byEmail.values()) yield* sockets;
  }
}

/**
 * Keeps one LISTEN connection open on every channel of `handlers`, reconnecting after a failure. It
 * connects to `url` (DATABASE_DIRECT_URL) when given, else where the pool does: a LISTEN needs a
 * session of its own, which a pooler in transaction mode does not keep.
 */
function listen(
  db: Db,
  url: string | undefined,
  handlers: Record<string, (payload: unknown) => void>,
  log: FastifyInstance['log'],
) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({
      connectionString: url ?? db.options.connectionString,
      options: db.options.options,
      // Named like the pool's connections, so operators see (and can end) all of ours as one.
      application_name: db.options.application_name,
      connectionTimeoutMillis: db.options.connectionTimeoutMillis,
    });
    client = next;
    let failed = false;
    next.on('notification', (message) => {
      try {
        const payload: unknown = JSON.parse(message.payload ?? '');
        handlers[message.channel]?.(payload);
      } catch {
        log.warn({ payload: message.payload }, 'unreadable notification announcement');
      }
    });
    next.on('error', (error) => {
      // A cut connection can report more than one error (the server's FATAL message, then the
      // closed socket): reconnect once per client.
      if (failed) return;
      failed = true;
      next.end().catch(() => {});
      if (stopped) return;
      log.warn({ err: error }, 'notification listener lost its connection; reconnecting');
      retry = setTimeout(() => void connect(), RECONNECT_MS);
    });
    try {
      await next.connect();
      for (const channel of Object.keys(handlers)) await next.query(`LISTEN ${channel}`);
    } catch (error) {
      next.emit('error', error);
    }
  };
  const ready = connect();
  return {
    ready,
    stop: async () => {
      stopped = true;
      clearTimeout(retry);
      await client?.end().catch(() => {});
    },
  };
}

export async function notificationHub(
  app: FastifyInstance,
  opts: { db: Db; verify: TokenVerifier; sessions: SessionChecker; listenUrl?: string | undefined },
): Promise<void> {
  const { db, verify, sessions } = opts;
  const sockets = new SocketRegistry();
  const alive = new WeakSet<WebSocket>();
  /** Each socket's token identity, for closing by grant and the heartbeat's re-check. */
  const identities = new WeakMap<WebSocket, HubIdentity>();

  const sessionsEnded = (ended: SessionsEnded) => {
    if ('email' in ended) {
      sessions.forget(ended.email);
      for (const socket of [...(sockets.of(ended.email) ?? [])]) {
        socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
      }
      return;
    }
    sessions.forgetGrant(ended.grant);
    for (const socket of [...sockets.all()]) {
      if (identities.get(socket)?.grant === ended.grant) socket.close(CLOSE_UNAUTHORIZED, 'Session ended');
    }
  };
  /** Closes the sockets whose account is no longer active or whose session has ended. */
  const recheck = async () => {
    for (const socket of [...sockets.all()]) {
      const identity = identities.get(socket);
      if (!identity) continue;
      const verdict = await sessions.check(identity);
      if (verdict !== 'ok') socket.close(CLOSE_UNAUTHORIZED, sessionRefusal[verdict]);
    }
  };

  const deliver = async ({ id, to, row }: Announcement) => {
    const targets = sockets.of(to);
    if (!targets?.size) return;
    // The announced row saves a read per notification; a notification too large to announce whole
    // (or an announcement in another form) is read from the table.
    const message = announcedNotification(row) ?? (await notificationById(db, id));
    if (!message || message.id !== id || message.to !== to) return;
    const frame = JSON.stringify({ type: 'receiveNewMessage', message } satisfies HubMessage);
    for (const socket of targets) if (socket.readyState === socket.OPEN) socket.send(frame);
  };
  const listener = listen(
    db,
    opts.listenUrl,
    {
      [CHANNEL]: (a) => {
        if (isAnnouncement(a)) void deliver(a).catch((err) => app.log.error({ err }, 'push failed'));
      },
      [SESSIONS_CHANNEL]: (a) => {
        if (isSessionsEnded(a)) sessionsEnded(a);
      },
    },
    app.log,
  );
  await listener.ready;

  const heartbeat = setInterval(() => {
    for (const socket of sockets.all()) {
      if (!alive.has(socket)) {
        socket.terminate();
        continue;
      }
      alive.delete(socket);
      socket.ping();
    }
    void recheck().catch((err) => app.log.warn({ err }, 'hub session re-check failed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('onClose', async () => {
    clearInterval(heartbeat);
    await listener.stop();
  });

  await app.register(websocket, { options: { maxPayload: 4 * 1024 } });

  app.get<{ Querystring: { access_token?: string } }>(
    '/notificationshub',
    {
      websocket: true,
      schema: { hide: true },
      // Runs before the upgrade: a refused token gets the API's plain HTTP answer (401, the same
      // message, bearer.ts), and no socket.
      preValidation: async (request, reply) => {
        const checked = await checkBearer(request.query.access_token, HUB_SCOPE, { verify, sessions });
        if ('refusal' in checked) {
          return reply.code(checked.refusal.status).send({ message: checked.refusal.message });
        }
        request.hubIdentity = checked.identity;
      },
    },
    (socket, request) => {
      const identity = request.hubIdentity;
      if (!identity) {
        socket.close(1008, 'Unauthorized');
        return;
      }
      sockets.add(identity.email, socket);
      identities.set(socket, identity);
      alive.add(socket);
      socket.on('pong', () => alive.add(socket));
      // The socket lives as long as its token: the client reconnects with a renewed one.
      const expiry =
        identity.exp === undefined
          ? undefined
          : setTimeout(
              () => socket.close(CLOSE_UNAUTHORIZED, 'Token expired'),
              Math.min(MAX_TIMER_MS, Math.max(0, identity.exp * 1000 - Date.now())),
            );
      expiry?.unref();
      socket.on('close', () => {
        clearTimeout(expiry);
        sockets.remove(identity.email, socket);
      });
    },
  );
}

type HubIdentity = TokenIdentity;

declare module 'fastify' {
  interface FastifyRequest {
    hubIdentity?: HubIdentity;
  }
}
