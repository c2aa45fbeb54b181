/**
 * `GET {api}/aggregate` (lists/aggregate-service.ts): a figure over a list's rows, grouped by a
 * column or by time buckets in the viewer's time zone, computed over the list's own criteria and
 * rights. A group's figure is the count the list itself gives for that group's filter (what a
 * click on a bar opens); a day is the viewer's day across a daylight-saving change; refusals name
 * their parameter; a role without the List right gets 403.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from './api-caller.ts';
import type { TestServer } from './test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
}, 120_000);

afterAll(async () => {
  await db?.end();
});

interface Group {
  key: string | null;
  value: number | null;
}

const filters = (...conditions: object[]) =>
  encodeURIComponent(JSON.stringify(conditions.length === 1 ? conditions[0] : { and: conditions }));

describe('aggregate', () => {
  it('counts a list by a column, each group as many as the list shows for it', async () => {
    const answer = await call('admin', 'GET', '/api/payments/aggregate?groupBy=status');
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body).toMatchObject({ measure: 'count', groupBy: 'status', exact: true });
    const groups = answer.body.groups as Group[];
    expect(groups.length).toBeGreaterThan(1);
    // Most first.
    const values = groups.map((g) => g.value ?? 0);
    expect(values).toEqual([...values].sort((a, b) => b - a));
    for (const group of groups.slice(0, 3)) {
      const condition = { operation: 'eq', name: 'status', type: 'text', value: group.key };
      const summary = await call(
        'admin',
        'GET',
        `/api/payments/page-summarize?filters=${filters(condition)}`,
      );
      expect(summary.body.totalItemsCount, String(group.key)).toBe(group.value);
    }
  });

  it('sums a column over the list’s filter, as the table adds it up', async () => {
    const euro = { operation: 'eq', name: 'currency', type: 'text', value: 'EUR' };
    const answer = await call(
      'admin',
      'GET',
      `/api/payments/aggregate?measure=sum&field=amount&filters=${filters(euro)}`,
    );
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const { rows } = await db.query<{ total: string }>(
      `SELECT sum(amount)::text AS total FROM payments WHERE currency = 'EUR'`,
    );
    expect((answer.body.groups as Group[])[0]?.value).toBeCloseTo(Number(rows[0]?.total), 2);
  });

  it('cuts days in the viewer’s time zone, across the end of summer time', async () => {
    const tag = `Aggregate DST ${Date.now()}`;
    // Madrid: 00:30 on the 25th (summer time), 23:30 on the 25th and 00:30 on the 26th (winter time).
    for (const [n, at] of [
      [1, '2026-10-24T22:30:00Z'],
      [2, '2026-10-25T22:30:00Z'],
      [3, '2026-10-25T23:30:00Z'],
    ] as const) {
      await db.query(
        `INSERT INTO pages (name, url, title, updated_at) VALUES ($1, $2, 'DST', $3::timestamptz)`,
        [`${tag} ${n}`, `/aggregate-dst-${Date.now()}-${n}`, at],
      );
    }
    const ours = { operation: 'contains', name: 'name', type: 'text', value: tag };
    const days = async (tz: string) => {
      const answer = await call(
        'admin',
        'GET',
        `/api/pages/aggregate?bucket=day&dateField=updatedAt&tz=${encodeURIComponent(tz)}&filters=${filters(ours)}`,
      );
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      return answer.body.groups as Group[];
    };
    expect(await days('Europe/Madrid')).toEqual([
      { key: '2026-10-25T00:00:00', value: 2 },
      { key: '2026-10-26T00:00:00', value: 1 },
    ]);
    expect(await days('UTC')).toEqual([
      { key: '2026-10-24T00:00:00', value: 1 },
      { key: '2026-10-25T00:00:00', value: 2 },
    ]);
  });

  it('refuses what it cannot compute, naming the parameter', async () => {
    const refused = async (query: string, param: string) => {
      const answer = await call('admin', 'GET', `/api/payments/aggregate?${query}`);
      expect(answer.status, query).toBe(400);
      expect(JSON.stringify(answer.body), query).toContain(param);
    };
    await refused('measure=sum', 'field');
    await refused('measure=sum&field=nope', 'field');
    await refused('measure=sum&field=currency', 'field');
    await refused('groupBy=nope', 'groupBy');
    await refused('bucket=day', 'dateField');
    await refused('bucket=day&dateField=paidAt&tz=Mars%2FOlympus', 'tz');
    await refused('groupBy=status&bucket=day&dateField=paidAt', 'bucket');
    await refused('limit=0', 'limit');
    await refused(`filters=${filters({ operation: 'eq', name: 'nope', type: 'text', value: 'x' })}`, 'nope');
  });

  it('answers only to those who may list the records', async () => {
    expect((await call('mapper', 'GET', '/api/payments/aggregate')).status).toBe(403);
    expect((await call('viewer', 'GET', '/api/payments/aggregate')).status).toBe(200);
  });
});
