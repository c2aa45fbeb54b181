/**
 * Applies the versioned SQL migrations (node-pg-migrate): the platform's in `apps/api/db/migrations`
 * and each area module's in `apps/api/areas/<area>/migrations`, as one history ordered by the
 * timestamp that starts every file name. A file keeps its name for ever once it has shipped (the
 * history records names), so an area's older migrations moved into its folder keep theirs; one
 * split into several is rewritten in the history of the databases that ran it (split-migrations.ts).
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { installAutoMapQueue } from './automap-queue.ts';
import { installExportQueue } from './export-queue.ts';
import { rewriteSplitHistory } from './split-migrations.ts';

const API_DIR = path.resolve(import.meta.dirname, '../..');
/** Glob patterns with forward slashes, as the glob library wants them on every platform. */
const MIGRATION_GLOBS = ['db/migrations/*.sql', 'areas/*/migrations/*.sql'].map((p) =>
  path.posix.join(API_DIR.split(path.sep).join('/'), p),
);

/** The names (file names without `.sql`) the globs above match, as the history records them. */
export function migrationNames(): string[] {
  const sqlIn = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith('.sql'))
          .map((f) => f.slice(0, -'.sql'.length))
      : [];
  const areas = path.join(API_DIR, 'areas');
  return [
    ...sqlIn(path.join(API_DIR, 'db/migrations')),
    ...readdirSync(areas, { withFileTypes: true })
      .filter((d) => d.isDirectory())
      .flatMap((d) => sqlIn(path.join(areas, d.name, 'migrations'))),
  ].sort();
}

/**
 * True when the history holds every migration there is, so there is nothing to run: the usual
 * start. Anything else (a new file, no history yet, a history that cannot be read) is left to the
 * runner, which takes the lock, applies what is pending and checks the order.
 */
async function upToDate(databaseUrl: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: databaseUrl });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query<{ name: string }>('SELECT name FROM pgmigrations');
    const applied = new Set(rows.map((r) => r.name));
    return migrationNames().every((name) => applied.has(name));
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  // Most starts find nothing to apply: one query answers that, without loading the runner.
  if (!(await upToDate(databaseUrl))) await run(databaseUrl, 'up', Number.POSITIVE_INFINITY, log);
  // The export queue's tables (pg-boss keeps its own versioned schema, `pgboss`): export-queue.ts.
  await installExportQueue(databaseUrl);
  await installAutoMapQueue(databaseUrl);
}

/**
 * Undoes every migration from `name` on, newest first, through their Down sections: the database
 * is then as the version before `name` left it (the upgrade tests start from there).
 */
export async function migrateDownTo(databaseUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM pgmigrations WHERE name >= $1',
      [name],
    );
    await run(databaseUrl, 'down', rows[0]?.n ?? 0, () => {});
  } finally {
    await client.end();
  }
}

async function run(
  databaseUrl: string,
  direction: 'up' | 'down',
  count: number,
  log: (msg: string) => void,
): Promise<void> {
  if (count === 0) return;
  // Our own client, so a connection cut mid-run (the database stopping during a start) fails the
  // run instead of raising an unhandled 'error' event that would end the process.
  const dbClient = new pg.Client({ connectionString: databaseUrl });
  dbClient.on('error', () => {});
  await dbClient.connect();
  try {
    // A database that ran a migration since split into several counts the new ones as run.
    await rewriteSplitHistory(dbClient);
    // Loaded only when there is something to run (see upToDate).
    const { runner } = await import('node-pg-migrate');
    await runner({
      dbClient,
      dir: MIGRATION_GLOBS,
      useGlob: true,
      direction,
      migrationsTable: 'pgmigrations',
      count,
      singleTransaction: true,
      // Several instances may start at once: they wait for the one holding the lock.
      advisoryLockMode: 'wait',
      log,
    });
  } finally {
    await dbClient.end().catch(() => {});
  }
}
