/**
 * The location-mapping evaluation the bench prints (location-eval.ts), run on a slice of each of
 * its independent airport lists so the code cannot rot. It checks what the evaluation finds (ground
 * truth, records, lists), never how well the ranker does: that is the bench's to report.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { describeFigures } from './eval-scoring.ts';
import {
  asListed,
  describeMisses,
  EVAL_SOURCES,
  evaluateLocations,
  noisy,
  readEvalAirports,
  removeEvalRecords,
  sliceOf,
} from './location-eval.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

describe('the independent airport lists', () => {
  it('spell the airports they share their own way', () => {
    const [first, second] = EVAL_SOURCES.map(
      (source) => new Map(readEvalAirports(source).map((a) => [a.iata, a])),
    );
    const shared = [...(first?.keys() ?? [])].filter((iata) => second?.has(iata));
    expect(shared.length).toBeGreaterThan(1000);
    const spelt = shared.filter((iata) => first?.get(iata)?.name !== second?.get(iata)?.name);
    expect(spelt.length).toBeGreaterThan(0.5 * shared.length);
  });
});

describe.each(EVAL_SOURCES)('location mapping evaluation on %s', (source) => {
  const airports = sliceOf(readEvalAirports(source), 60);

  it('reads the independent list: codes unique, countries as ISO codes', () => {
    const all = readEvalAirports(source);
    expect(all.length).toBeGreaterThan(1000);
    expect(new Set(all.map((a) => a.iata)).size).toBe(all.length);
    expect(all.every((a) => /^[A-Z]{3}$/.test(a.iata) && /^[A-Z]{2}$/.test(a.country) && a.name !== '')).toBe(
      true,
    );
    expect(airports.length).toBeGreaterThan(40);
  });

  it('spells the same airports the same way on every run, each with some noise', () => {
    const once = noisy(airports);
    expect(noisy(airports)).toEqual(once);
    expect(once.every((c) => c.noise.length > 0)).toBe(true);
    const changed = once.filter((c, i) => c.name !== airports[i]?.name || c.countryCode === null);
    expect(changed.length).toBeGreaterThanOrEqual(0.9 * once.length);
    for (const kind of ['abbreviation', 'typo', 'transliteration', 'no country'] as const) {
      expect(
        once.some((c) => c.noise.includes(kind)),
        kind,
      ).toBe(true);
    }
  });

  it('creates the merchant airports, finds the ground truth of those the catalogue has, and reads each map list', async () => {
    const { rows } = await database.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pricewatch_locations WHERE location_type_id = 5 AND iata_code = ANY ($1)',
      [airports.map((a) => a.iata)],
    );
    const inCatalogue = rows[0]?.n ?? 0;
    // About four in five have a counterpart, and some have none.
    expect(inCatalogue).toBeGreaterThan(0.6 * airports.length);
    expect(inCatalogue).toBeLessThan(airports.length);

    for (const cases of [asListed(airports), noisy(airports)]) {
      const e = await evaluateLocations(database.db, cases);
      expect(e.records).toBe(airports.length);
      expect(e.withTruth).toBe(inCatalogue);
      expect(new Set(e.outcomes.map((o) => o.merchantRecordId)).size).toBe(airports.length);
      for (const o of e.outcomes) {
        if (o.truthRank !== null) expect(o.truthRank).toBeLessThanOrEqual(o.listed);
        if (o.listed > 0) expect(o.topId).not.toBeNull();
      }
      expect(e.top1).toBeLessThanOrEqual(e.top5);
      expect(e.acceptedRight).toBeLessThanOrEqual(e.accepted);
      const d = describeFigures(e);
      expect(d.top1).toBeGreaterThanOrEqual(0);
      expect(d.top5).toBeLessThanOrEqual(1);
      expect(d.summary).toMatch(/^top-1 /);
      // The misses of the pass read back, at most as many as asked for, one a line.
      const misses = await describeMisses(database.db, e, 3);
      expect(misses.split('\n').filter((l) => l !== '').length).toBeLessThanOrEqual(3);
    }
    // The records were created as merchant locations of their own merchant, and go again.
    const created = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM merchant_locations m JOIN merchants mc ON mc.id = m.merchant_id WHERE mc.code = 'EVAL'`,
    );
    expect(created.rows[0]?.n).toBe(airports.length);
    await removeEvalRecords(database.db);
    const left = await database.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM merchant_locations m JOIN merchants mc ON mc.id = m.merchant_id WHERE mc.code = 'EVAL'`,
    );
    expect(left.rows[0]?.n).toBe(0);
  });
});
