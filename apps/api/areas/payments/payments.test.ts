/**
 * Payments over real HTTP: the rights (List, View and Edit only; creating a payment takes the Edit
 * right), the table's rules each refused as a 400 naming its field, a reservation with payments
 * kept from deletion, and the demo's payments adding up to each reservation's total.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';
import { PAID_AT_RULE } from './manifest.ts';

const API = '/api/payments';
let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);
let euroReservation: number;

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
  const { rows } = await db.query<{ id: string }>(
    "SELECT id FROM reservations WHERE currency = 'EUR' ORDER BY id LIMIT 1",
  );
  euroReservation = Number(rows[0]?.id);
});
afterAll(async () => {
  await db.end();
});

const payment = (fields: Record<string, unknown> = {}) =>
  saveValues({
    reservationId: euroReservation,
    amount: 120.5,
    currency: 'EUR',
    kind: 'balance',
    status: 'captured',
    paidAt: '2026-05-02T09:30:00Z',
    pspReference: `TEST-${Math.random().toString(36).slice(2, 12)}`,
    method: 'card',
    cardBrand: 'mastercard',
    cardLast4: '5454',
    user: 'admin@bmtools.local',
    ...fields,
  });

// First, before the other tests add payments of their own.
describe('demo payments', () => {
  it("add up, captured, to every reservation's total, and every cancelled one has its refund", async () => {
    const { rows } = await db.query<{
      reservations: number;
      off: number;
      refunds: number;
      cancelled: number;
      overRefunded: number;
      foreign: number;
    }>(
      `WITH demo AS (SELECT * FROM payments),
            paid AS (SELECT reservation_id, sum(amount) AS total FROM demo
                      WHERE status = 'captured' AND kind <> 'refund' GROUP BY 1),
            back AS (SELECT reservation_id, sum(amount) AS total FROM demo WHERE kind = 'refund' GROUP BY 1)
       SELECT count(*)::int AS reservations,
              count(*) FILTER (WHERE paid.total IS DISTINCT FROM r.total_price)::int AS off,
              count(back.total)::int AS refunds,
              count(*) FILTER (WHERE r.status = 'cancelled')::int AS cancelled,
              count(*) FILTER (WHERE back.total > paid.total)::int AS "overRefunded",
              (SELECT count(*)::int FROM demo d JOIN reservations x ON x.id = d.reservation_id
                WHERE d.currency <> x.currency) AS foreign
         FROM reservations r LEFT JOIN paid ON paid.reservation_id = r.id
         LEFT JOIN back ON back.reservation_id = r.id`,
    );
    const summary = rows[0];
    expect(summary?.reservations).toBeGreaterThanOrEqual(1000);
    expect(summary?.off).toBe(0);
    expect(summary?.refunds).toBe(summary?.cancelled);
    expect(summary?.cancelled).toBeGreaterThan(0);
    expect(summary?.overRefunded).toBe(0);
    expect(summary?.foreign).toBe(0);
  });
});

describe('rights', () => {
  it('gives the admin exactly List, View and Edit on Payment, and no Create right', async () => {
    const rights = (await call('admin', 'GET', '/api/userRights')).body as unknown as string[];
    const mine = rights.filter((r) => r.startsWith('BMTools/Payment/'));
    expect(mine.sort()).toEqual(['BMTools/Payment/Edit', 'BMTools/Payment/List', 'BMTools/Payment/View']);
  });

  it('publishes the create screen under the Edit right, with one preset serving create and edit', async () => {
    const routes = (await call('admin', 'GET', '/api/app-routes')).body.routes as {
      pattern: string;
      right: string;
    }[];
    expect(routes.find((r) => r.pattern === '/payment/create')?.right).toBe('BMTools/Payment/Edit');
    expect(routes.find((r) => r.pattern === '/payment/edit/:id')?.right).toBe('BMTools/Payment/Edit');
    const presets = (
      await call('admin', 'GET', `/api/presets/user/${encodeURIComponent('BMTools/Payment/Edit')}`)
    ).body as unknown as { name: string; definition: string | Record<string, unknown> }[];
    const defaults = presets.filter((p) => p.name === 'default');
    expect(defaults).toHaveLength(1);
    const definition = (
      typeof defaults[0]?.definition === 'string'
        ? JSON.parse(defaults[0].definition)
        : defaults[0]?.definition
    ) as { actions: Record<string, unknown>; definition: { key: string; create?: object; edit?: object }[] };
    expect(Object.keys(definition.actions).sort()).toEqual(['create', 'edit']);
    const reservation = definition.definition.find((c) => c.key === 'reservationNumber');
    expect(reservation?.create).toMatchObject({ mapKeyId: 'reservationId', type: 'autocomplete' });
    // The id shows when editing, not when creating.
    const id = definition.definition.find((c) => c.key === 'id');
    expect(id?.edit).toBeDefined();
    expect(id?.create).toBeUndefined();
  });

  it('lets the admin record a payment and refuses the viewer, mapper and editor with 403', async () => {
    const created = await call('admin', 'POST', API, { values: payment() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.id as number;
    const { rows } = await db.query('SELECT amount, currency, created_by FROM payments WHERE id = $1', [id]);
    expect(rows[0]).toEqual({ amount: 120.5, currency: 'EUR', created_by: 'admin@bmtools.local' });
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect((await call(who, 'POST', API, { values: payment() })).status, who).toBe(403);
      expect(
        (await call(who, 'PUT', `${API}/${id}`, { values: saveValues({ amount: 1 }) })).status,
        who,
      ).toBe(403);
    }
    expect((await call('viewer', 'GET', `${API}/${id}`)).status).toBe(200);
    expect((await call('editor', 'GET', `${API}/${id}`)).status).toBe(403);
    // Nobody deletes a payment: the area declares no delete (405).
    expect((await call('admin', 'DELETE', `${API}/${id}`)).status).toBe(405);
    expect((await db.query('SELECT 1 FROM payments WHERE id = $1', [id])).rowCount).toBe(1);
  });
});

describe('rules', () => {
  it.each([
    [{ amount: 0 }, 'amount'],
    [{ amount: -5 }, 'amount'],
    [{ currency: 'GBP' }, 'currency'],
    [{ currency: 'XYZ' }, 'currency'],
    [{ cardBrand: null }, 'cardBrand'],
    [{ cardLast4: '42' }, 'cardLast4'],
    [{ method: 'paypal' }, 'cardBrand'],
    [{ kind: 'deposit', status: 'refunded' }, 'status'],
    [{ kind: 'refund', status: 'captured' }, 'status'],
    [{ status: 'captured', paidAt: null }, 'paidAt'],
    [{ reservationId: 999999999 }, 'reservationId'],
    [{ method: 'cash' }, 'method'],
  ])('refuses %j naming %s, and writes nothing', async (fields, field) => {
    const before = (await db.query('SELECT count(*)::int AS n FROM payments')).rows[0];
    const response = await call('admin', 'POST', API, { values: payment(fields) });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
    expect((await db.query('SELECT count(*)::int AS n FROM payments')).rows[0]).toEqual(before);
  });

  it('refuses a refunded or captured payment without Paid at in the words of the rule', async () => {
    expect(PAID_AT_RULE).toBe('Paid at is required when the status is Captured or Refunded');
    const refund = payment({ kind: 'refund', status: 'refunded', paidAt: null });
    const refused = await call('admin', 'POST', API, { values: refund });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ paidAt: PAID_AT_RULE });
    // Authorized, Paid at may stay empty; an edit sending only the status is refused by the
    // table's trigger, in the same words.
    const made = await call('admin', 'POST', API, {
      values: payment({ status: 'authorized', paidAt: null }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const path = `${API}/${made.body.id}`;
    const { rowVersion } = (await call('admin', 'GET', path)).body;
    const alone = await call('admin', 'PUT', path, {
      values: saveValues({ status: 'captured', rowVersion }),
    });
    expect(alone.status).toBe(400);
    expect(alone.body).toEqual({ message: PAID_AT_RULE, errors: { paidAt: PAID_AT_RULE } });
  });

  it('refuses a provider reference given twice', async () => {
    const values = payment({ pspReference: 'TEST-DUPLICATE-1' });
    expect((await call('admin', 'POST', API, { values })).status).toBe(201);
    const again = await call('admin', 'POST', API, { values });
    expect(again.status).toBe(400);
    expect(Object.keys(again.body.errors ?? {})).toContain('pspReference');
  });

  it('keeps a reservation that has payments from being deleted', async () => {
    const { rows } = await db.query<{ id: string }>(
      "SELECT id FROM reservations WHERE status = 'pending' ORDER BY id LIMIT 1",
    );
    const response = await call('admin', 'DELETE', `/api/reservations/${rows[0]?.id}`);
    expect(response.status).toBe(409);
    expect((await db.query('SELECT 1 FROM reservations WHERE id = $1', [rows[0]?.id])).rowCount).toBe(1);
  });
});
