/**
 * Prepaid credits over real HTTP: what is left stays between zero and what was given, a credit from
 * a payment is in its currency, each refusal names its field, and the rights of each role.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import { demoShare } from '../../test/demo-share.ts';
import type { TestServer } from '../../test/test-server.ts';

const API = '/api/prepaidcredits';
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

const credit = (fields: Record<string, unknown> = {}) =>
  saveValues({
    reason: 'Goodwill: car handed over two hours late',
    customerEmail: 'lukas.weber@example.com',
    amount: 40,
    remaining: 40,
    currency: 'EUR',
    expiresAt: '2027-12-31',
    user: 'admin@bmtools.local',
    ...fields,
  });

describe('rules', () => {
  it('keeps what is left between zero and the amount, also when spending it later', async () => {
    const created = await call('admin', 'POST', API, { values: credit() });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const path = `${API}/${created.body.id}`;
    expect((await edit(path, { remaining: 12.5 })).status).toBe(200);
    expect((await call('admin', 'GET', path)).body).toMatchObject({ remaining: 12.5, amount: 40 });
    for (const remaining of [-0.01, 40.01]) {
      const refused = await edit(path, { remaining });
      expect(refused.status, String(remaining)).toBe(400);
      expect(Object.keys(refused.body.errors ?? {})).toEqual(['remaining']);
    }
    // Lowering the amount below what is left is refused as well.
    const lowered = await edit(path, { amount: 10 });
    expect(lowered.status).toBe(400);
  });

  it("takes a source payment's currency only", async () => {
    const { rows } = await db.query<{ id: string; currency: string }>(
      "SELECT id, currency FROM payments WHERE status = 'captured' AND currency = 'GBP' ORDER BY id LIMIT 1",
    );
    const payment = rows[0];
    const wrong = await call('admin', 'POST', API, {
      values: credit({ sourcePaymentId: Number(payment?.id), currency: 'EUR' }),
    });
    expect(wrong.status).toBe(400);
    expect(Object.keys(wrong.body.errors ?? {})).toEqual(['currency']);
    const right = await call('admin', 'POST', API, {
      values: credit({ sourcePaymentId: Number(payment?.id), currency: 'GBP' }),
    });
    expect(right.status, JSON.stringify(right.body)).toBe(201);
    expect((await call('admin', 'GET', `${API}/${right.body.id}`)).body).toMatchObject({
      sourcePaymentId: Number(payment?.id),
      currency: 'GBP',
    });
  });

  it.each([
    [{ amount: 0 }, 'amount'],
    [{ customerEmail: 'not an address' }, 'customerEmail'],
    [{ currency: 'EURO' }, 'currency'],
    [{ reason: '  ' }, 'reason'],
    [{ expiresAt: null }, 'expiresAt'],
    [{ user: null }, 'user'],
    [{ sourcePaymentId: 999999999 }, 'sourcePaymentId'],
  ])('refuses %j naming %s', async (fields, field) => {
    const response = await call('admin', 'POST', API, { values: credit(fields) });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
  });
});

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer reads; editor and mapper see nothing', async () => {
    for (const who of ['viewer', 'mapper', 'editor'])
      expect((await call(who, 'POST', API, { values: credit() })).status, who).toBe(403);
    const created = await call('admin', 'POST', API, { values: credit() });
    const path = `${API}/${created.body.id}`;
    expect((await call('viewer', 'GET', path)).status).toBe(200);
    for (const who of ['editor', 'mapper']) expect((await call(who, 'GET', API)).status, who).toBe(403);
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect((await call(who, 'PUT', path, { values: saveValues({ remaining: 1 }) })).status, who).toBe(403);
      expect((await call(who, 'DELETE', path)).status, who).toBe(403);
    }
    expect((await call('admin', 'DELETE', path)).status).toBe(200);
  });

  it('has demo credits within their amounts, in their payments currency', async () => {
    const { rows } = await db.query<{ n: number; wrong: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE c.remaining > c.amount OR c.currency <> coalesce(p.currency, c.currency))::int
                AS wrong
         FROM prepaid_credits c LEFT JOIN payments p ON p.id = c.source_payment_id`,
    );
    expect(rows[0]?.n).toBeGreaterThan(100 * (await demoShare(db)));
    expect(rows[0]?.wrong).toBe(0);
  });
});
