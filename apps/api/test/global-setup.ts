/**
 * One PostgreSQL server per test run: the one at TEST_DATABASE_URL when set, else an embedded one
 * started here. A template database is migrated and seeded once; each test file clones it
 * (`createTestDatabase`), so files stay independent and fast.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../src/db/embedded.ts';
import { migrate } from '../src/db/migrate.ts';
import { createPool } from '../src/db/pool.ts';
import { seedDemo } from '../src/seed/seed-demo.ts';

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
  const template = `bm_tpl_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${template}`);
  await admin.query(`CREATE DATABASE ${template}`);
  const templateUrl = withDatabase(adminUrl, template);
  await migrate(templateUrl);
  const pool = createPool(templateUrl, 2);
  await seedDemo(pool);
  await pool.end();

  project.provide('adminDatabaseUrl', adminUrl);
  project.provide('templateDatabase', template);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `SELECT datname FROM pg_database WHERE datname = $1 OR datname LIKE $2`,
      [template, `bm_t_${process.pid}_%`],
    );
    for (const row of rows) await admin.query(`DROP DATABASE IF EXISTS ${row.datname} WITH (FORCE)`);
    await admin.end();
    await embedded?.stop();
    if (embedded) rmSync(dir, { recursive: true, force: true });
  };
}
