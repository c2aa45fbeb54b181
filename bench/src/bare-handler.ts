/**
 * The comparison point: a bare HTTP handler that runs a given SQL through `pg` and answers JSON,
 * with no auth, parsing or validation. Our endpoint is measured against it, side by side.
 */
import { createServer, type Server } from 'node:http';
import type { SqlQuery } from '../../apps/api/src/criteria/plan-sql.ts';
import { createPool } from '../../apps/api/src/db/pool.ts';

export interface BareHandler {
  url: string;
  close(): Promise<void>;
}

export async function startBareHandler(
  databaseUrl: string,
  queries: Map<string, SqlQuery>,
): Promise<BareHandler> {
  const pool = createPool(databaseUrl, 10);
  const server: Server = createServer(async (req, res) => {
    const sql = queries.get(req.url ?? '');
    if (!sql) {
      res.writeHead(404).end();
      return;
    }
    const { rows } = await pool.query(sql.text, sql.values);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: rows }));
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
