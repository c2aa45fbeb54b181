/**
 * Applies the versioned SQL migrations (node-pg-migrate): the platform's in `apps/api/db/migrations`
 * and each area module's in `apps/api/areas/<area>/migrations`, as one history ordered by the
 * timestamp that starts every file name. A file keeps its name for ever once it has shipped (the
 * history records names), so an area's older migrations moved into its folder keep theirs.
 */
import path from 'node:path';
import { runner } from 'node-pg-migrate';

const API_DIR = path.resolve(import.meta.dirname, '../..');
/** Glob patterns with forward slashes, as the glob library wants them on every platform. */
const MIGRATION_GLOBS = ['db/migrations/*.sql', 'areas/*/migrations/*.sql'].map((p) =>
  path.posix.join(API_DIR.split(path.sep).join('/'), p),
);

export async function migrate(databaseUrl: string, log: (msg: string) => void = () => {}): Promise<void> {
  await runner({
    databaseUrl,
    dir: MIGRATION_GLOBS,
    useGlob: true,
    direction: 'up',
    migrationsTable: 'pgmigrations',
    count: Number.POSITIVE_INFINITY,
    singleTransaction: true,
    // Several instances may start at once: they wait for the one holding the lock.
    advisoryLockMode: 'wait',
    log,
  });
}
