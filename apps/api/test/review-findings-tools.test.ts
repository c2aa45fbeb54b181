/**
 * Review findings 5, 6 and 8 (issue 37), over real HTTP against the real entry point run as a child
 * process (its log is what an operator reads):
 * - 5: the database tool shows another application's statement text only to the right that may
 *   cancel statements; the view right sees the console's own statements and "hidden" for the rest.
 * - 6: a list-only area (found from the manifests: no Create, Edit, Delete or BulkEdit) has no
 *   write routes nor rights; every record write it does not declare answers 405 with an Allow
 *   header, and nothing is written or deleted.
 * - 8: an account kept locked by repeated failed sign-ins is logged once per lock (never per
 *   refused attempt) and listed, with its lock count, on the database tool.
 */
import type { DatabaseInfo } from '@bm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { AREA_INDEX } from '../areas/index.ts';
import type { EntityManifest } from '../areas/manifest.ts';
import { apiCaller } from './api-caller.ts';
import { type ChildServer, spawnServer } from './child-server.ts';
import { openLoginForm, signIn, submitLogin } from './sign-in.ts';
import { createTestDatabase } from './test-database.ts';

let server: ChildServer;
let db: pg.Client;
let databaseUrl = '';
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  const database = await createTestDatabase();
  databaseUrl = database.url;
  server = await spawnServer({
    DATABASE_URL: database.url,
    NODE_ENV: 'test',
    // The test plays the proxy, so each sign-in attempt may come from an address of its choosing.
    TRUST_PROXY: '127.0.0.1',
    // Long locks: still in force when the next request arrives on a loaded machine.
    LOGIN_DELAY_BASE: '30',
    LOGIN_DELAY_MAX: '120',
  });
  await server.waitForOutput(/BM Tools is ready/, 90_000);
  for (const name of ['admin', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  db = new pg.Client({ connectionString: database.url });
  await db.connect();
}, 120_000);

afterAll(async () => {
  await db?.end();
  if (server && !server.hasExited()) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
});

const databaseInfo = async (who: string) => {
  const answer = await call(who, 'GET', '/api/tools/database');
  expect(answer.status, who).toBe(200);
  return answer.body as unknown as DatabaseInfo;
};

describe('5: statement text on the database tool', () => {
  it("shows another application's statement only to the cancel right; our own to the view right", async () => {
    // Another tool's maintenance session, a secret in its statement's literals.
    const foreign = new pg.Client({ connectionString: databaseUrl, application_name: 'other-tool' });
    // A session that reports the console pool's application name (src/db/pool.ts).
    const own = new pg.Client({ connectionString: databaseUrl, application_name: 'bm-tools' });
    await Promise.all([foreign.connect(), own.connect()]);
    try {
      const pidOf = async (c: pg.Client) =>
        (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const [foreignPid, ownPid] = [await pidOf(foreign), await pidOf(own)];
      await foreign.query("SELECT 'customer-secret-7731' AS password_literal");
      await own.query('SELECT $1::text AS parameter /* own-statement */', ['value']);

      const viewer = await databaseInfo('viewer');
      const foreignSeen = viewer.activity.find((a) => a.pid === foreignPid);
      expect(foreignSeen).toMatchObject({ application: 'other-tool', query: null, queryHidden: true });
      expect(JSON.stringify(viewer)).not.toContain('customer-secret-7731');
      expect(viewer.activity.find((a) => a.pid === ownPid)).toMatchObject({
        queryHidden: false,
        query: expect.stringContaining('own-statement'),
      });
      for (const row of viewer.statements.rows) expect(row).toMatchObject({ query: null, queryHidden: true });

      const admin = await databaseInfo('admin');
      expect(admin.activity.find((a) => a.pid === foreignPid)).toMatchObject({
        queryHidden: false,
        query: expect.stringContaining('customer-secret-7731'),
      });
    } finally {
      await Promise.all([foreign.end(), own.end()]);
    }
  });
});

/** The entity areas with a list and no writes at all, read from their manifests. */
const LIST_ONLY = AREA_INDEX.filter(
  (a): a is EntityManifest =>
    a.kind === 'entity' &&
    a.fields !== undefined &&
    a.actions.includes('List') &&
    !a.actions.some((action) => ['Create', 'Edit', 'Delete', 'BulkEdit'].includes(action)),
);

describe('6: list-only areas', () => {
  it('include merchant offices and included items', () => {
    expect(LIST_ONLY.map((a) => a.api)).toEqual(
      expect.arrayContaining(['/api/merchantOffices', '/api/merchantIncludedItems']),
    );
  });

  it.each(LIST_ONLY.map((a) => [a.api, a] as const))(
    '%s: every write answers 405 with Allow, and nothing changes',
    async (api, area) => {
      const table = area.table ?? '';
      const count = async () =>
        Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]?.n);
      const first = (await db.query<{ id: number }>(`SELECT min(id)::int AS id FROM ${table}`)).rows[0]?.id;
      const before = await count();
      const id = first ?? 1;
      const writes: [string, string, unknown][] = [
        ['POST', api, { values: [{ mapkey: 'name', value: 'x' }] }],
        ['PUT', api, { values: [{ mapkey: 'name', value: 'x' }] }],
        ['PUT', `${api}/${id}`, { values: [{ mapkey: 'name', value: 'x' }] }],
        ['DELETE', `${api}/${id}`, undefined],
        ['DELETE', `${api}/1`, undefined],
      ];
      for (const [method, path, body] of writes) {
        const response = await fetch(`${server.baseUrl}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${tokens.admin}`,
            ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        expect(response.status, `${method} ${path}`).toBe(405);
        const allow = (response.headers.get('allow') ?? '').split(', ');
        expect(allow, `${method} ${path} Allow`).toContain('GET');
        expect(allow).not.toContain(method);
        expect(((await response.json()) as { message?: unknown }).message).toEqual(expect.any(String));
      }
      expect(await count()).toBe(before);
      if (first !== undefined && first !== null) {
        expect((await call('admin', 'GET', `${api}/${first}`)).status, 'still there').toBe(200);
      }
      // No rights to create, edit or delete, not even the administrator's.
      const rights = (await call('admin', 'GET', '/api/userRights')).body as unknown as string[];
      for (const action of ['Create', 'Edit', 'Delete'])
        expect(rights).not.toContain(`BMTools/${area.entity}/${action}`);
      expect(rights).toContain(`BMTools/${area.entity}/List`);
    },
  );

  it('DELETE /api/merchantOffices/1 leaves the row', async () => {
    const exists = async () => (await db.query('SELECT 1 FROM merchant_offices WHERE id = 1')).rowCount ?? 0;
    expect(await exists()).toBe(1);
    expect((await call('admin', 'DELETE', '/api/merchantOffices/1')).status).toBe(405);
    expect(await exists()).toBe(1);
  });

  it('a bad token is still refused first (401), before the 405', async () => {
    const response = await fetch(`${server.baseUrl}/api/merchantOffices/1`, { method: 'DELETE' });
    expect(response.status).toBe(401);
  });
});

describe('8: sustained sign-in locks', () => {
  const EMAIL = 'steady.guess@example.com';
  const ADDRESS = '203.0.113.77';
  const expireLock = () =>
    db.query(`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE key = $1`, [
      `account:${EMAIL}`,
    ]);
  /** The warnings about this account's locks in the server's log so far. */
  const lockLines = () =>
    server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{'))
      .map(
        (line) =>
          JSON.parse(line) as { level: number; msg: string; lock?: { name: string; lockCount: number } },
      )
      .filter((entry) => entry.lock?.name === EMAIL);

  it('logs each lock once and lists the account, sustained, on the database tool', async () => {
    const form = await openLoginForm(server.baseUrl, { 'x-forwarded-for': ADDRESS });
    // Five free failures, then one lock per failure; each lock has run out before the next try.
    for (let i = 0; i < 5; i++) expect((await submitLogin(form, EMAIL, 'wrong')).status).toBe(400);
    expect(lockLines()).toEqual([]);
    for (let lock = 1; lock <= 3; lock++) {
      expect((await submitLogin(form, EMAIL, 'wrong')).status).toBe(400);
      // Attempts the lock refuses are not logged as locks.
      expect((await submitLogin(form, EMAIL, 'wrong')).status).toBe(429);
      if (lock < 3) await expireLock();
    }
    // The server's log reaches this process through a pipe, possibly after the answer did.
    await vi.waitFor(
      () => {
        const lines = lockLines();
        expect(lines.map((l) => [l.level, l.lock?.lockCount])).toEqual([
          [40, 1],
          [40, 2],
          [40, 3],
        ]);
        expect(lines[0]?.msg).toBe(`sign-in lock started: account ${EMAIL}`);
        expect(lines[2]?.msg).toBe(`sign-in lock escalated: account ${EMAIL}, lock 3 (sustained)`);
      },
      { timeout: 10_000, interval: 50 },
    );

    // The view right of the database tool reads the locks (the viewer holds it).
    const { signInLocks } = await databaseInfo('viewer');
    expect(signInLocks.sustainedLocks).toBe(3);
    const row = signInLocks.rows.find((r) => r.kind === 'account' && r.name === EMAIL);
    expect(row).toMatchObject({ lockCount: 3, sustained: true });
    expect(Date.parse(row?.lockedUntil ?? '')).toBeGreaterThan(Date.now());
    // The address had eight failures of its ten free ones: not locked, not listed.
    expect(signInLocks.rows.some((r) => r.name === ADDRESS)).toBe(false);
  });
});
