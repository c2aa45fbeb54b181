/**
 * One template database for every phase of a test run (`npm test`, `npm run test:area`): made on the
 * server at TEST_DATABASE_URL, migrated and seeded with the tests' demo once (the seed CLI,
 * --test-demo), then cloned by the Vitest files and by the browser run's workers
 * (TEST_TEMPLATE_DATABASE, set here), instead of each phase seeding its own. Without
 * TEST_DATABASE_URL each phase starts an embedded PostgreSQL and seeds its own template.
 *
 * `run(command, args, env, output)` runs the seed CLI (scripts/test.mjs's runner); `output` collects
 * its output when given; `cleanups` receives the drop of the template, for the run's end.
 * Resolves to the seed's exit code.
 */
import process from 'node:process';
import pg from 'pg';

export async function makeRunTemplate({ run, output, cleanups }) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  const name = `bm_tpl_npmtest_${process.pid}`;
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  // A run killed before its cleanup leaves its template: drop the ones whose runner is gone.
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  const { rows } = await client.query(
    "SELECT datname FROM pg_database WHERE datname LIKE 'bm\\_tpl\\_npmtest\\_%'",
  );
  await client.end();
  for (const { datname } of rows) {
    const pid = Number(datname.split('_').at(-1));
    let alive = false;
    try {
      process.kill(pid, 0);
      alive = true;
    } catch (error) {
      alive = error.code === 'EPERM';
    }
    if (!alive) await admin(`DROP DATABASE IF EXISTS ${datname} WITH (FORCE)`);
  }
  await admin(`CREATE DATABASE ${name}`);
  cleanups.push(() => admin(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
  const env = { NODE_ENV: 'test', DATABASE_URL: url.toString(), DATA_DIR: null, EMBEDDED_PG_PORT: null };
  const code = await run(
    process.execPath,
    ['--import', 'tsx', 'apps/api/src/cli/seed.ts', '--test-demo'],
    env,
    output,
  );
  if (code !== 0) return code;
  // Cloned, never connected to: CREATE DATABASE … TEMPLATE refuses a template with connections.
  await admin(`ALTER DATABASE ${name} WITH ALLOW_CONNECTIONS false`);
  process.env.TEST_TEMPLATE_DATABASE = name;
  return 0;
}
