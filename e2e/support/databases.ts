/**
 * The databases of one run, all on one PostgreSQL server (E2E_ADMIN_DATABASE_URL, set by the global
 * setup: TEST_DATABASE_URL, or the PostgreSQL the setup started): a template, migrated and seeded
 * once, and one copy of it per worker.
 */
import pg from 'pg';

/** The URL of database `name` on the server of `base`. */
export function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** The server every database of the run lives on, as the global setup chose it. */
export function adminDatabaseUrl(): string {
  const url = process.env.E2E_ADMIN_DATABASE_URL;
  if (!url) throw new Error('E2E_ADMIN_DATABASE_URL is not set: the global setup did not run');
  return url;
}

/** The demo-seeded database the workers copy; nothing connects to it once it is seeded. */
export const templateDatabase = (run: string): string => `bm_e2e_${run}_tpl`;
/** The database of worker slot `parallelIndex` (a worker that replaces a failed one gets it afresh). */
export const workerDatabase = (run: string, parallelIndex: number): string =>
  `bm_e2e_${run}_w${parallelIndex}`;
/** A LIKE pattern matching every database of the run, the template included. */
export const runDatabases = (run: string): string => `bm\\_e2e\\_${run}\\_%`;

/** One statement on the server's `postgres`-side connection (CREATE / DROP DATABASE and the like). */
export async function adminQuery<Row extends pg.QueryResultRow>(
  base: string,
  sql: string,
  params: unknown[] = [],
): Promise<Row[]> {
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  try {
    return (await client.query<Row>(sql, params)).rows;
  } finally {
    await client.end();
  }
}
