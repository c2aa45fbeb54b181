/**
 * Exports across two API instances on one database, as a deployment behind a load balancer runs
 * them: an export sent through one is run by whichever instance's worker is free, its notification
 * reaches the owner's sockets on both, and its file downloads from either (they share the export
 * folder, as they would share an object store). Stopping the instance running an export hands
 * it to the other, which finishes it once: one file, one notification.
 */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { HubMessage } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedApiLogs } from '../areas/api-logs/demo.ts';
import { loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { afterFile } from './file-end.ts';
import { type HubClient, openHub } from './hub-client.ts';
import { LONG_EXPORT_ROWS } from './long-export.ts';
import { signIn } from './sign-in.ts';
import { createTestDatabase } from './test-database.ts';
import { freePort, startTestServer, type TestServer } from './test-server.ts';

let first: TestServer;
let second: RunningServer & { baseUrl: string };
let token: string;

beforeAll(async () => {
  const storage = await mkdtemp(path.join(tmpdir(), 'bm-exports-'));
  first = await startTestServer({ EXPORT_STORAGE_DIR: storage });
  const port = await freePort();
  // The same deployment: same database, same public URL (so the same token issuer), same storage.
  const running = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: first.databaseUrl,
      PUBLIC_URL: first.baseUrl,
      LOG_LEVEL: 'silent',
      EXPORT_STORAGE_DIR: storage,
    }),
    () => {},
  );
  second = { ...running, baseUrl: `http://127.0.0.1:${port}` };
  afterFile(() => second.close());
  token = (await signIn(first.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
});

const api = async (base: string, method: string, url: string, body?: unknown) => {
  const response = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  return response;
};

const sendExport = async (base: string, fileName: string, source: string, selector: object[]) => {
  const response = await api(base, 'POST', '/api/exports/send', {
    storeProcedure: 'bm_export_send',
    values: [
      { mapkey: 'fileName', value: fileName },
      { mapkey: 'criteria', value: JSON.stringify({ source, sort: ['id=ASC'], selector }) },
      { mapkey: 'pageName', value: 'Two instances' },
    ],
  });
  expect(response.status).toBe(200);
  return Number(((await response.json()) as { id: number }).id);
};

interface Row {
  status: string;
  attempt: number;
  worker: string | null;
  row_count: number;
}
/** The export's row, read through an instance still running (`first` unless it was stopped). */
const rowOf = async (id: number, through: RunningServer = first): Promise<Row> =>
  (await through.db.query<Row>('SELECT status, attempt, worker, row_count FROM exports WHERE id = $1', [id]))
    .rows[0] as Row;

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 90_000): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const hub = (base: string): Promise<HubClient> => openHub(base, token);

// Each test waits for real exports on loaded cores: the limits are hang guards, not speed checks.
describe('exports on two instances', () => {
  it('are run by either, announced on both, and downloadable from both', async () => {
    const onFirst = await hub(first.baseUrl);
    const onSecond = await hub(second.baseUrl);
    try {
      const ids = [];
      // Two exports through each instance (one person may have five in progress): both workers run.
      for (let i = 0; i < 2; i++) {
        ids.push(
          await sendExport(first.baseUrl, `a${i}`, '/api/reservations', [{ field: 'id', label: 'Id' }]),
        );
        ids.push(await sendExport(second.baseUrl, `b${i}`, '/api/payments', [{ field: 'id', label: 'Id' }]));
      }
      const rows = await Promise.all(
        ids.map((id) =>
          waitUntil(
            () => rowOf(id),
            (r) => r.status === 'done',
          ),
        ),
      );
      expect(rows.every((r) => r.attempt === 1)).toBe(true);
      const ready = (messages: HubMessage[]) =>
        messages
          .filter((m) => m.message.title.startsWith('Export ready'))
          .map((m) => m.message.actions.download?.url);
      await waitUntil(
        async () => [ready(onFirst.messages).length, ready(onSecond.messages).length],
        ([a, b]) => a === ids.length && b === ids.length,
        10_000,
      );
      const urls = ids.map((id) => `/api/exports/download?id=${id}`);
      expect(ready(onFirst.messages).sort()).toEqual([...urls].sort());
      expect(ready(onSecond.messages).sort()).toEqual([...urls].sort());
      for (const url of urls) {
        const fromFirst = await api(first.baseUrl, 'GET', url);
        const fromSecond = await api(second.baseUrl, 'GET', url);
        expect([fromFirst.status, fromSecond.status]).toEqual([200, 200]);
        expect(Buffer.from(await fromFirst.arrayBuffer())).toEqual(
          Buffer.from(await fromSecond.arrayBuffer()),
        );
      }
    } finally {
      onFirst.socket.close();
      onSecond.socket.close();
    }
  }, 120_000);

  it('stopping the instance in the middle of an export lets the other finish it, once', async () => {
    // Rows enough that the export is still running when its instance stops, whatever the demo's size.
    await seedApiLogs(first.db, LONG_EXPORT_ROWS);
    const id = await sendExport(first.baseUrl, 'all the logs', '/api/ApiLogs', [
      { field: 'id', label: 'Id' },
      { field: 'requestedAt', label: 'Timestamp' },
      { field: 'path', label: 'Path' },
      { field: 'clientName', label: 'Client' },
      { field: 'statusCode', label: 'Status' },
    ]);
    const running = await waitUntil(
      () => rowOf(id),
      (r) => r.status === 'running' && r.row_count > 0,
    );
    const runner = running.worker === first.exportJobs.worker ? first : second;
    const other = runner === first ? second : first;
    expect(running.worker).toBe(runner.exportJobs.worker);
    await runner.close();
    const done = await waitUntil(
      () => rowOf(id, other),
      (r) => r.status === 'done',
    );
    const { rows: total } = await other.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_logs');
    expect(done).toMatchObject({ attempt: 2, worker: other.exportJobs.worker, row_count: total[0]?.n });
    const { rows: told } = await other.db.query(
      `SELECT id FROM notifications WHERE actions -> 'download' ->> 'url' = $1`,
      [`/api/exports/download?id=${id}`],
    );
    expect(told).toHaveLength(1);
    const file = await api(
      other === first ? first.baseUrl : second.baseUrl,
      'GET',
      `/api/exports/download?id=${id}`,
    );
    expect(file.status).toBe(200);
    expect(Number(file.headers.get('content-length'))).toBeGreaterThan(1000);
  }, 120_000);
});

describe('an export queued while no instance runs exports', () => {
  it('survives the restart of the instance that queued it and is run by the next one', async () => {
    const storage = await mkdtemp(path.join(tmpdir(), 'bm-exports-'));
    const { url: databaseUrl } = await createTestDatabase();
    const start = async (workers: string) => {
      const port = await freePort();
      const server = await startServer(
        loadConfig({
          NODE_ENV: 'test',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATABASE_URL: databaseUrl,
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          LOG_LEVEL: 'silent',
          EXPORT_STORAGE_DIR: storage,
          EXPORT_WORKERS: workers,
        }),
        () => {},
      );
      return { server, base: `http://127.0.0.1:${port}` };
    };
    // An instance that only queues: the export waits in the database.
    const queuing = await start('0');
    let id: number;
    try {
      const signedIn = (await signIn(queuing.base, 'admin@bmtools.local', 'admin')).accessToken;
      const response = await fetch(`${queuing.base}/api/exports/send`, {
        method: 'POST',
        headers: { authorization: `Bearer ${signedIn}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          values: [
            { mapkey: 'fileName', value: 'after the restart' },
            {
              mapkey: 'criteria',
              value: JSON.stringify({
                source: '/api/reservations',
                selector: [{ field: 'id', label: 'Id' }],
              }),
            },
          ],
        }),
      });
      expect(response.status).toBe(200);
      id = Number(((await response.json()) as { id: number }).id);
      await new Promise((resolve) => setTimeout(resolve, 1500));
      const { rows } = await queuing.server.db.query('SELECT status FROM exports WHERE id = $1', [id]);
      expect(rows[0]).toEqual({ status: 'queued' });
    } finally {
      await queuing.server.close();
    }
    const running = await start('1');
    try {
      const done = await waitUntil(
        async () =>
          (
            await running.server.db.query<Row>(
              'SELECT status, attempt, worker, row_count FROM exports WHERE id = $1',
              [id],
            )
          ).rows[0] as Row,
        (r) => r.status === 'done',
      );
      expect(done).toMatchObject({ attempt: 1, worker: running.server.exportJobs.worker });
    } finally {
      await running.server.close();
    }
  }, 120_000);
});
