/**
 * The socket benchmarks' baseline: the least a server can do to carry a database change to browser
 * sockets. A trigger on a copy of the notifications table announces the whole row, already in the
 * hub's message shape, on its own LISTEN/NOTIFY channel; a bare `ws` server holds the sockets by
 * recipient (`?user=`, no token: the upgrade is not what is timed) and forwards the payload
 * wrapped as `{"type":"receiveNewMessage","message":…}` to the recipient's sockets. No query per
 * change, one JSON parse per change (to find the recipient), one frame string per change.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { type WebSocket, WebSocketServer } from 'ws';

const CHANNEL = 'bench_socket_relay';

/**
 * The baseline's table: a copy of `notifications` (columns, checks, indexes), so that writing a row
 * costs the database the same on both sides; only the trigger differs.
 */
export const RELAY_TABLE = 'bench_socket_notes';

const SETUP = `
CREATE TABLE IF NOT EXISTS ${RELAY_TABLE} (LIKE notifications INCLUDING ALL);
CREATE SEQUENCE IF NOT EXISTS ${RELAY_TABLE}_id_seq OWNED BY ${RELAY_TABLE}.id;
ALTER TABLE ${RELAY_TABLE} ALTER id SET DEFAULT nextval('${RELAY_TABLE}_id_seq');
CREATE OR REPLACE FUNCTION ${RELAY_TABLE}_announce() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('${CHANNEL}', json_build_object(
    'id', NEW.id, 'from', NEW.from_email, 'title', NEW.title, 'description', NEW.description,
    'to', NEW.to_email, 'isRead', NEW.is_read,
    'createdDateUtc', to_char(NEW.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'actions', NEW.actions)::text);
  RETURN NULL;
END;
$$;
DROP TRIGGER IF EXISTS ${RELAY_TABLE}_announce ON ${RELAY_TABLE};
CREATE TRIGGER ${RELAY_TABLE}_announce AFTER INSERT ON ${RELAY_TABLE}
  FOR EACH ROW EXECUTE FUNCTION ${RELAY_TABLE}_announce();
`;

export interface Relay {
  /** `ws://…/?user=` — append the recipient's email. */
  url: string;
  close(): Promise<void>;
}

export async function startRelay(databaseUrl: string): Promise<Relay> {
  const listener = new pg.Client({ connectionString: databaseUrl, application_name: 'bm-bench-relay' });
  await listener.connect();
  await listener.query(SETUP);

  const byUser = new Map<string, Set<WebSocket>>();
  listener.on('notification', (n) => {
    const payload = n.payload ?? '';
    const { to } = JSON.parse(payload) as { to: string };
    const frame = `{"type":"receiveNewMessage","message":${payload}}`;
    for (const socket of byUser.get(to) ?? []) if (socket.readyState === socket.OPEN) socket.send(frame);
  });
  await listener.query(`LISTEN ${CHANNEL}`);

  const http = createServer();
  const wss = new WebSocketServer({ server: http, maxPayload: 4 * 1024 });
  wss.on('connection', (socket, request) => {
    const user = new URL(request.url ?? '/', 'http://relay').searchParams.get('user') ?? '';
    let sockets = byUser.get(user);
    if (!sockets) {
      sockets = new Set();
      byUser.set(user, sockets);
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const { port } = http.address() as AddressInfo;

  return {
    url: `ws://127.0.0.1:${port}/?user=`,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await listener.query(
        `DROP TABLE IF EXISTS ${RELAY_TABLE}; DROP FUNCTION IF EXISTS ${RELAY_TABLE}_announce()`,
      );
      await listener.end();
    },
  };
}
