/** Applies the versioned SQL migrations in `apps/api/db/migrations` (node-pg-migrate). */
import path from 'node:path';
import { runner } from 'node-pg-migrate';

const MIGRATIONS_DIR = path.resolve(import.meta.dirname, '../../db/migrations');

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl,
    dir: MIGRATIONS_DIR,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    count: Number.POSITIVE_INFINITY,
    singleTransaction: true,
    // Several instances may start at once: they wait for the one holding the lock.
    advisoryLockMode: 'wait',
    log,
  });
}
