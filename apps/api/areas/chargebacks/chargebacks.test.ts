/**
 * Chargebacks over real HTTP: what the table refuses (more taken back than was paid, across all
 * chargebacks of a payment too; a payment that is not a captured card payment; a reason code of
 * another scheme; answering before opening), a payment lowered below its chargebacks, and the
 * rights of each role.
 */
import { fillMessage, relatedScope } from '@bm/contracts';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import { demoShare } from '../../test/demo-share.ts';
import type { TestServer } from '../../test/test-server.ts';
import { AMOUNT_RULE, REASON_CODE_RULE } from './manifest.ts';

const API = '/api/chargeBacks';
let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

/** A captured card payment of the brand with no chargeback yet, and its amount. */
async function cardPayment(brand: string, skip = 0): Promise<{ id: number; amount: number }> {
  const { rows } = await db.query<{ id: string; amount: number }>(
    `SELECT id, amount FROM payments p
      WHERE method = 'card' AND status = 'captured' AND card_brand = $1 AND amount >= 100
        AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.payment_id = p.id)
      ORDER BY id OFFSET $2 LIMIT 1`,
    [brand, skip],
  );
  return { id: Number(rows[0]?.id), amount: Number(rows[0]?.amount) };
}

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

const chargeback = (paymentId: number, fields: Record<string, unknown> = {}) =>
  saveValues({
    paymentId,
    amount: 50,
    reasonCode: '13.1',
    status: 'open',
    openedAt: '2026-11-02',
    respondBy: '2026-11-22',
    caseReference: 'CB-2026-TEST',
    user: 'admin@bmtools.local',
    ...fields,
  });

describe('rules', () => {
  it('takes back at most the payment, counting every chargeback of it', async () => {
    const paid = await cardPayment('visa');
    const whole = await call('admin', 'POST', API, { values: chargeback(paid.id, { amount: paid.amount }) });
    expect(whole.status, JSON.stringify(whole.body)).toBe(201);
    const more = await call('admin', 'POST', API, { values: chargeback(paid.id, { amount: 0.01 }) });
    expect(more.status).toBe(400);
    expect(Object.keys(more.body.errors ?? {})).toEqual(['amount']);
    // Editing the one chargeback to the same amount is no second chargeback.
    const again = await edit(`${API}/${whole.body.id}`, { amount: paid.amount, status: 'under_review' });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    // And the payment cannot now be lowered below what was charged back.
    const lowered = await edit(`/api/payments/${paid.id}`, { amount: paid.amount - 1 });
    expect(lowered.status).toBe(400);
    expect(Object.keys(lowered.body.errors ?? {})).toEqual(['amount']);
  });

  it('refuses more than the payment in one chargeback', async () => {
    const paid = await cardPayment('visa', 1);
    const response = await call('admin', 'POST', API, {
      values: chargeback(paid.id, { amount: paid.amount + 0.01 }),
    });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toEqual(['amount']);
  });

  it('refuses a payment that is not a captured card payment', async () => {
    const { rows } = await db.query<{ id: string }>(
      "SELECT min(id) AS id FROM payments WHERE method = 'paypal'",
    );
    const response = await call('admin', 'POST', API, { values: chargeback(Number(rows[0]?.id)) });
    expect(response.status).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toEqual(['paymentId']);
  });

  it("refuses a reason code of another card scheme than the payment's", async () => {
    const visa = await cardPayment('visa', 2);
    const amex = await cardPayment('amex');
    for (const [paid, code] of [
      [visa, '4837'],
      [amex, '10.4'],
    ] as const) {
      const response = await call('admin', 'POST', API, {
        values: chargeback(paid.id, { reasonCode: code }),
      });
      expect(response.status, code).toBe(400);
      expect(Object.keys(response.body.errors ?? {})).toEqual(['reasonCode']);
    }
    const maestro = await cardPayment('maestro');
    const fits = await call('admin', 'POST', API, { values: chargeback(maestro.id, { reasonCode: '4837' }) });
    expect(fits.status, JSON.stringify(fits.body)).toBe(201);
  });

  it.each([
    [{ respondBy: '2026-10-01' }, 'respondBy'],
    [{ amount: 0 }, 'amount'],
    [{ status: 'pending' }, 'status'],
    [{ reasonCode: '99.9' }, 'reasonCode'],
    [{ user: 'somebody' }, 'user'],
    [{ user: null }, 'user'],
  ])('refuses %j naming %s', async (fields, field) => {
    const paid = await cardPayment('visa', 3);
    const response = await call('admin', 'POST', API, { values: chargeback(paid.id, fields) });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(Object.keys(response.body.errors ?? {})).toContain(field);
  });
});

describe('rights', () => {
  it('lets only the admin create, edit and delete; the viewer reads; editor and mapper see nothing', async () => {
    const paid = await cardPayment('mastercard');
    const values = chargeback(paid.id, { reasonCode: '4853', amount: 20 });
    for (const who of ['viewer', 'mapper', 'editor'])
      expect((await call(who, 'POST', API, { values })).status, who).toBe(403);
    const created = await call('admin', 'POST', API, { values });
    expect(created.status).toBe(201);
    const path = `${API}/${created.body.id}`;
    expect((await call('viewer', 'GET', path)).status).toBe(200);
    expect((await call('viewer', 'GET', API)).status).toBe(200);
    for (const who of ['editor', 'mapper']) expect((await call(who, 'GET', path)).status, who).toBe(403);
    for (const who of ['viewer', 'mapper', 'editor']) {
      expect((await call(who, 'PUT', path, { values: saveValues({ notes: 'x' }) })).status, who).toBe(403);
      expect((await call(who, 'DELETE', path)).status, who).toBe(403);
    }
    expect((await call('admin', 'DELETE', path)).status).toBe(200);
  });

  it('has demo chargebacks on captured card payments, within their amounts', async () => {
    const { rows } = await db.query<{ n: number; wrong: number }>(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE p.method <> 'card' OR p.status <> 'captured' OR c.amount > p.amount)::int AS wrong
         FROM chargebacks c JOIN payments p ON p.id = c.payment_id WHERE c.created_by = 'acquirer-import'`,
    );
    expect(rows[0]?.n).toBeGreaterThan(50 * (await demoShare(db)));
    expect(rows[0]?.wrong).toBe(0);
  });
});

/**
 * The rules the manifest declares (ADR 0027), said in its words: by the save's own check, with the
 * payment read from the `card-payments` lookup as the form reads it, and by the table's trigger for
 * a write the check cannot judge (an edit that does not send the payment), in the same words.
 */
describe('business rules in words', () => {
  /** The payment as the form's rules read it: the lookup's row, as `payment.*`. */
  async function paymentRow(id: number): Promise<Record<string, unknown>> {
    const answer = await call('admin', 'GET', `/api/dropdowns/card-payments?id=${id}&pageSize=1`);
    const rows = (answer.body as { data: Record<string, unknown>[] }).data;
    expect(rows).toHaveLength(1);
    return relatedScope('payment', rows[0]);
  }

  it('reads one payment by id with its scheme, and the reason codes of one scheme', async () => {
    const maestro = await cardPayment('maestro', 1);
    expect(await paymentRow(maestro.id)).toMatchObject({
      'payment.id': maestro.id,
      'payment.scheme': 'Mastercard',
    });
    const visa = await call('admin', 'GET', '/api/dropdowns/chargeback-reasons?scheme=Visa');
    const codes = (visa.body as { data: { value: string }[] }).data;
    expect(codes.map((c) => c.value).sort()).toEqual(
      ['10.4', '10.5', '11.3', '12.5', '12.6.1', '13.1', '13.3', '13.6', '13.7'].sort(),
    );
  });

  it("refuses a reason code of another scheme, naming the payment's scheme", async () => {
    const visa = await cardPayment('visa', 4);
    const words = fillMessage(REASON_CODE_RULE, await paymentRow(visa.id), '4837');
    expect(words).toBe('The reason code 4837 is not a Visa reason code');
    const refused = await call('admin', 'POST', API, { values: chargeback(visa.id, { reasonCode: '4837' }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ reasonCode: words });
    // An edit sending the reason code alone: the table's trigger refuses it, in the same words.
    const made = await call('admin', 'POST', API, { values: chargeback(visa.id, { amount: 5 }) });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const alone = await edit(`${API}/${made.body.id}`, { reasonCode: '4837' });
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ message: words, errors: { reasonCode: words } });
  });

  it("refuses an amount above the payment's, naming the payment's amount and currency", async () => {
    const paid = await cardPayment('mastercard', 1);
    const payment = await paymentRow(paid.id);
    const words = fillMessage(AMOUNT_RULE, payment);
    expect(words).toBe(
      `The amount is at most the payment's amount (${paid.amount.toFixed(2)} ${String(payment['payment.currency'])})`,
    );
    const refused = await call('admin', 'POST', API, {
      values: chargeback(paid.id, { reasonCode: '4853', amount: paid.amount + 0.01 }),
    });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual({ amount: words });
    const made = await call('admin', 'POST', API, {
      values: chargeback(paid.id, { reasonCode: '4853', amount: 1 }),
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const alone = await edit(`${API}/${made.body.id}`, { amount: paid.amount + 1 });
    expect(alone.status).toBe(400);
    expect(alone.body).toMatchObject({ message: words, errors: { amount: words } });
  });
});
