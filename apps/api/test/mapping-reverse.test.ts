/**
 * The price-watch side's map lists (a price-watch record's merchant records,
 * 1700000011300_reverse-map-lists.sql) over real HTTP on the seeded database: a merchant record's
 * Match % there is the one the price-watch record has on the merchant record's own map list, for
 * every kind; the list is in the order of that Match %; and a place the old folded-name score
 * could not tell from its neighbour ("Belfast City" and "Belfast International" both folded to
 * "belfast") now finds its own merchant record first.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, startSignedIn } from './api-caller.ts';
import type { TestServer } from './test-server.ts';

/** Each kind's two map lists (paths transcribed by hand) and its tables. */
const KINDS = [
  {
    kind: 'location',
    pricewatchApi: '/api/maplocations',
    merchantApi: '/api/mapMerchantLocations',
    merchantTable: 'merchant_locations',
  },
  {
    kind: 'office',
    pricewatchApi: '/api/mapOffices',
    merchantApi: '/api/mapMerchantOffices',
    merchantTable: 'merchant_offices',
  },
  {
    kind: 'supplier',
    pricewatchApi: '/api/mapSuppliers',
    merchantApi: '/api/mapMerchantSuppliers',
    merchantTable: 'merchant_suppliers',
  },
  {
    kind: 'car_class',
    pricewatchApi: '/api/mapCarClasses',
    merchantApi: '/api/mapMerchantCarClasses',
    merchantTable: 'merchant_car_classes',
  },
  {
    kind: 'car',
    pricewatchApi: '/api/mapCars',
    merchantApi: '/api/mapMerchantCars',
    merchantTable: 'merchant_cars',
  },
  {
    kind: 'option',
    pricewatchApi: '/api/mapOptions',
    merchantApi: '/api/mapMerchantOptions',
    merchantTable: 'merchant_options',
  },
  {
    kind: 'included_item',
    pricewatchApi: '/api/mapIncludedItems',
    merchantApi: '/api/mapMerchantIncludedItems',
    merchantTable: 'merchant_included_items',
  },
] as const;

interface ReverseRow {
  rank: number;
  id: number;
  name: string;
  match: number;
  isMapped: boolean;
  merchantRecordId: number;
  pricewatchId: number;
  distanceKm: number | null;
}

interface ForwardRow {
  id: number;
  match: number;
  distanceKm: number | null;
}

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

/** A map list's rows (one page of `pageSize`), with an optional filter. */
async function listRows<T>(api: string, id: number, pageSize: number, filter?: object): Promise<T[]> {
  const filters = filter ? `&filters=${encodeURIComponent(JSON.stringify(filter))}` : '';
  const answer = await call('mapper', 'GET', `${api}?id=${id}&pageSize=${pageSize}&pageIndex=0${filters}`);
  expect(answer.status, `${api}?id=${id}`).toBe(200);
  return (answer.body?.data ?? []) as T[];
}

/** The row price-watch record `pricewatchId` has on merchant record `merchantId`'s own map list. */
async function forwardRow(
  api: string,
  merchantId: number,
  pricewatchId: number,
): Promise<ForwardRow | undefined> {
  const rows = await listRows<ForwardRow>(api, merchantId, 20, {
    operation: 'eq',
    name: 'id',
    type: 'number',
    value: pricewatchId,
  });
  return rows[0];
}

/** Price-watch records of the kind that seeded merchant records truly are (two, spread over the ids). */
async function truths(kind: string): Promise<number[]> {
  const { rows } = await db.query<{ id: number }>(
    `SELECT DISTINCT ON (g.pricewatch_id % 2) g.pricewatch_id AS id FROM merchant_ground_truth g
      WHERE g.kind = $1 AND g.pricewatch_id IS NOT NULL
      ORDER BY g.pricewatch_id % 2, g.merchant_record_id`,
    [kind],
  );
  return rows.map((r) => r.id);
}

describe('a price-watch record’s merchant records', () => {
  it.each(KINDS.map((k) => [k.kind, k] as const))(
    '%s: each shows the Match % it has on its own map list, in that order',
    async (_kind, k) => {
      const ids = await truths(k.kind);
      expect(ids.length).toBeGreaterThan(0);
      for (const pricewatchId of ids) {
        const rows = await listRows<ReverseRow>(k.pricewatchApi, pricewatchId, 1000);
        expect(rows.length, `${k.kind} ${pricewatchId}`).toBeGreaterThan(0);
        expect(rows.map((r) => r.rank)).toEqual(rows.map((_r, i) => i + 1));
        // The records mapped here first; then, as among them, by Match %.
        const mapped = rows.filter((r) => r.isMapped).length;
        expect(rows.slice(0, mapped).every((r) => r.isMapped)).toBe(true);
        for (const group of [rows.slice(0, mapped), rows.slice(mapped)]) {
          const matches = group.map((r) => r.match);
          expect(matches).toEqual([...matches].sort((a, b) => b - a));
        }
        // The first few rows (the mapped ones, the likeliest): the same number on both screens.
        for (const row of rows.slice(0, 6)) {
          expect(row.pricewatchId).toBe(pricewatchId);
          expect(row.merchantRecordId).toBe(row.id);
          const forward = await forwardRow(k.merchantApi, row.id, pricewatchId);
          expect(forward, `${k.kind}: ${pricewatchId} on the list of ${row.id}`).toBeDefined();
          expect(row.match, `${k.kind}: ${row.id} on ${pricewatchId}`).toBe(forward?.match);
          expect(row.distanceKm ?? null).toBe(forward?.distanceKm ?? null);
        }
      }
    },
  );
});

describe('Belfast City and Belfast International', () => {
  it('finds each airport’s merchant record first on its list, not tied with the other’s', async () => {
    const { rows: places } = await db.query<{ city: number; international: number }>(
      `SELECT (SELECT id FROM pricewatch_locations WHERE name = 'George Best Belfast City Airport') AS city,
              (SELECT id FROM pricewatch_locations WHERE name = 'Belfast International Airport') AS international`,
    );
    const { city, international } = places[0] ?? { city: 0, international: 0 };
    expect(city).toBeGreaterThan(0);
    expect(international).toBeGreaterThan(0);
    // A feed of its own that writes both as a person would, with no code or coordinates to help:
    // the old folded-name score read both as "belfast" and scored them alike on either list.
    const { rows: feed } = await db.query<{ id: number }>(
      `INSERT INTO merchants (name, code) VALUES ('Reverse list test feed', 'REVT') RETURNING id`,
    );
    const { rows: records } = await db.query<{ id: number; name: string }>(
      `INSERT INTO merchant_locations (merchant_id, external_code, name, location_kind, country_code)
       VALUES ($1, 'REVT-BHD', 'Belfast City Airport', 'Airport', 'GB'),
              ($1, 'REVT-BFS', 'Belfast International Airport', 'Airport', 'GB')
       RETURNING id, name`,
      [feed[0]?.id],
    );
    const cityRecord = records.find((r) => r.name === 'Belfast City Airport')?.id ?? 0;
    const internationalRecord = records.find((r) => r.name === 'Belfast International Airport')?.id ?? 0;
    const feedOnly = { operation: 'eq', name: 'merchantName', type: 'text', value: 'Reverse list test feed' };

    for (const [place, own, other] of [
      [city, cityRecord, internationalRecord],
      [international, internationalRecord, cityRecord],
    ] as const) {
      const feedRows = await listRows<ReverseRow>('/api/maplocations', place, 20, feedOnly);
      expect(feedRows[0]?.id, `first of the feed on ${place}`).toBe(own);
      const ownRow = feedRows.find((r) => r.id === own);
      const otherRow = feedRows.find((r) => r.id === other);
      expect(ownRow?.match ?? 0).toBeGreaterThanOrEqual((otherRow?.match ?? 0) + 50);
      // And the same Match % as the merchant record's own list gives the place.
      expect(ownRow?.match).toBe((await forwardRow('/api/mapMerchantLocations', own, place))?.match);
      // On the whole list, ahead of the other airport's record.
      const all = await listRows<ReverseRow>('/api/maplocations', place, 1000);
      const rankOf = (id: number) => all.find((r) => r.id === id)?.rank ?? Number.POSITIVE_INFINITY;
      expect(rankOf(own)).toBeLessThan(rankOf(other));
    }
  });

  it('lists only records whose own list holds the place: a disabled place keeps only its mapped records', async () => {
    const { rows } = await db.query<{ id: number }>(
      `SELECT p.id FROM pricewatch_locations p
        WHERE p.location_type_id = 5 AND EXISTS (SELECT 1 FROM merchant_locations m WHERE m.mapped_id = p.id)
        ORDER BY p.id LIMIT 1`,
    );
    const place = rows[0]?.id ?? 0;
    const before = await listRows<ReverseRow>('/api/maplocations', place, 1000);
    expect(before.some((r) => !r.isMapped)).toBe(true);
    await db.query('UPDATE pricewatch_locations SET enabled = false WHERE id = $1', [place]);
    try {
      const after = await listRows<ReverseRow>('/api/maplocations', place, 1000);
      expect(after.length).toBeGreaterThan(0);
      expect(after.every((r) => r.isMapped)).toBe(true);
    } finally {
      await db.query('UPDATE pricewatch_locations SET enabled = true WHERE id = $1', [place]);
    }
  });
});
