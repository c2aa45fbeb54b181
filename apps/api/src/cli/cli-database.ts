/** Opens the configured database (starting the embedded one if needed), migrated, for a CLI command. */
import { syncCatalog } from '../catalog/sync-catalog.ts';
import type { AppConfig } from '../config.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from '../db/embedded.ts';
import { migrate } from '../db/migrate.ts';
import { createPool, type Db } from '../db/pool.ts';
import { seedDemo } from '../seed/seed-demo.ts';

export async function withCliDatabase(config: AppConfig, work: (db: Db) => Promise<void>): Promise<void> {
  let failed = false;
  let embedded: EmbeddedDatabase | undefined;
  // The primary itself (DATABASE_DIRECT_URL) when the pools go through a pooler: the migrations'
  // lock and an operator's unlimited statements need a session of their own.
  let url = config.databaseDirectUrl ?? config.databaseUrl;
  if (!url) {
    // Lines about the embedded server (a left-over postmaster stopped, a restart) go to stderr.
    embedded = await startEmbeddedDatabase(config.dataDir, config.embeddedPgPort, (line) =>
      console.error(line),
    );
    url = embedded.url;
  }
  // An operator's command (seeding millions of rows) may run long statements.
  const db = createPool(url, 2, { statementTimeoutMs: 0 });
  try {
    await migrate(url);
    // A CLI run that creates the embedded database seeds it, exactly as the first `npm start` would.
    if (embedded?.created) await seedDemo(db);
    else await syncCatalog(db);
    await work(db);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    failed = true;
  } finally {
    await db.end();
    await embedded?.stop();
  }
  // Exit explicitly once cleanup is done, with the outcome as the code.
  if (failed) process.exit(1);
}
