/** Rights and menu endpoints against the same SQL run directly. */
import pg from 'pg';
import type { BenchEnv } from './bench-setup.ts';
import { compare, getJson } from './time-it.ts';

const RIGHTS_SQL = 'SELECT right_name FROM user_rights WHERE email = $1 ORDER BY right_name';

export async function platformBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const headers = env.headers;
  const direct = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  await compare(
    'GET /api/userRights vs its SQL run directly',
    rounds,
    () => getJson(`${env.base}/api/userRights`, headers),
    () => direct.query(RIGHTS_SQL, ['admin@bmtools.local']),
  );
  await compare(
    'GET /api/menu/json/1 vs rights + menu SQL run directly',
    rounds,
    () => getJson(`${env.base}/api/menu/json/1`, headers),
    async () => {
      await direct.query(RIGHTS_SQL, ['admin@bmtools.local']);
      await direct.query('SELECT id, name, content FROM menus WHERE id = 1');
    },
  );
  await direct.end();
}
