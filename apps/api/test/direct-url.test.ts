/**
 * DATABASE_DIRECT_URL: what needs a session of its own (the notification LISTEN connection and the
 * job queue) connects there, while the pools use DATABASE_URL, which may be PgBouncer in transaction
 * mode (docs/adr/0033-deployment-topology.md). Here both reach the same database as two roles, so
 * pg_stat_activity tells which connection went where.
 */
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { waitFor } from './child-server.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { freePort } from './test-server.ts';

let database: TestDatabase;
let server: RunningServer;
const role = `bm_direct_${randomBytes(4).toString('hex')}`;

interface Backend {
  usename: string;
  query: string;
}

const backends = async (): Promise<Backend[]> =>
  (
    await database.db.query<Backend>(
      `SELECT usename, query FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    )
  ).rows;

beforeAll(async () => {
  database = await createTestDatabase();
  // A role of its own for the direct connections (dropped after; roles are the server's, not the database's).
  await database.db.query(`CREATE ROLE ${role} LOGIN SUPERUSER`);
  const direct = new URL(database.url);
  direct.username = role;
  const port = await freePort();
  server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: database.url,
      DATABASE_DIRECT_URL: direct.href,
      LOG_LEVEL: 'silent',
      EXPORT_WORKERS: '1',
    }),
    () => {},
  );
}, 60_000);

afterAll(async () => {
  await server?.close();
  await database.db.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE usename = $1`, [
    role,
  ]);
  await database.db.query(`DROP ROLE IF EXISTS ${role}`);
});

describe('DATABASE_DIRECT_URL beside a pooled DATABASE_URL', () => {
  it('the LISTEN connection and the job queue connect there; the pools do not', async () => {
    // The pools answer requests (and /healthz) on DATABASE_URL's role.
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const seen = await waitFor(
      "the listener's and the queue's connections",
      async () => {
        const all = await backends();
        const listening = all.filter((b) => /^LISTEN /i.test(b.query));
        const queue = all.filter((b) => /pgboss\./.test(b.query));
        return listening.length > 0 && queue.length > 0 ? { all, listening, queue } : undefined;
      },
      20_000,
      200,
    );
    expect(seen.listening.every((b) => b.usename === role)).toBe(true);
    expect(seen.queue.every((b) => b.usename === role)).toBe(true);
    // The pool's connections (the health check's SELECT 1 among them) stay on DATABASE_URL's role.
    expect(seen.all.some((b) => b.usename !== role)).toBe(true);
  });
});
