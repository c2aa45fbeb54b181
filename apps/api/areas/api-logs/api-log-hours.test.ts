/**
 * The API log's hourly rollups (migration 1700000011910, docs/adr/0034-api-log-rollup.md): the
 * triggers keep them equal to the log's rows through the demo's bulk seed, inserts, updates,
 * deletes and a truncate; and every aggregate the rollups answer (the operations dashboard's
 * panels, a range cut mid-hour, a day across the end of summer time in Amsterdam, a filter on a
 * status code) gives the very figures the rows give, while what they cannot answer (a half-hour
 * zone, a path filter, a maximum) is answered from the rows.
 */
import { panelAggregateUrl } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { dashboards } from '../../catalog/dashboards.ts';
import type { EntitySpec } from '../../catalog/entity-spec.ts';
import { loadEntityRegistry } from '../../src/catalog/entity-registry.ts';
import type { Queryable } from '../../src/db/pool.ts';
import { type AggregateResult, runAggregate } from '../../src/lists/aggregate-service.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;
let entity: EntitySpec;

beforeAll(async () => {
  database = await createTestDatabase();
  const found = (await loadEntityRegistry(database.db)).byApi('/api/ApiLogs');
  if (!found) throw new Error('no ApiLogs in the catalogue');
  entity = found;
});

/** Rows of a rollup that differ from the log's own hourly sums (none when the rollup is exact). */
async function rollupDrift(): Promise<number> {
  const { rows } = await database.db.query<{ n: number }>(
    `WITH raw_status AS (
       SELECT date_trunc('hour', requested_at, 'UTC') AS hour, status_code, count(*) AS requests,
              sum(duration_ms) AS duration_sum FROM api_logs GROUP BY 1, 2),
     raw_route AS (
       SELECT date_trunc('hour', requested_at, 'UTC') AS hour, api_log_route(method, path) AS route,
              count(*) AS requests, sum(duration_ms) AS duration_sum FROM api_logs GROUP BY 1, 2)
     SELECT ((SELECT count(*) FROM ((TABLE raw_status EXCEPT TABLE api_log_hours)
                                    UNION ALL (TABLE api_log_hours EXCEPT TABLE raw_status)) a)
           + (SELECT count(*) FROM ((TABLE raw_route EXCEPT TABLE api_log_route_hours)
                                    UNION ALL (TABLE api_log_route_hours EXCEPT TABLE raw_route)) b))::int AS n`,
  );
  return rows[0]?.n ?? -1;
}

/** The pool, noting whether the aggregate's statement read a rollup (the block's look-up aside). */
function watched(): { db: Queryable; readRollup: () => boolean } {
  let read = false;
  const pool = database.db;
  const query = (text: string, values?: unknown[]) => {
    if (/"api_log(_route)?_hours"/.test(text) && text.includes('UNION ALL')) read = true;
    return pool.query(text, values);
  };
  const db = new Proxy(pool, {
    get: (target, name, receiver) => (name === 'query' ? query : Reflect.get(target, name, receiver)),
  });
  return { db, readRollup: () => read };
}

/** The aggregate with the rollups and without them (from the rows): both answers, and whether a rollup was read. */
async function both(query: Readonly<Record<string, string | undefined>>): Promise<{
  rolled: AggregateResult;
  raw: AggregateResult;
  usedRollup: boolean;
}> {
  const spy = watched();
  const rolled = await runAggregate(spy.db, entity, query, { email: 'admin@bmtools.local' });
  const raw = await runAggregate(database.db, entity, query, { email: 'admin@bmtools.local' }, []);
  return { rolled, raw, usedRollup: spy.readRollup() };
}

const range = (from: string, to: string) =>
  JSON.stringify({
    and: [
      { operation: 'gte', name: 'requestedAt', type: 'datetime', value: from },
      { operation: 'lt', name: 'requestedAt', type: 'datetime', value: to },
    ],
  });

/** A log row at a given time (the columns the rollups read; the rest fixed). */
async function logAt(at: string, status: number, ms: number, path = '/v2/reservations/BM-00000042') {
  await database.db.query(
    `INSERT INTO api_logs (requested_at, method, path, status_code, duration_ms, client_name, ip_address,
       request_id, response_bytes)
     VALUES ($1, 'GET', $2, $3, $4, 'Rollup test', '10.0.0.1', gen_random_uuid(), 10)`,
    [at, path, status, ms],
  );
}

describe('the API log rollups', () => {
  it('group calls by route: the method and the path with its ids written {id}', async () => {
    const { rows } = await database.db.query<{ route: string }>(
      `SELECT api_log_route(m, p) AS route FROM (VALUES
         ('GET', '/v2/searches/3f2a9c1b0d4e/offers/feafbbeccf?currency=EUR'),
         ('GET', '/v2/searches/abcdefabcdef/offers'),
         ('DELETE', '/v2/reservations/BM-00001234'),
         ('GET', '/v2/reservations/BM-00001234/voucher.pdf'),
         ('GET', '/v2/prices/1031/2026-12-01'),
         ('GET', '/v2/health')) AS c(m, p)`,
    );
    expect(rows.map((r) => r.route)).toEqual([
      'GET /v2/searches/{id}/offers/{id}',
      'GET /v2/searches/{id}/offers',
      'DELETE /v2/reservations/{id}',
      'GET /v2/reservations/{id}/voucher.pdf',
      'GET /v2/prices/{id}/{id}',
      'GET /v2/health',
    ]);
  });

  it('equal the log’s hourly sums after the demo’s bulk seed, and through inserts, updates and deletes', async () => {
    const { rows } = await database.db.query<{ n: number }>('SELECT count(*)::int AS n FROM api_log_hours');
    expect(rows[0]?.n).toBeGreaterThan(0);
    expect(await rollupDrift()).toBe(0);
    await database.db.query(
      `INSERT INTO api_logs (requested_at, method, path, status_code, duration_ms, client_name, ip_address,
         request_id, response_bytes)
       SELECT requested_at + interval '17 minutes', method, path || '?again=1', status_code, duration_ms + 1,
              client_name, ip_address, gen_random_uuid(), response_bytes
         FROM api_logs WHERE id % 5 = 0`,
    );
    await database.db.query(
      `UPDATE api_logs SET status_code = 503, duration_ms = duration_ms * 2, path = '/v2/health'
        WHERE id % 13 = 0`,
    );
    await database.db.query('DELETE FROM api_logs WHERE id % 7 = 0');
    expect(await rollupDrift()).toBe(0);
    const { rows: empty } = await database.db.query<{ n: number }>(
      `SELECT ((SELECT count(*) FROM api_log_hours WHERE requests = 0)
             + (SELECT count(*) FROM api_log_route_hours WHERE requests = 0))::int AS n`,
    );
    expect(empty[0]?.n).toBe(0);
  });

  it('answer each operations panel over the API log as the rows do', async () => {
    const panels = dashboards()
      .flatMap((d) => d.panels)
      .filter((p) => p.api === '/api/ApiLogs');
    expect(panels.map((p) => p.id)).toEqual(['api-status-codes', 'api-latency', 'slowest-routes']);
    const now = new Date();
    for (const window of [
      { from: new Date(now.getTime() - 30 * 86_400_000), to: now },
      // Mid-hour at both ends.
      { from: new Date(now.getTime() - 3 * 86_400_000 - 1_234_567), to: new Date(now.getTime() - 7_654_321) },
    ]) {
      for (const panel of panels) {
        const url = new URL(panelAggregateUrl(panel, 'Europe/Madrid', window), 'http://x');
        const query = Object.fromEntries(url.searchParams);
        const { rolled, raw, usedRollup } = await both(query);
        expect(usedRollup, panel.id).toBe(true);
        expect(rolled.groups.length, panel.id).toBeGreaterThan(0);
        expect(rolled, panel.id).toEqual(raw);
      }
    }
  });

  it('count, sum and average one figure, and by status, over a range cut mid-hour', async () => {
    const now = Date.now();
    const filters = range(
      new Date(now - 9 * 86_400_000 - 611_000).toISOString(),
      new Date(now - 86_400_000 - 1_999).toISOString(),
    );
    const ok = JSON.stringify({
      and: [
        JSON.parse(filters),
        { operation: 'in', name: 'statusCode', type: 'number', value: [200, 201, 204] },
      ],
    });
    for (const query of [
      { filters },
      { filters, measure: 'sum', field: 'durationMs' },
      { filters, measure: 'avg', field: 'durationMs' },
      { filters, groupBy: 'statusCode' },
      { filters, groupBy: 'statusCode', measure: 'avg', field: 'durationMs', limit: '3' },
      { filters: ok, bucket: 'day', dateField: 'requestedAt', tz: 'America/New_York' },
      {
        filters: ok,
        bucket: 'week',
        dateField: 'requestedAt',
        tz: 'Europe/Amsterdam',
        measure: 'avg',
        field: 'durationMs',
      },
      // No range at all: every hour from the rollup.
      { groupBy: 'route', measure: 'sum', field: 'durationMs' },
    ]) {
      const { rolled, raw, usedRollup } = await both(query);
      expect(usedRollup, JSON.stringify(query)).toBe(true);
      expect(rolled.groups.length).toBeGreaterThan(0);
      expect(rolled, JSON.stringify(query)).toEqual(raw);
    }
  });

  it('cut a day across the end of summer time in Amsterdam as the rows do', async () => {
    // 25 October 2026: Amsterdam's clocks go back at 01:00 UTC (03:00 summer time → 02:00 winter
    // time), so 02:00–03:00 local happens twice and the day is 25 hours long.
    for (const [at, status, ms] of [
      ['2026-10-24T21:59:00Z', 200, 10], // 23:59 on the 24th
      ['2026-10-24T22:00:00Z', 200, 20], // 00:00 on the 25th
      ['2026-10-25T00:15:00Z', 200, 30], // 02:15 summer time
      ['2026-10-25T00:45:00Z', 500, 40],
      ['2026-10-25T01:15:00Z', 200, 50], // 02:15 winter time
      ['2026-10-25T01:59:59Z', 404, 60],
      ['2026-10-25T22:59:00Z', 200, 70], // 23:59 on the 25th
      ['2026-10-25T23:00:00Z', 200, 80], // 00:00 on the 26th
    ] as const) {
      await logAt(at, status, ms);
    }
    const filters = range('2026-10-24T21:30:00Z', '2026-10-25T23:30:00Z');
    for (const bucket of ['day', 'hour']) {
      const query = {
        filters,
        bucket,
        dateField: 'requestedAt',
        tz: 'Europe/Amsterdam',
        measure: 'avg',
        field: 'durationMs',
      };
      const { rolled, raw, usedRollup } = await both(query);
      expect(usedRollup).toBe(true);
      expect(rolled).toEqual(raw);
    }
    const days = await both({ filters, bucket: 'day', dateField: 'requestedAt', tz: 'Europe/Amsterdam' });
    expect(days.rolled.groups).toEqual([
      { key: '2026-10-24T00:00:00', value: 1 },
      { key: '2026-10-25T00:00:00', value: 6 },
      { key: '2026-10-26T00:00:00', value: 1 },
    ]);
    const hours = await both({ filters, bucket: 'hour', dateField: 'requestedAt', tz: 'Europe/Amsterdam' });
    // Both 02:00 hours are one bucket, as the rows count them.
    expect(hours.rolled.groups.find((g) => g.key === '2026-10-25T02:00:00')).toEqual({
      key: '2026-10-25T02:00:00',
      value: 4,
    });
  });

  it('count rows written after the rollup was read, in the current hour and in past ones', async () => {
    const query = {
      filters: range(
        new Date(Date.now() - 2 * 86_400_000).toISOString(),
        new Date(Date.now() + 3_600_000).toISOString(),
      ),
      bucket: 'hour',
      dateField: 'requestedAt',
      tz: 'UTC',
      measure: 'avg',
      field: 'durationMs',
    };
    const before = await both(query);
    expect(before.rolled).toEqual(before.raw);
    await logAt(new Date(Date.now() - 60_000).toISOString(), 200, 123_456);
    await logAt(new Date(Date.now() - 86_400_000).toISOString(), 500, 654_321);
    const after = await both(query);
    expect(after.usedRollup).toBe(true);
    expect(after.rolled).toEqual(after.raw);
    expect(after.rolled).not.toEqual(before.rolled);
  });

  it('leave to the rows what they cannot answer: a half-hour zone, a path filter, a maximum', async () => {
    const filters = range(
      new Date(Date.now() - 86_400_000 - 100_000).toISOString(),
      new Date().toISOString(),
    );
    const path = JSON.stringify({
      and: [JSON.parse(filters), { operation: 'contains', name: 'path', type: 'text', value: 'voucher' }],
    });
    for (const query of [
      {
        filters,
        bucket: 'hour',
        dateField: 'requestedAt',
        tz: 'Asia/Kolkata',
        measure: 'avg',
        field: 'durationMs',
      },
      { filters: path, groupBy: 'statusCode' },
      { filters, measure: 'max', field: 'durationMs' },
      { filters, groupBy: 'clientName' },
    ]) {
      const { rolled, raw, usedRollup } = await both(query);
      expect(usedRollup, JSON.stringify(query)).toBe(false);
      expect(rolled).toEqual(raw);
    }
  });

  it('are emptied with the log', async () => {
    await database.db.query('TRUNCATE api_logs');
    const { rows } = await database.db.query<{ n: number }>(
      'SELECT ((SELECT count(*) FROM api_log_hours) + (SELECT count(*) FROM api_log_route_hours))::int AS n',
    );
    expect(rows[0]?.n).toBe(0);
    const { rolled, raw, usedRollup } = await both({ groupBy: 'statusCode' });
    expect(usedRollup).toBe(false);
    expect(rolled).toEqual(raw);
  });
});
