/** The shared connection pool and the small query helpers route modules use. */
import pg from 'pg';

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

export function createPool(connectionString: string, max: number): Db {
  const pool = new pg.Pool({ connectionString, max, application_name: 'bm-tools' });
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
