/**
 * The share of the full demo a test database holds: its reservations over DEFAULT_RESERVATIONS.
 * The tests' template is seeded with a tenth of the demo (TEST_RESERVATIONS), and most of the
 * demo's other records grow with the reservations, so a test of the demo's volumes scales its
 * expectations by this share instead of assuming one seed size.
 */
import type pg from 'pg';
import { DEFAULT_RESERVATIONS } from '../src/seed/seed-demo.ts';

export async function demoShare(db: pg.Pool | pg.PoolClient | pg.Client): Promise<number> {
  const { rows } = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM reservations');
  return (rows[0]?.n ?? 0) / DEFAULT_RESERVATIONS;
}
