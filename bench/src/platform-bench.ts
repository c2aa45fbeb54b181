/** Rights and menu endpoints against the same SQL run directly. */
import pg from 'pg';
import type { BenchEnv } from './bench-setup.ts';
import { compare } from './time-it.ts';

const RIGHTS_SQL = `SELECT DISTINCT r.name FROM users u JOIN user_roles ur ON ur.user_id = u.id
  JOIN role_rights rr ON rr.role_id = ur.role_id JOIN rights r ON r.id = rr.right_id
  WHERE u.email = $1 AND NOT u.disabled ORDER BY r.name`;

export async function platformBenchmarks(env: BenchEnv, rounds: number): Promise<void> {
  const headers = { authorization: `Bearer ${env.token}` };
  const direct = new pg.Pool({ connectionString: env.databaseUrl, max: 1 });
  await compare(
    'GET /api/userRights vs its SQL run directly',
    rounds,
    () => fetch(`${env.base}/api/userRights`, { headers }).then((r) => r.json()),
    () => direct.query(RIGHTS_SQL, ['admin@bmtools.local']),
  );
  await compare(
    'GET /api/menu/json/1 vs rights + menu SQL run directly',
    rounds,
    () => fetch(`${env.base}/api/menu/json/1`, { headers }).then((r) => r.json()),
    async () => {
      await direct.query(RIGHTS_SQL, ['admin@bmtools.local']);
      await direct.query('SELECT id, name, content FROM menus WHERE id = 1');
    },
  );
  await direct.end();
}
