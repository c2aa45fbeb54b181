/**
 * Reads on a streaming replica (docs/adr/0032-read-replicas.md), over real HTTP against a primary
 * and a replica of the test's own (pg-cluster.ts), our server started with DATABASE_URL on the
 * primary and DATABASE_READ_URLS on the replica:
 * - list pages, summaries, aggregates, lookups and the search tool are served by the replica
 *   (`X-Read-Source`, and the replica's read count on the replication page), and so are an
 *   export's rows, once the replica has its owner's writes (the page saved just before is in it);
 * - a save followed at once by a read shows the saved value, every time, and with the replica's
 *   replay paused the writer's reads go to the primary while others' still go to the replica, until
 *   the replica falls past the lag bound and is left out; a right taken away counts at once though
 *   the paused replica still holds it;
 * - a stopped replica is left out (reads still answer, from the primary) and taken back once it is
 *   started again; the replication page shows its lag, replay position and whether it is in use.
 */

import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ReplicationInfo } from '@bm/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { syncCatalog } from '../src/catalog/sync-catalog.ts';
import { loadConfig } from '../src/config.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { addUser } from '../src/users/users.ts';
import { newPageValues, saveValues } from './api-caller.ts';
import { type PgCluster, startPgCluster } from './pg-cluster.ts';
import { signIn } from './sign-in.ts';
import { freePort } from './test-server.ts';

/** The lag bound of this test's server: short, so a paused replica is left out within seconds. */
const MAX_LAG_MS = 1500;
const DATABASE = 'bm';

let cluster: PgCluster;
let server: RunningServer;
let baseUrl: string;
let replica: pg.Client | undefined;
let exportDir: string | undefined;
const tokens: Record<string, string> = {};

interface Answer {
  status: number;
  source: string | null;
  body: Record<string, unknown>;
}

async function call(who: string, method: string, path: string, body?: unknown): Promise<Answer> {
  const response = await fetch(`${baseUrl}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${tokens[who]}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return {
    status: response.status,
    source: response.headers.get('x-read-source'),
    body: (text ? JSON.parse(text) : {}) as Record<string, unknown>,
  };
}

const replication = async (): Promise<ReplicationInfo['readReplicas']> => {
  const answer = await call('admin', 'GET', '/api/tools/replication');
  expect(answer.status).toBe(200);
  return (answer.body as unknown as ReplicationInfo).readReplicas;
};

/** Polls the replication page until `ok` holds for the one replica (or fails after `ms`). */
async function replicaState(
  ok: (row: ReplicationInfo['readReplicas']['rows'][number]) => boolean,
  ms = 10_000,
): Promise<ReplicationInfo['readReplicas']['rows'][number]> {
  const until = Date.now() + ms;
  for (;;) {
    const row = (await replication()).rows[0];
    if (row && ok(row)) return row;
    if (Date.now() > until) throw new Error(`the replica never got there: ${JSON.stringify(row)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const pageFilter = (id: number) =>
  `filters=${encodeURIComponent(JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }))}`;

async function createPage(name: string): Promise<number> {
  const answer = await call('admin', 'POST', '/api/pages', {
    values: newPageValues(name, `/replica-${name.toLowerCase().replaceAll(' ', '-')}`),
  });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return answer.body.id as number;
}

/** Renames the page (its current rowVersion read first), then reads it back from the list at once. */
async function renameAndList(id: number, name: string): Promise<{ listed: unknown; source: string | null }> {
  const stored = await call('admin', 'GET', `/api/pages/${id}`);
  const saved = await call('admin', 'PUT', `/api/pages/${id}`, {
    values: saveValues({ name, rowVersion: stored.body.rowVersion }),
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const listed = await call('admin', 'GET', `/api/pages?${pageFilter(id)}`);
  expect(listed.status).toBe(200);
  return { listed: (listed.body.data as { name: string }[])[0]?.name, source: listed.source };
}

beforeAll(async () => {
  cluster = await startPgCluster({
    // The database is created, migrated and given its accounts before the replica is copied.
    prepare: async (primary) => {
      const admin = new pg.Client({ connectionString: primary.url() });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${DATABASE}`);
      await admin.end();
      await migrate(primary.url(DATABASE));
      const db = createPool(primary.url(DATABASE), 2);
      await syncCatalog(db);
      for (const [name, role] of [
        ['admin', 'admin'],
        ['viewer', 'viewer'],
      ] as const) {
        await addUser(db, { email: `${name}@bmtools.local`, role, password: name, isDemo: true });
      }
      await db.end();
    },
  });
  const port = await freePort();
  exportDir = await mkdtemp(path.join(tmpdir(), 'bm-replica-exports-'));
  server = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: cluster.primary.url(DATABASE),
      DATABASE_READ_URLS: cluster.replicas[0]?.url(DATABASE),
      DATABASE_READ_MAX_LAG_MS: String(MAX_LAG_MS),
      EXPORT_STORAGE_DIR: exportDir,
      LOG_LEVEL: 'silent',
    }),
    () => {},
  );
  baseUrl = `http://localhost:${port}`;
  for (const name of ['admin', 'viewer']) {
    tokens[name] = (await signIn(baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  replica = new pg.Client({ connectionString: cluster.replicas[0]?.url(DATABASE) });
  await replica.connect();
  replica.on('error', () => {});
}, 90_000);

afterAll(async () => {
  await replica?.end().catch(() => {});
  await server?.close();
  await cluster?.destroy();
  if (exportDir) await rm(exportDir, { recursive: true, force: true });
});

describe('read replicas', () => {
  it('serves list pages, summaries, aggregates, lookups and the search from the replica', async () => {
    await createPage('Replica first');
    await cluster.waitForReplay();
    // The replica is in use once a check has seen it replay the viewer's (no) writes: at once.
    await replicaState((r) => r.inUse);
    const before = (await replication()).rows[0]?.reads ?? 0;
    const reads = [
      '/api/pages?pageSize=5',
      '/api/pages/page-summarize',
      '/api/pages/aggregate?measure=count',
      '/api/dropdowns/languages2',
      '/api/tools/reservations/search?q=nobody',
    ];
    for (const path of reads) {
      const answer = await call('viewer', 'GET', path);
      expect(answer.status, `${path}: ${JSON.stringify(answer.body)}`).toBe(200);
      expect(answer.source, path).toBe('replica');
    }
    expect((await call('viewer', 'GET', '/api/pages?pageSize=5')).body.data).toContainEqual(
      expect.objectContaining({ name: 'Replica first' }),
    );
    expect((await replication()).rows[0]?.reads).toBeGreaterThanOrEqual(before + reads.length);
    // A write answers no read source: its reads stay with it on the primary.
    const id = await createPage('Replica second');
    expect(id).toBeGreaterThan(0);
  });

  it('a save read back at once shows the saved value, every time', async () => {
    const id = await createPage('Replica loop');
    const sources = new Map<string | null, number>();
    for (let n = 0; n < 50; n++) {
      const { listed, source } = await renameAndList(id, `Replica loop ${n}`);
      expect(listed).toBe(`Replica loop ${n}`);
      sources.set(source, (sources.get(source) ?? 0) + 1);
    }
    // Each read after a save waits for a replica that has it: the primary answers until one does.
    expect([...sources.keys()].every((s) => s === 'replica' || s === 'primary')).toBe(true);
    // Once the replica has replayed the last save (a check later), the writer reads it there again.
    await cluster.waitForReplay();
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const again = await call('admin', 'GET', `/api/pages?${pageFilter(id)}`);
    expect(again.source).toBe('replica');
    expect((again.body.data as { name: string }[])[0]?.name).toBe('Replica loop 49');
  });

  it("reads an export's rows on the replica once it has the owner's writes, the page saved just before among them", async () => {
    await createPage('Replica export');
    const before = (await replication()).rows[0]?.reads ?? 0;
    const sent = await call('admin', 'POST', '/api/exports/send', {
      storeProcedure: 'bm_export_send',
      values: [
        { mapkey: 'fileName', value: 'replica pages' },
        {
          mapkey: 'criteria',
          value: JSON.stringify({
            source: '/api/pages',
            sort: ['id=ASC'],
            selector: [{ field: 'id', label: 'Id' }],
          }),
        },
        { mapkey: 'pageName', value: 'Pages' },
      ],
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    const id = Number(sent.body.id);
    const until = Date.now() + 20_000;
    let row: { status: string; row_count: number } | undefined;
    for (;;) {
      row = (
        await server.db.query<{ status: string; row_count: number }>(
          'SELECT status, row_count FROM exports WHERE id = $1',
          [id],
        )
      ).rows[0];
      if (row?.status === 'done' || Date.now() > until) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    expect(row?.status).toBe('done');
    const pages = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM v_pages');
    expect(row?.row_count).toBe(pages.rows[0]?.n);
    expect((await replication()).rows[0]?.reads).toBe(before + 1);
  });

  it('with replay paused, the writer reads the primary, others the replica until it lags past the bound', async () => {
    const id = await createPage('Replica paused');
    await cluster.waitForReplay();
    await replicaState((r) => r.inUse && r.lagMs === 0);
    await replica?.query('SELECT pg_wal_replay_pause()');
    try {
      // A right taken away counts at once, though the paused replica still holds it: rights are
      // read on the primary.
      const primary = new pg.Client({ connectionString: cluster.primary.url(DATABASE) });
      await primary.connect();
      const viewerRoles = `FROM user_roles WHERE user_id = (SELECT id FROM users WHERE email = 'viewer@bmtools.local')`;
      const roles = (await primary.query<{ role_id: number }>(`SELECT role_id ${viewerRoles}`)).rows;
      await primary.query(`DELETE ${viewerRoles}`);
      expect((await call('viewer', 'GET', '/api/pages?pageSize=1')).status).toBe(403);
      for (const { role_id } of roles) {
        await primary.query(
          `INSERT INTO user_roles (user_id, role_id)
           SELECT id, $1 FROM users WHERE email = 'viewer@bmtools.local'`,
          [role_id],
        );
      }
      await primary.end();
      expect((await call('viewer', 'GET', '/api/pages?pageSize=1')).status).toBe(200);

      for (let n = 0; n < 20; n++) {
        const { listed, source } = await renameAndList(id, `Replica paused ${n}`);
        expect(listed).toBe(`Replica paused ${n}`);
        expect(source).toBe('primary');
      }
      // The viewer wrote nothing: the replica still serves them while it is within the bound…
      const row = (await replication()).rows[0];
      if (row?.inUse) expect((await call('viewer', 'GET', '/api/pages?pageSize=1')).source).toBe('replica');
      // …and leaves it out once it is further behind.
      const behind = await replicaState((r) => !r.inUse);
      expect(behind.reason).toMatch(/behind, over the 1\.5 s bound/);
      expect(behind.replayPaused).toBe(true);
      expect(behind.lagMs).toBeGreaterThan(MAX_LAG_MS);
      expect(behind.behindBytes).toBeGreaterThan(0);
      expect((await call('viewer', 'GET', '/api/pages?pageSize=1')).source).toBe('primary');
    } finally {
      await replica?.query('SELECT pg_wal_replay_resume()');
    }
    const back = await replicaState((r) => r.inUse);
    expect(back).toMatchObject({ reason: null, replayPaused: false });
    expect(back.replayLsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect((await call('viewer', 'GET', '/api/pages?pageSize=1')).source).toBe('replica');
  });

  it('a stopped replica is left out, reads still answer from the primary, and it is taken back once started', async () => {
    const node = cluster.replicas[0];
    if (!node) throw new Error('no replica');
    await replica?.end().catch(() => {});
    replica = undefined;
    await node.stop('immediate');
    for (let n = 0; n < 5; n++) {
      const answer = await call('viewer', 'GET', '/api/pages?pageSize=3');
      expect(answer.status).toBe(200);
      expect(answer.source).toBe('primary');
    }
    const down = await replicaState((r) => !r.inUse);
    expect(down.reason).toMatch(/^(not answering|failed a read)/);
    const summary = await call('viewer', 'GET', '/api/pages/page-summarize');
    expect(summary).toMatchObject({ status: 200, source: 'primary' });

    await node.start();
    await cluster.waitForStreaming();
    await replicaState((r) => r.inUse);
    expect((await call('viewer', 'GET', '/api/pages?pageSize=3')).source).toBe('replica');
  });
});
