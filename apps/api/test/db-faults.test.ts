/**
 * Database faults against the real server process: PostgreSQL ending its connections under write
 * load, and (in embedded-faults.test.ts) the embedded server dying, a stray postmaster, shutdown.
 * The server runs as a child process: an unhandled 'error' event would end that process, which only
 * a process exit shows (in-process, Vitest would report it as an unhandled error of the test run
 * instead, and the server would keep running inside the test worker).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPageValues } from './api-caller.ts';
import { type ChildServer, spawnServer, waitFor } from './child-server.ts';
import { signIn } from './sign-in.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;
let server: ChildServer;
let admin: pg.Client;
let token: string;

beforeAll(async () => {
  database = await createTestDatabase();
  server = await spawnServer({ DATABASE_URL: database.url, NODE_ENV: 'test' });
  await server.waitForOutput(/BM Tools is ready/, 60_000);
  token = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  admin = new pg.Client({ connectionString: database.url, application_name: 'db-faults-test' });
  admin.on('error', () => {});
  await admin.connect();
}, 90_000);

afterAll(async () => {
  await admin?.end().catch(() => {});
  if (server && !server.hasExited()) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

interface Outcome {
  status: number;
  retryAfter: string | null;
  message: unknown;
}

let serial = 0;
async function savePage(): Promise<Outcome> {
  const n = ++serial;
  const response = await fetch(`${server.baseUrl}/api/pages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      values: newPageValues(`Fault page ${n}`, `/fault/${n}`),
    }),
  });
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return { status: response.status, retryAfter: response.headers.get('retry-after'), message: body?.message };
}

/** The server's own connections in its database, as `pg_terminate_backend` would see them. */
const serverConnections = async (filter = '') =>
  (
    await admin.query<{ pid: number }>(
      `SELECT pid FROM pg_stat_activity WHERE application_name = 'bm-tools' AND datname = current_database() ${filter}`,
    )
  ).rows.map((r) => r.pid);

describe('PostgreSQL ending the server connections', () => {
  it('keeps the process up under write load: saves during the cut get 503 with Retry-After or succeed', async () => {
    const outcomes: Outcome[] = [];
    const failures: string[] = [];
    let running = true;
    const writer = async () => {
      while (running && !server.hasExited()) {
        try {
          outcomes.push(await savePage());
        } catch (error) {
          // A reset socket: the process went away mid-request.
          failures.push(String(error));
          return;
        }
      }
    };
    const writers = [writer(), writer(), writer()];

    let terminated = 0;
    for (let round = 0; round < 6; round++) {
      const before = outcomes.length;
      // Cut while writes are in flight: wait for progress, then end every server connection.
      const progressed = () => outcomes.length >= before + 3 || server.hasExited() || failures.length > 0;
      await waitFor('writes to make progress', async () => (progressed() ? true : undefined), 30_000, 20);
      if (server.hasExited() || failures.length > 0) break;
      const { rows } = await admin.query<{ ended: boolean }>(
        `SELECT pg_terminate_backend(pid) AS ended FROM pg_stat_activity
          WHERE application_name = 'bm-tools' AND datname = current_database()`,
      );
      terminated += rows.filter((r) => r.ended).length;
    }
    const atCut = outcomes.length;
    await waitFor(
      'writes after the last cut',
      async () =>
        outcomes.length >= atCut + 3 || server.hasExited() || failures.length > 0 ? true : undefined,
      30_000,
      20,
    );
    running = false;
    await Promise.all(writers);

    expect(server.hasExited(), server.output()).toBe(false);
    expect(failures).toEqual([]);
    expect(terminated).toBeGreaterThan(0);
    for (const outcome of outcomes) {
      if (outcome.status === 201) continue;
      expect(outcome).toEqual({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        message: 'The database is not available right now. Try again in a few seconds.',
      });
    }
    expect((await savePage()).status).toBe(201);
    expect((await fetch(`${server.baseUrl}/healthz`)).status).toBe(200);
  }, 120_000);

  it('reconnects the notification listener after its connection was ended', async () => {
    const listening = "AND query ILIKE 'LISTEN%'";
    const before = await waitFor(
      'a LISTEN connection',
      async () => (await serverConnections(listening))[0],
      15_000,
    );
    await admin.query('SELECT pg_terminate_backend($1)', [before]);
    const after = await waitFor(
      'a new LISTEN connection',
      async () => (await serverConnections(listening)).find((pid) => pid !== before),
      15_000,
    );
    expect(after).not.toBe(before);
    expect(server.hasExited()).toBe(false);
  }, 40_000);
});
