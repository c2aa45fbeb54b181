/**
 * One PostgreSQL server per test run: the one at TEST_DATABASE_URL when set, else an embedded one
 * started here. A template database is migrated and seeded once (the tests' demo, TEST_RESERVATIONS
 * reservations); each test file clones it (`createTestDatabase`), so files stay independent and fast.
 * `npm test` makes that template once for all its phases and names it in TEST_TEMPLATE_DATABASE
 * (scripts/test.mjs); then this run uses it as it is and leaves it for the next phase.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { seedDemo, TEST_RESERVATIONS } from '../src/seed/seed-demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    templateDatabase: string;
  }
}

export const withDatabase = (url: string, name: string): string => {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
};

export default async function setup(project: TestProject) {
  let embedded: EmbeddedDatabase | undefined;
  let adminUrl = process.env.TEST_DATABASE_URL;
  // One directory per run, so concurrent runs on one machine never share a cluster.
  const dir = path.resolve(import.meta.dirname, `../../../.tmp/test-pg-${process.pid}`);
  if (!adminUrl) {
    rmSync(dir, { recursive: true, force: true });
    embedded = await startEmbeddedDatabase(dir, 54000 + (process.pid % 1000));
    adminUrl = embedded.url;
  }
  const shared = process.env.TEST_DATABASE_URL ? process.env.TEST_TEMPLATE_DATABASE : undefined;
  if (shared !== undefined && !/^bm_tpl_\w+$/.test(shared)) {
    throw new Error(`TEST_TEMPLATE_DATABASE must be a bm_tpl_… database name, not ${shared}`);
  }
  const template = shared ?? `bm_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  if (!shared) {
    await admin.query(`DROP DATABASE IF EXISTS ${template}`);
    await admin.query(`CREATE DATABASE ${template}`);
    const templateUrl = withDatabase(adminUrl, template);
    await migrate(templateUrl);
    const pool = createPool(templateUrl, 2);
    await seedDemo(pool, { reservations: TEST_RESERVATIONS });
    await pool.end();
  }

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    // The run's clones (test-database.ts names them after the template), and its own template.
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [shared ? '' : template, `bm_t_${template.replace('bm_tpl_', '')}\\_%`],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (embedded) rmSync(dir, { recursive: true, force: true });
  };
}
