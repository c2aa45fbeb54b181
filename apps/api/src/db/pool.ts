/** The shared connection pool and the small query helpers route modules use. */
import pg from 'pg';

// bigint (count, bigserial ids) and numeric (prices) as JS numbers: ids stay below 2^53 and prices
// fit a double; the grid needs numbers, not strings.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));
// A calendar date stays the text PostgreSQL sends ('2026-06-01'): as a JavaScript Date it would be
// local midnight, and on the wire the day before wherever the server runs east of UTC.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);

export type Db = pg.Pool;
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * The application name every pool connection reports (pg_stat_activity): the database tool shows
 * these backends' statement text to its viewers, whose values travel as parameters.
 */
export const APPLICATION_NAME = 'bm-tools';

/** How long a request waits for a connection (a free one, or a new one) before it gets a 503. */
const CONNECT_TIMEOUT_MS = 5000;

/** How long one statement of a request may run before PostgreSQL cancels it. */
const STATEMENT_TIMEOUT_MS = 30_000;

/**
 * `statementTimeoutMs` 0 lifts the limit: only for batch work run by an operator (seeding millions
 * of rows), never for a pool that serves requests.
 */
export function createPool(
  connectionString: string,
  max: number,
  { statementTimeoutMs = STATEMENT_TIMEOUT_MS }: { statementTimeoutMs?: number } = {},
): Db {
  const pool = new pg.Pool({
    connectionString,
    max,
    application_name: APPLICATION_NAME,
    // Dates without a zone mean UTC; no statement may hold a connection for ever. No JIT: compiling
    // a plan whose estimated cost passes jit_above_cost took 470 ms for a dashboard's aggregate that
    // runs in 110 ms (an index-only scan of 237,000 log rows); a console's statements are short.
    options: `-c TimeZone=UTC -c statement_timeout=${statementTimeoutMs} -c jit=off`,
    // During an outage a request fails fast (503) instead of queueing until the database returns.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
  });
  // A client losing its connection (server restart, pg_terminate_backend) emits 'error'. pg-pool
  // listens only while the client is idle; a checked-out client (a transaction in progress) had
  // no listener, and an unhandled 'error' event ends the process. Every client gets a listener
  // for its whole life: the query in progress fails on its own, and a broken client is discarded
  // on release because it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => {});
  });
  pool.on('error', () => {});
  return pool;
}

/** Runs `work` in one transaction on one client, rolling back on any error. */
export async function withTransaction<T>(db: Db, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await db.connect();
  let result: T;
  try {
    await client.query('BEGIN');
    result = await work(client);
    await client.query('COMMIT');
  } catch (error) {
    // A failed ROLLBACK means the connection is broken: release it with the error so the pool drops it.
    const broken = await client.query('ROLLBACK').then(
      () => undefined,
      (rollbackError: unknown) =>
        rollbackError instanceof Error ? rollbackError : new Error(String(rollbackError)),
    );
    client.release(broken);
    throw error;
  }
  client.release();
  return result;
}
