/** Direct reads of the e2e database (E2E_DATABASE_URL, set by the global setup). */
import pg from 'pg';

/** A connection of its own to the e2e database; the caller ends it. */
export async function connect(): Promise<pg.Client> {
  const connectionString = process.env.E2E_DATABASE_URL;
  if (!connectionString) throw new Error('E2E_DATABASE_URL is not set: the global setup did not run');
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
