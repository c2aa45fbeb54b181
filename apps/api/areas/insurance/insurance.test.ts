/**
 * Insurance over real HTTP on the seeded database: what is particular to the area beyond the
 * generic map-list tests (test/mapping.test.ts): the demo's shape, the table's rules, read-only
 * rights per role (no create, edit or delete for anyone; Get Map and Map for the administrator
 * only), a policy mapped onto the reservation it covers from its map list, with the confirmation
 * round, the history its view shows and the reservation it names in the list.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from '../../test/api-caller.ts';
import { demoShare } from '../../test/demo-share.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const call = apiCaller(() => server.baseUrl, tokens);
const rows = async <T>(sql: string, params: unknown[] = []): Promise<T[]> =>
  (await db.query(sql, params)).rows as T[];

type Row = Record<string, unknown>;

const act = (who: string, key: string, values: Record<string, unknown>, actionType?: string) =>
  call(who, 'POST', `/api/mapInsurance/${key}`, {
    storeProcedure: 'bm_map_insurance',
    values: Object.entries(values).map(([mapkey, value]) => ({ mapkey, value })),
    ...(actionType ? { actionType } : {}),
  });

/** Unmapped demo policies with the reservation they truly cover, taken from the end. */
async function unmappedPolicies(count: number, skip = 0) {
  return rows<{ id: number; truth: number; number: string }>(
    `SELECT p.id, g.pricewatch_id AS truth, r.reservation_number AS number
       FROM insurance_policies p
       JOIN merchant_ground_truth g ON g.kind = 'insurance' AND g.merchant_record_id = p.id
       JOIN customer_reservations r ON r.id = g.pricewatch_id
      WHERE p.map_status = 'unmapped' ORDER BY p.id DESC OFFSET $2 LIMIT $1`,
    [count, skip],
  );
}

describe('the demo', () => {
  it('has over a thousand policies in the full demo (its share in a smaller one), two in three of those covering a reservation mapped, with history', async () => {
    const [shape] = await rows<{ n: number; truths: number; mapped: number; right: number; history: number }>(
      `SELECT count(*)::int AS n,
              count(g.pricewatch_id)::int AS truths,
              count(*) FILTER (WHERE p.map_status = 'mapped')::int AS mapped,
              count(*) FILTER (WHERE p.customer_reservation_id = g.pricewatch_id)::int AS right,
              (SELECT count(DISTINCT merchant_record_id)::int FROM merchant_map_history WHERE kind = 'insurance'
                 AND action = 'map') AS history
         FROM insurance_policies p
         LEFT JOIN merchant_ground_truth g ON g.kind = 'insurance' AND g.merchant_record_id = p.id`,
    );
    const share = await demoShare(db);
    expect(shape?.n).toBeGreaterThan(1000 * share);
    expect((shape?.mapped ?? 0) / (shape?.truths ?? 1)).toBeCloseTo(2 / 3, 1);
    expect(shape?.right).toBe(shape?.mapped);
    expect(shape?.history).toBeGreaterThanOrEqual(shape?.mapped ?? 0);
    // The insurer's spelling differs from the reservation's for many policies.
    const [differ] = await rows<{ n: number }>(
      `SELECT count(*)::int AS n FROM insurance_policies p JOIN customer_reservations r ON r.id = p.customer_reservation_id
        WHERE p.customer_first_name <> r.customer_first_name OR p.customer_last_name <> r.customer_last_name`,
    );
    expect(differ?.n).toBeGreaterThan(100 * share);
  });

  it('refuses a cover that ends before it starts, a mapped policy without its reservation, an unknown product', async () => {
    const [policy] = await rows<{ id: number }>(
      "SELECT id FROM insurance_policies WHERE map_status = 'mapped' LIMIT 1",
    );
    const refusal = async (sql: string) => {
      try {
        await db.query(sql, [policy?.id]);
        return 'accepted';
      } catch (error) {
        return (error as { constraint?: string }).constraint;
      }
    };
    expect(await refusal('UPDATE insurance_policies SET cover_end = cover_start - 1 WHERE id = $1')).toBe(
      'insurance_policies_cover_end_check',
    );
    expect(await refusal('UPDATE insurance_policies SET customer_reservation_id = NULL WHERE id = $1')).toBe(
      'insurance_policies_customer_reservation_id_check',
    );
    expect(await refusal("UPDATE insurance_policies SET product = 'pet_cover' WHERE id = $1")).toBe(
      'insurance_policies_product_check',
    );
  });
});

describe('rights', () => {
  it('lists and views for every reader; no create, edit or delete for anyone', async () => {
    const [policy] = await rows<{ id: number; policy_number: string }>(
      "SELECT id, policy_number FROM insurance_policies WHERE map_status = 'mapped' ORDER BY id LIMIT 1",
    );
    for (const who of ['admin', 'viewer']) {
      const list = await call(who, 'GET', '/api/insurance?pageSize=20&pageIndex=0');
      expect(list.status, who).toBe(200);
      expect((list.body.data as Row[]).length).toBe(20);
      const view = await call(who, 'GET', `/api/insurance/${policy?.id}`);
      expect(view.status, who).toBe(200);
      expect(view.body.policyNumber).toBe(policy?.policy_number);
    }
    expect((await call('editor', 'GET', '/api/insurance?pageSize=20')).status).toBe(403);
    const { body } = await call('admin', 'GET', '/api/app-routes');
    const patterns = (body.routes as { pattern: string }[])
      .map((r) => r.pattern)
      .filter((p) => p.startsWith('/insurance/'));
    // Its map lists and mapping queue (policies are mapped onto reservations), no record forms.
    expect(patterns.sort()).toEqual([
      '/insurance/:id/getmap',
      '/insurance/:id/map',
      '/insurance/list',
      '/insurance/mapqueue',
      '/insurance/view/:id',
    ]);
    for (const [method, path] of [
      ['POST', '/api/insurance'],
      ['PUT', `/api/insurance/${policy?.id}`],
      ['DELETE', `/api/insurance/${policy?.id}`],
    ] as const) {
      const refused = await call('admin', method, path, method === 'DELETE' ? undefined : { values: [] });
      expect([403, 404, 405], `${method} ${path}`).toContain(refused.status);
    }
    expect(
      (
        await rows<{ n: number }>('SELECT count(*)::int AS n FROM insurance_policies WHERE id = $1', [
          policy?.id,
        ])
      )[0]?.n,
    ).toBe(1);
  });

  it('Get Map and Map are the administrator’s: the mapper and the viewer are refused', async () => {
    const [policy] = await unmappedPolicies(1, 20);
    if (!policy) throw new Error('no unmapped policy');
    for (const who of ['mapper', 'viewer', 'editor']) {
      expect((await call(who, 'GET', `/api/mapInsurance?id=${policy.id}`)).status, who).toBe(403);
      expect(
        (await act(who, 'map', { merchantRecordId: policy.id, pricewatchId: policy.truth })).status,
        who,
      ).toBe(403);
    }
    expect((await call('admin', 'GET', `/api/mapInsurance?id=${policy.id}`)).status).toBe(200);
  });
});

describe('mapping a policy onto its reservation', () => {
  it('lists the true reservation first, maps it, asks before replacing, unmaps; the view shows the history', async () => {
    const [policy] = await unmappedPolicies(1);
    if (!policy) throw new Error('no unmapped policy');
    const page = await call('admin', 'GET', `/api/mapInsurance?id=${policy.id}&pageSize=20&pageIndex=0`);
    const candidates = page.body.data as Row[];
    expect(candidates.slice(0, 5).map((r) => r.id)).toContain(policy.truth);
    expect(String(candidates.find((r) => r.id === policy.truth)?.code)).toContain(policy.number);

    expect(
      (await act('admin', 'map', { merchantRecordId: policy.id, pricewatchId: policy.truth })).body,
    ).toEqual({
      isSuccess: true,
    });
    const [stored] = await rows<{ map_status: string; reservation: number }>(
      'SELECT map_status, customer_reservation_id::int AS reservation FROM insurance_policies WHERE id = $1',
      [policy.id],
    );
    expect(stored).toEqual({ map_status: 'mapped', reservation: policy.truth });
    const mapped = await call('admin', 'GET', `/api/mapInsurance?id=${policy.id}&pageSize=20&pageIndex=0`);
    expect((mapped.body.data as Row[])[0]).toMatchObject({ id: policy.truth, isMapped: true });
    // The list names the reservation the policy now covers.
    const byId = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: policy.id }),
    );
    const listed = await call('admin', 'GET', `/api/insurance?pageSize=20&filters=${byId}`);
    expect((listed.body.data as Row[])[0]).toMatchObject({
      mapStatus: 'mapped',
      reservationNumber: policy.number,
    });

    // Onto another reservation: asked first, naming both.
    const other = candidates.find((r) => r.id !== policy.truth);
    const ask = await act('admin', 'map', { merchantRecordId: policy.id, pricewatchId: other?.id });
    expect(ask.body).toMatchObject({ isSuccess: false, actionType: `replace:${policy.truth}` });
    expect(String(ask.body.messageContent)).toContain(policy.number);
    const replaced = await act(
      'admin',
      'map',
      { merchantRecordId: policy.id, pricewatchId: other?.id },
      String(ask.body.actionType),
    );
    expect(replaced.body).toMatchObject({ isSuccess: true, messageTitle: 'Mapping replaced' });
    expect(
      (await act('admin', 'unmap', { merchantRecordId: policy.id, pricewatchId: other?.id })).body,
    ).toEqual({
      isSuccess: true,
    });

    const view = await call('admin', 'GET', `/api/insurance/${policy.id}`);
    const history = JSON.parse(String(view.body.mapHistory)) as {
      action: string;
      to: string | null;
      by: string;
    }[];
    expect(history.map((h) => h.action)).toEqual(['Unmapped', 'Mapping replaced', 'Mapped']);
    expect(history[2]?.to).toContain(policy.number);
    expect(history[0]?.by).toBe('admin@bmtools.local');
  });

  it('blacklists a policy with a note; an unknown reservation is a 404', async () => {
    const [policy] = await unmappedPolicies(1, 1);
    if (!policy) throw new Error('no unmapped policy');
    expect((await act('admin', 'ignore', { merchantRecordId: policy.id })).status).toBe(400);
    const ignored = await act('admin', 'ignore', {
      merchantRecordId: policy.id,
      note: 'Sold by the insurer directly',
    });
    expect(ignored.body).toMatchObject({ isSuccess: true });
    const [stored] = await rows<{ map_status: string; map_note: string }>(
      'SELECT map_status, map_note FROM insurance_policies WHERE id = $1',
      [policy.id],
    );
    expect(stored).toEqual({ map_status: 'blacklisted', map_note: 'Sold by the insurer directly' });
    const unknown = await act('admin', 'map', { merchantRecordId: policy.id, pricewatchId: 2_000_000_000 });
    expect(unknown.status).toBe(404);
  });
});
