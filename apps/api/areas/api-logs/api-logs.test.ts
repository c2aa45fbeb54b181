/**
 * API logs over real HTTP: listed newest first, filtered by status code, partner and path as the
 * grid's filters send them, read one by one; nothing creates, edits or deletes a log entry, for
 * any role; the viewer reads, the editor and the mapper do not.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const API = '/api/ApiLogs';
/** The list's default sort, as the grid sends it from the preset. */
const NEWEST = `sort=${encodeURIComponent('["requestedAt=DESC"]')}`;
const filter = (name: string, type: string, operation: string, value: unknown) =>
  encodeURIComponent(JSON.stringify({ name, type, operation, value }));

interface LogRow {
  id: number;
  requestedAt: string;
  method: string;
  path: string;
  statusCode: number;
  clientName: string;
  ipAddress: string;
}

describe('the API log list', () => {
  it('holds ten calls per demo reservation over the last 30 days, newest first', async () => {
    const { rows } = await db.query<{ logs: number; reservations: number; days: number }>(
      `SELECT (SELECT count(*) FROM api_logs)::int AS logs, (SELECT count(*) FROM reservations)::int AS reservations,
              (SELECT extract(day FROM max(requested_at) - min(requested_at)) FROM api_logs)::int AS days`,
    );
    expect(rows[0]?.logs).toBe((rows[0]?.reservations ?? 0) * 10);
    expect(rows[0]?.days).toBe(29);
    const { status, body } = await call('viewer', 'GET', `${API}?pageSize=50&${NEWEST}`);
    expect(status).toBe(200);
    const data = body.data as LogRow[];
    expect(data).toHaveLength(50);
    const times = data.map((r) => Date.parse(r.requestedAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const { rows: newest } = await db.query<{ id: number }>(
      'SELECT id FROM api_logs ORDER BY requested_at DESC, id DESC LIMIT 1',
    );
    expect(Number(data[0]?.id)).toBe(Number(newest[0]?.id));
    expect(data[0]).toMatchObject({ ipAddress: expect.stringMatching(/^\d+\.\d+\.\d+\.\d+$/) });
  });

  it('filters by status code, partner and a part of the path', async () => {
    const failed = await call(
      'viewer',
      'GET',
      `${API}?pageSize=20&${NEWEST}&filters=${filter('statusCode', 'number', 'eq', 503)}`,
    );
    expect(failed.status).toBe(200);
    expect((failed.body.data as LogRow[]).length).toBe(20);
    expect(new Set((failed.body.data as LogRow[]).map((r) => r.statusCode))).toEqual(new Set([503]));

    const partner = await call(
      'viewer',
      'GET',
      `${API}?pageSize=20&${NEWEST}&filters=${filter('clientName', 'text', 'eq', 'Carfinder.de')}`,
    );
    expect(new Set((partner.body.data as LogRow[]).map((r) => r.clientName))).toEqual(
      new Set(['Carfinder.de']),
    );

    const voucher = await call(
      'viewer',
      'GET',
      `${API}?pageSize=20&${NEWEST}&filters=${filter('path', 'text', 'contains', 'voucher')}`,
    );
    const paths = (voucher.body.data as LogRow[]).map((r) => r.path);
    expect(paths.length).toBe(20);
    for (const path of paths) expect(path).toMatch(/^\/v2\/reservations\/BM-\d{8}\/voucher\.pdf$/);
  });

  it('reads one entry, with its request id', async () => {
    const { rows } = await db.query<{ id: number; rid: string }>(
      'SELECT id, request_id::text AS rid FROM api_logs ORDER BY id LIMIT 1',
    );
    const { status, body } = await call('viewer', 'GET', `${API}/${rows[0]?.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: rows[0]?.id, requestId: rows[0]?.rid });
  });
});

describe('rights', () => {
  it('has no create, edit or delete for anyone, and writes nothing', async () => {
    const { rows } = await db.query<{ id: number; n: number }>(
      'SELECT min(id)::int AS id, count(*)::int AS n FROM api_logs',
    );
    const id = rows[0]?.id;
    const values = saveValues({ method: 'GET', path: '/v2/health', statusCode: 200 });
    for (const who of ['admin', 'viewer', 'editor', 'mapper']) {
      const answers = [
        await call(who, 'POST', API, { values }),
        await call(who, 'PUT', `${API}/${id}`, { values }),
        await call(who, 'DELETE', `${API}/${id}`),
      ];
      // The area declares no create, edit or delete: 405 for everyone, whatever their rights (the
      // admin holds every right there is).
      expect(
        answers.map((a) => a.status),
        who,
      ).toEqual([405, 405, 405]);
    }
    const after = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_logs');
    expect(after.rows[0]?.n).toBe(rows[0]?.n);
    expect((await call('admin', 'GET', `${API}/${id}`)).status).toBe(200);
  });

  it('lets the viewer read and refuses the editor and the mapper', async () => {
    expect((await call('viewer', 'GET', `${API}?pageSize=1`)).status).toBe(200);
    expect((await call('editor', 'GET', `${API}?pageSize=1`)).status).toBe(403);
    expect((await call('mapper', 'GET', `${API}?pageSize=1`)).status).toBe(403);
  });
});
