/** The shared connection pool and the small query helpers route modules use. */
import pg from 'pg';

// bigint (count, bigserial ids) and numeric (prices) as JS numbers: ids stay below 2^53 and prices
// fit a double; the grid needs numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, max: number): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: 'bm-tools',
    // Dates without a zone mean UTC; no statement may hold a connection for ever.
    options: '-c TimeZone=UTC -c statement_timeout=30000',
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** Runs `work` in one transaction on one client, rolling back on any error. */
export async function withTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    const result = await work(client);
    await client.query('COMMIT');
    return result;
  } catch (error) {
    await client.query('ROLLBACK').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}
