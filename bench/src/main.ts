/**
 * `npm run bench`: measures our endpoints against the same SQL run directly, side by side in one
 * run, and prints ratios (ours ÷ direct). Uses BENCH_DATABASE_URL's server when set, else an embedded
 * PostgreSQL under .tmp/bench. Not a test: it asserts nothing.
 */
import { rmSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { loadConfig } from '../../apps/api/src/config.ts';
import { startEmbeddedDatabase } from '../../apps/api/src/db/embedded.ts';
import { startServer } from '../../apps/api/src/server.ts';
import { signIn } from '../../apps/api/test/sign-in.ts';
import { timeIt } from './time-it.ts';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 400);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const a = s.address();
      s.close(() => resolve(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

const dir = path.resolve(import.meta.dirname, '../../.tmp/bench');
rmSync(dir, { recursive: true, force: true });
let databaseUrl = process.env.BENCH_DATABASE_URL;
const embedded = databaseUrl
  ? undefined
  : await startEmbeddedDatabase(path.join(dir, 'db'), await freePort());
const admin = new pg.Client({ connectionString: databaseUrl ?? embedded?.url });
await admin.connect();
const dbName = `bm_bench_${process.pid}`;
await admin.query(`CREATE DATABASE ${dbName}`);
const url = new URL(databaseUrl ?? (embedded?.url as string));
url.pathname = `/${dbName}`;
databaseUrl = url.toString();

const port = await freePort();
const config = loadConfig({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATABASE_URL: databaseUrl,
  LOG_LEVEL: 'silent',
});
const server = await startServer(config, () => {});
const { seedDemo } = await import('../../apps/api/src/seed/seed-demo.ts');
await seedDemo(server.db);
const base = `http://localhost:${port}`;
const { accessToken } = await signIn(base, 'admin@bmtools.local', 'admin');
const headers = { authorization: `Bearer ${accessToken}` };

const RIGHTS_SQL = `SELECT DISTINCT r.name FROM users u JOIN user_roles ur ON ur.user_id = u.id
  JOIN role_rights rr ON rr.role_id = ur.role_id JOIN rights r ON r.id = rr.right_id
  WHERE u.email = $1 AND NOT u.disabled ORDER BY r.name`;
const direct = new pg.Pool({ connectionString: databaseUrl, max: 1 });

const results = [
  {
    name: 'GET /api/userRights vs rights SQL',
    ours: await timeIt(ROUNDS, () => fetch(`${base}/api/userRights`, { headers }).then((r) => r.json())),
    direct: await timeIt(ROUNDS, () => direct.query(RIGHTS_SQL, ['admin@bmtools.local'])),
  },
  {
    name: 'GET /api/menu/json/1 vs rights + menu SQL',
    ours: await timeIt(ROUNDS, () => fetch(`${base}/api/menu/json/1`, { headers }).then((r) => r.json())),
    direct: await timeIt(ROUNDS, async () => {
      await direct.query(RIGHTS_SQL, ['admin@bmtools.local']);
      await direct.query('SELECT id, name, content FROM menus WHERE id = 1');
    }),
  },
];

console.log(`rounds: ${ROUNDS} (sequential, one connection for direct SQL)`);
for (const r of results) {
  console.log(
    `${r.name}: ours p50 ${r.ours.p50.toFixed(2)} ms, direct p50 ${r.direct.p50.toFixed(2)} ms, ratio ${(r.ours.p50 / r.direct.p50).toFixed(2)}x`,
  );
}

await direct.end();
await server.close();
await admin.query(`DROP DATABASE ${dbName} WITH (FORCE)`);
await admin.end();
await embedded?.stop();
rmSync(dir, { recursive: true, force: true });
