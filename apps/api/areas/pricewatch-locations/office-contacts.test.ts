/**
 * The seeded offices' contacts agree with their country: every telephone number starts with the
 * country's calling code, and a downtown office in a country that writes the number after the
 * street (Germany, Denmark, the Netherlands…) has no street in the English-speaking form.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { callingCodeOf } from './office-contacts.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

interface OfficeRow {
  id: number;
  country: string;
  officeType: string;
  address: string;
  phone: string;
}

const offices = async (): Promise<OfficeRow[]> =>
  (
    await database.db.query<OfficeRow>(
      `SELECT o.id, c.code AS country, o.office_type AS "officeType", o.address, o.phone
         FROM pricewatch_offices o
         JOIN pricewatch_locations l ON l.id = o.location_id
         JOIN pricewatch_locations c ON c.id = l.country_id`,
    )
  ).rows;

describe('demo offices', () => {
  it("every phone number carries its country's calling code", async () => {
    const rows = await offices();
    expect(rows.length).toBeGreaterThan(100);
    const wrong = rows.filter((o) => {
      const code = callingCodeOf(o.country);
      return !code || !o.phone.startsWith(`+${code} `);
    });
    expect(wrong.slice(0, 5)).toEqual([]);
  });

  it('a downtown office where the number follows the street has no English-form street', async () => {
    const rows = (await offices()).filter(
      (o) => ['DE', 'DK', 'NL', 'AT', 'CH', 'SE', 'NO', 'PL'].includes(o.country) && o.officeType === 'city',
    );
    expect(rows.length).toBeGreaterThan(10);
    expect(rows.filter((o) => /^\d/.test(o.address)).slice(0, 5)).toEqual([]);
  });

  it('an airport desk is found at its airport, not at a street', async () => {
    const rows = (await offices()).filter((o) => o.officeType.startsWith('airport'));
    expect(rows.length).toBeGreaterThan(100);
    expect(rows.filter((o) => !/(Arrivals|arrivals)/.test(o.address)).slice(0, 5)).toEqual([]);
  });
});
