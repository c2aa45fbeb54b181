/** Direct reads and writes of the worker's own database (E2E_DATABASE_URL, set by support/test.ts). */
import pg from 'pg';

/** A connection of its own to the e2e database; the caller ends it. */
async function connect(): Promise<pg.Client> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: use the `test` of support/test.ts');
  const client = new pg.Client({ connectionString });
  await client.connect();
  return client;
}

export async function query<Row extends pg.QueryResultRow>(
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = await connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
