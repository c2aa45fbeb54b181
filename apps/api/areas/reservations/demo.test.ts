/**
 * The demo reservations read as a desk's would: customers in their thousands, each booking on a
 * route, dates and amount of its own, not one trip repeated under one name. Checked on the tests'
 * demo (2,000 reservations), which the full demo and the benchmark's tables extend row by row.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});

const one = async <T>(sql: string): Promise<T> => {
  const { rows } = await database.db.query(sql);
  return rows[0] as T;
};

describe('demo reservations', () => {
  it('are booked by well over a thousand customers, some of them more than once', async () => {
    const { customers, reservations, repeat } = await one<{
      customers: number;
      reservations: number;
      repeat: number;
    }>(
      `SELECT count(DISTINCT customer_email)::int AS customers, count(*)::int AS reservations,
              (SELECT count(*)::int FROM (SELECT 1 FROM reservations GROUP BY customer_email HAVING count(*) > 1) r) AS repeat
         FROM reservations`,
    );
    expect(customers).toBeGreaterThan(1000);
    expect(customers).toBeLessThan(reservations);
    expect(repeat).toBeGreaterThan(50);
  });

  it('no customer has more than a handful of bookings on one route', async () => {
    const { most } = await one<{ most: number }>(
      `SELECT max(n)::int AS most FROM (
         SELECT count(*) AS n FROM reservations GROUP BY customer_email, pickup_location, dropoff_location) r`,
    );
    expect(most).toBeLessThanOrEqual(5);
  });

  it('a name does not fix the route: the customers of one name travel from many places', async () => {
    const { fewest } = await one<{ fewest: number }>(
      `SELECT min(places)::int AS fewest FROM (
         SELECT count(DISTINCT pickup_location) AS places FROM reservations
          GROUP BY customer_name HAVING count(*) >= 4) r`,
    );
    expect(fewest).toBeGreaterThan(1);
  });

  it('most cars go back where they were taken, some one-way', async () => {
    const { roundTrip } = await one<{ roundTrip: number }>(
      `SELECT avg((pickup_location = dropoff_location)::int)::float8 AS "roundTrip" FROM reservations`,
    );
    expect(roundTrip).toBeGreaterThan(0.6);
    expect(roundTrip).toBeLessThan(0.95);
  });
});
