/**
 * Customer service cases over real HTTP: a closed case needs its closing time (and a case still
 * being worked on has none), the optional reservation, each refusal naming its field, and the
 * rights of each role.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import { demoShare } from '../../test/demo-share.ts';
import type { TestServer } from '../../test/test-server.ts';

const API = '/api/customerservicecases';
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

/** An edit as the form sends it: the fields, with the row version just read. */
async function edit(path: string, fields: Record<string, unknown>) {
  const { rowVersion } = (await call('admin', 'GET', path)).body;
  return call('admin', 'PUT', path, { values: saveValues({ ...fields, rowVersion }) });
}

const serviceCase = (fields: Record<string, unknown> = {}) =>
  saveValues({
    subject: 'Fuel charge after returning the car full',
    customerEmail: 'ines.costa@example.com',
    channel: 'phone',
    priority: 'normal',
    status: 'open',
    assignedTo: 'admin@bmtools.local',
    ...fields,
  });

describe('rules', () => {
  it('opens a case now without a reservation, and closes it only with its closing time', async () => {
    const created = await call('admin', 'POST', API, { values: serviceCase() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = `${API}/${created.body.id}`;
    const stored = await call('admin', 'GET', path);
    expect(stored.body).toMatchObject({ reservationId: null, status: 'open', closedAt: null });
    expect(Date.now() - new Date(String(stored.body.openedAt)).getTime()).toBeLessThan(60_000);

    const closing = await edit(path, { status: 'closed' });
    expect(closing.status).toBe(400);
    expect(Object.keys(closing.body.errors ?? {})).toEqual(['closedAt']);
    const closed = await edit(path, { status: 'closed', closedAt: new Date().toISOString() });
    expect(closed.status, JSON.stringify(closed.body)).toBe(200);
    // Reopened, it must lose its closing time.
    const reopened = await edit(path, { status: 'open' });
    expect(reopened.status).toBe(400);
    expect((await edit(path, { status: 'open', closedAt: null })).status).toBe(200);
  });

  it('takes a reservation, and refuses one that does not exist', async () => {
    const { rows } = await db.query<{ id: string }>('SELECT max(id) AS id FROM reservations');
    const withOne = await call('admin', 'POST', API, {
      values: serviceCase({ reservationId: Number(rows[0]?.id) }),
    });
    expect(withOne.status).toBe(201);
    expect((await call('admin', 'GET', `${API}/${withOne.body.id}`)).body).toMatchObject({
      reservationId: Number(rows[0]?.id),
      reservationNumber: expect.stringMatching(/^BM-\d{8}$/),
    });
    const missing = await call('admin', 'POST', API, { values: serviceCase({ reservationId: 999999999 }) });
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.body.errors ?? {})).toEqual(['reservationId']);
  });

  it.each([
    [{ closedAt: '2020-01-01T00:00:00Z', status: 'resolved', openedAt: '2021-01-01T00:00:00Z' }, 'closedAt'],
    [{ channel: 'fax' }, 'channel'],
    [{ priority: 'critical' }, 'priority'],
    [{ status: 'pending' }, 'status'],
    [{ subject: '' }, 'subject'],
    [{ customerEmail: 'ines.costa' }, 'customerEmail'],
    [{ assignedTo: 'the night shift' }, 'assignedTo'],
  ])('refuses %j naming %s', async (fields, field) => {
    const response = await call('admin', 'POST', API, { values: serviceCase(fields) });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
  });
});

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer reads; editor and mapper see nothing', async () => {
    for (const who of ['viewer', 'mapper', 'editor'])
      expect((await call(who, 'POST', API, { values: serviceCase() })).status, who).toBe(403);
    const created = await call('admin', 'POST', API, { values: serviceCase() });
    const path = `${API}/${created.body.id}`;
    expect((await call('viewer', 'GET', path)).status).toBe(200);
    for (const who of ['editor', 'mapper']) expect((await call(who, 'GET', API)).status, who).toBe(403);
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect((await call(who, 'PUT', path, { values: saveValues({ notes: 'x' }) })).status, who).toBe(403);
      expect((await call(who, 'DELETE', path)).status, who).toBe(403);
    }
    expect((await call('admin', 'DELETE', path)).status).toBe(200);
  });

  it('has demo cases, every closed one with its closing time', async () => {
    const { rows } = await db.query<{ n: number; wrong: number; open: number }>(
      `SELECT count(*)::int AS n, count(*) FILTER (WHERE status = 'closed' AND closed_at IS NULL)::int AS wrong,
              count(*) FILTER (WHERE status IN ('open', 'waiting_on_customer'))::int AS open
         FROM customer_service_cases WHERE created_by = 'mailbox-import'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(200 * (await demoShare(db)));
    expect(rows[0]?.open).toBeGreaterThan(0);
    expect(rows[0]?.wrong).toBe(0);
  });
});
