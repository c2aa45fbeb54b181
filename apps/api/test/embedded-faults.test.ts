/**
 * Faults of the embedded PostgreSQL, against the real entry point as a child process and one data
 * directory shared by the cases in order (the first start runs initdb, migrations and the demo seed,
 * the slow part): the postmaster killed and restarted by the server, a postmaster left running by
 * a killed server and taken over by the next start, SIGTERM while a request hangs and during the
 * start, and a start that cannot bind its port.
 */
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ChildServer,
  FIRST_START_TIMEOUT_MS,
  spawnServer,
  waitFor,
  waitForFirstStart,
} from './child-server.ts';
import { signIn } from './sign-in.ts';
import { freePort } from './test-server.ts';

const dataDir = path.resolve(import.meta.dirname, `../../../.tmp/embedded-faults-${process.pid}`);
let pgPort: number;
let server: ChildServer;
let env: Record<string, string>;

/** True while `pid` runs; a zombie counts as gone. */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

const postmasterPid = () =>
  Number.parseInt(readFileSync(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8').split('\n')[0] ?? '', 10);

/** Holds the embedded port with a listener that drops every connection, so PostgreSQL cannot bind it. */
function holdPort(port: number): Promise<Server | undefined> {
  return new Promise((resolve) => {
    const holder = createServer((socket) => socket.destroy());
    holder.once('error', () => resolve(undefined));
    holder.listen(port, '127.0.0.1', () => resolve(holder));
  });
}

async function health(): Promise<{
  status: number;
  retryAfter: string | null;
  body: Record<string, unknown>;
}> {
  const response = await fetch(`${server.baseUrl}/healthz`);
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    body: (await response.json()) as Record<string, unknown>,
  };
}

const stopServer = async (child: ChildServer | undefined) => {
  if (child && !child.hasExited()) {
    child.process.kill('SIGTERM');
    await child.exited;
  }
};

beforeAll(async () => {
  rmSync(dataDir, { recursive: true, force: true });
  pgPort = await freePort();
  env = {
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    NODE_ENV: 'test',
    SHUTDOWN_GRACE_MS: '1500',
    LOG_LEVEL: 'warn',
  };
  server = await spawnServer(env);
  await waitForFirstStart(server);
}, FIRST_START_TIMEOUT_MS + 20_000);

afterAll(async () => {
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('the embedded PostgreSQL', () => {
  it('is restarted by the server after it was killed; meanwhile /healthz and the API answer 503', async () => {
    const { accessToken } = await signIn(server.baseUrl, 'admin@bmtools.local', 'admin');
    const page = () =>
      fetch(`${server.baseUrl}/api/pages/1`, { headers: { authorization: `Bearer ${accessToken}` } });

    // Kill the postmaster and take its port before the supervisor restarts it, so the outage
    // lasts until the test ends it. Should the restart win the race, do it again.
    let holder: Server | undefined;
    for (let attempt = 0; attempt < 5 && !holder; attempt++) {
      const pid = postmasterPid();
      const restartsBefore = server.output().match(/restarted \(attempt/g)?.length ?? 0;
      process.kill(pid, 'SIGKILL');
      holder =
        (await waitFor(
          'the port to be free or PostgreSQL back',
          async () => {
            const held = await holdPort(pgPort);
            if (held) return held;
            const restarts = server.output().match(/restarted \(attempt/g)?.length ?? 0;
            return restarts > restartsBefore ? null : undefined;
          },
          30_000,
          10,
        )) ?? undefined;
      if (!holder)
        await waitFor(
          'health after a lost race',
          async () => ((await health()).status === 200 ? true : undefined),
          60_000,
        );
    }
    if (!holder) throw new Error('Could not hold the embedded port after killing PostgreSQL');

    try {
      await server.waitForOutput(/exited unexpectedly \(signal SIGKILL\); restarting it/, 10_000);
      const down = await health();
      expect(down).toMatchObject({
        status: 503,
        retryAfter: expect.stringMatching(/^\d+$/),
        body: { status: 'unavailable', reason: expect.stringMatching(/embedded PostgreSQL/) },
      });
      const refused = await page();
      expect(refused.status).toBe(503);
      expect(refused.headers.get('retry-after')).toMatch(/^\d+$/);
      expect(await refused.json()).toEqual({
        message: 'The database is not available right now. Try again in a few seconds.',
      });
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }

    await waitFor(
      'health after the restart',
      async () => ((await health()).status === 200 ? true : undefined),
      90_000,
      200,
    );
    expect(server.output()).toMatch(/embedded PostgreSQL: restarted \(attempt \d+\)/);
    const back = await waitFor(
      'the API after the restart',
      async () => {
        const response = await page();
        return response.status === 200 ? response : undefined;
      },
      30_000,
    );
    expect(await back.json()).toMatchObject({ id: 1 });
    expect(server.hasExited()).toBe(false);
  }, 180_000);

  it('left running by a killed server, is stopped by the next start, which says so', async () => {
    const stray = postmasterPid();
    server.process.kill('SIGKILL');
    await server.exited;
    expect(alive(stray)).toBe(true);

    server = await spawnServer(env);
    await server.waitForOutput(/BM Tools is ready|embedded PostgreSQL started/, 120_000);
    expect(server.output()).toContain(
      `found a postmaster (pid ${stray}) left running on ${path.join(dataDir, 'pg')} by an earlier run that ended without stopping it; stopping it before starting our own`,
    );
    expect(server.output()).toContain(`the left-over postmaster (pid ${stray}) has stopped`);
    expect(alive(stray)).toBe(false);
    await waitFor(
      'health after the takeover',
      async () => ((await health()).status === 200 ? true : undefined),
      60_000,
      200,
    );
  }, 180_000);

  it('stops with exit code 0 on SIGTERM while a request hangs, answers it, and leaves no PostgreSQL running', async () => {
    const { accessToken } = await signIn(server.baseUrl, 'admin@bmtools.local', 'admin');
    const postmaster = postmasterPid();
    const locker = new pg.Client({
      connectionString: `postgres://postgres:bm-tools-embedded@127.0.0.1:${pgPort}/postgres`,
      application_name: 'embedded-faults-test',
    });
    locker.on('error', () => {});
    await locker.connect();
    const { rows } = await locker.query<{ row_version: number }>(
      'SELECT row_version FROM pages WHERE id = 1',
    );
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM pages WHERE id = 1 FOR UPDATE');

    // This save waits for the row lock the test holds, so it hangs until shutdown cuts it short.
    const hanging = fetch(`${server.baseUrl}/api/pages/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [
          { mapkey: 'title', value: 'Hangs' },
          { mapkey: 'rowVersion', value: rows[0]?.row_version },
        ],
      }),
    });
    // The locker is inside a transaction, where PostgreSQL keeps the first activity snapshot it
    // read: clear it on every poll, or a save that arrives after the first poll is never seen.
    await waitFor(
      'the save to wait for the lock',
      async () => {
        await locker.query('SELECT pg_stat_clear_snapshot()');
        const waiting = await locker.query(
          "SELECT 1 FROM pg_stat_activity WHERE application_name = 'bm-tools' AND wait_event_type = 'Lock'",
        );
        return waiting.rowCount ? true : undefined;
      },
      20_000,
    );

    server.process.kill('SIGTERM');
    const response = await hanging;
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({
      message: 'The server is shutting down. Try again in a few seconds.',
    });
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/1 request\(s\) still running after 1500 ms were answered with 503/);
    expect(alive(postmaster)).toBe(false);
    await locker.end().catch(() => {});
  }, 120_000);

  it('stops PostgreSQL on SIGTERM during the start, with exit code 0', async () => {
    server = await spawnServer(env);
    // Printed once PostgreSQL is up, before migrations and the catalogue sync.
    await server.waitForOutput(/embedded PostgreSQL started/, 60_000);
    const postmaster = postmasterPid();
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/BM Tools stopped/);
    expect(alive(postmaster)).toBe(false);
  }, 120_000);

  it('stops PostgreSQL on SIGTERM while the server code still loads, with exit code 0', async () => {
    server = await spawnServer(env);
    // main.ts starts PostgreSQL first and loads the rest of the server meanwhile: stop it then.
    const postmaster = await waitFor(
      'the postmaster',
      async () => {
        const pid = existsSync(path.join(dataDir, 'pg', 'postmaster.pid')) ? postmasterPid() : Number.NaN;
        return pid > 0 ? pid : undefined;
      },
      30_000,
      10,
    );
    server.process.kill('SIGTERM');
    expect(await server.exited).toEqual({ code: 0, signal: null });
    expect(server.output()).toMatch(/BM Tools stopped during its start/);
    expect(alive(postmaster)).toBe(false);
  }, 120_000);

  it('explains a start that fails, and leaves no PostgreSQL running', async () => {
    const holder = await holdPort(pgPort);
    if (!holder) throw new Error(`Port ${pgPort} is taken`);
    try {
      server = await spawnServer(env);
      const { code } = await server.exited;
      expect(code).toBe(1);
      expect(server.output()).toMatch(
        /BM Tools did not start: The embedded PostgreSQL on port \d+ exited \(code 1\) before it was ready:/,
      );
      expect(server.output()).toMatch(/could not (bind|create)/);
      expect(server.output()).not.toMatch(/\bundefined\b/);
    } finally {
      await new Promise((resolve) => holder.close(resolve));
    }
  }, 120_000);
});
