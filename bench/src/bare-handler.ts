/**
 * The comparison point: a bare `node:http` handler that runs a given SQL through `pg` and answers
 * JSON, with no auth, parsing or validation. Our endpoint is measured against it, side by side. A
 * route may run its SQL with some settings (`SET LOCAL …` in a transaction of its own), for a
 * baseline that turns an index off; and with `pageSize` it answers the list's shape (the page plus
 * `hasMore`, from the one extra row the SQL fetches).
 */
import { createServer, type Server } from 'node:http';
import type { SqlQuery } from '../../apps/api/src/criteria/plan-sql.ts';
import { createPool } from '../../apps/api/src/db/pool.ts';

export interface BareRoute {
  sql: SqlQuery;
  /** The list's page size: answer `{ data, paging: { hasMore } }` as the list does. */
  pageSize?: number;
  /** Settings for the statement's transaction, e.g. `enable_bitmapscan = off`. */
  settings?: readonly string[];
}

export interface BareHandler {
  url: string;
  close(): Promise<void>;
}

/** Our server's pool size (DATABASE_POOL_SIZE's default), so both arms have as many connections. */
const POOL_SIZE = 10;

export async function startBareHandler(
  databaseUrl: string,
  routes: Map<string, BareRoute>,
): Promise<BareHandler> {
  const pool = createPool(databaseUrl, POOL_SIZE);
  const run = async ({ sql, settings }: BareRoute): Promise<unknown[]> => {
    if (!settings?.length) return (await pool.query(sql.text, sql.values)).rows;
    const client = await pool.connect();
    try {
      await client.query('BEGIN');
      for (const setting of settings) await client.query(`SET LOCAL ${setting}`);
      const { rows } = await client.query(sql.text, sql.values);
      await client.query('COMMIT');
      return rows;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => {});
      throw error;
    } finally {
      client.release();
    }
  };
  const server: Server = createServer(async (req, res) => {
    const route = routes.get(req.url ?? '');
    if (!route) {
      res.writeHead(404).end();
      return;
    }
    try {
      const rows = await run(route);
      const body =
        route.pageSize === undefined
          ? { data: rows }
          : { data: rows.slice(0, route.pageSize), paging: { hasMore: rows.length > route.pageSize } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    } catch (error) {
      res.writeHead(500, { 'content-type': 'text/plain' }).end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: async () => {
      await new Promise((resolve) => server.close(resolve));
      await pool.end();
    },
  };
}
