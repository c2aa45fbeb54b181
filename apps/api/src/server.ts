/**
 * Starts the whole product: the database (embedded or DATABASE_URL), migrations, the catalogue,
 * the demo seed on an embedded database's first start, the identity provider and the HTTP server;
 * and stops it gracefully: in-flight requests finish (or, after SHUTDOWN_GRACE_MS, get 503), the
 * database closes last. Every way out (close, a failed start, an abort during the start) stops
 * the embedded PostgreSQL (docs/adr/0007-database-faults.md).
 */
import type { FastifyInstance } from 'fastify';
import { mapQueueScreenOf } from '../catalog/map-lists.ts';
import { buildApp } from './app.ts';
import { localTokenVerifier, remoteTokenVerifier, type TokenVerifier } from './auth/token-verifier.ts';
import { loadEntityRegistry } from './catalog/entity-registry.ts';
import { syncCatalog } from './catalog/sync-catalog.ts';
import { type AppConfig, issuerOf } from './config.ts';
import { embeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Db } from './db/pool.ts';
import { createReadRouter, type ReadRouter } from './db/read-replicas.ts';
import { type ExportJobs, startExportJobs } from './exports/export-jobs.ts';
import { type FileStores, openFileStores } from './files/file-stores.ts';
import { type AutoMapJobs, startAutoMapJobs } from './mapping/auto-map-jobs.ts';
import { createProvider } from './oidc/create-provider.ts';
import { loadProviderSecrets, publicJwk } from './oidc/secrets.ts';
import { SecretsKeyError, secretsKeysOf } from './oidc/secrets-key.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { activeDemoUsers } from './users/users.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  /** The export queue of this instance (sweeps and queueing from tests and tools). */
  exportJobs: ExportJobs;
  url: string;
  close(): Promise<void>;
}

export class StartupRefusedError extends Error {}

/** How long closing the pool may wait for connections still checked out before the database stops anyway. */
const POOL_END_MS = 2000;

/**
 * Connections of the job queue's own pool (DATABASE_DIRECT_URL): each worker loop's fetch, the
 * supervisor's maintenance and sends hold one for a statement or two at a time.
 */
const QUEUE_POOL_SIZE = 4;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());

/**
 * The embedded database of this start, whose start the caller has already begun: main.ts begins
 * it before it loads the rest of the server, so PostgreSQL comes up while the code loads.
 */
export interface StartingEmbedded {
  database: ReturnType<typeof embeddedDatabase>;
  started: Promise<void>;
}

export async function startServer(
  config: AppConfig,
  log: (msg: string) => void = console.log,
  options: { signal?: AbortSignal; embedded?: StartingEmbedded } = {},
): Promise<RunningServer> {
  const embedded = config.databaseUrl
    ? undefined
    : (options.embedded?.database ?? embeddedDatabase(config.dataDir, config.embeddedPgPort, log));
  let db: Db | undefined;
  /** The job queue's pool on DATABASE_DIRECT_URL, when that differs from DATABASE_URL. */
  let queueDb: Db | undefined;
  /** Where reads go: the primary, or the replicas of DATABASE_READ_URLS (docs/adr/0032-read-replicas.md). */
  let reads: ReadRouter | undefined;
  let jobs: ExportJobs | undefined;
  let autoMap: AutoMapJobs | undefined;
  let stores: FileStores | undefined;
  let stopping: Promise<void> | undefined;
  const stopDatabase = () => {
    stopping ??= (async () => {
      // Running exports go back to the queue for another instance before the pool closes.
      await jobs?.stop().catch((error: unknown) => log(`export queue did not stop: ${String(error)}`));
      await autoMap?.stop().catch((error: unknown) => log(`auto-map queue did not stop: ${String(error)}`));
      stores?.close();
      if (reads) await Promise.race([reads.close(), delay(POOL_END_MS)]);
      // A request stuck on a connection must not keep the database running: the wait is bounded.
      if (db) await Promise.race([db.end().catch(() => {}), delay(POOL_END_MS)]);
      if (queueDb) await Promise.race([queueDb.end().catch(() => {}), delay(POOL_END_MS)]);
      await embedded
        ?.stop()
        .catch((error: unknown) => log(`embedded PostgreSQL did not stop: ${String(error)}`));
    })();
    return stopping;
  };
  // A shutdown asked for during the start stops the database at once; the start then fails.
  const onAbort = () => void stopDatabase();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  try {
    let databaseUrl = config.databaseUrl;
    if (embedded) {
      await (options.embedded?.started ?? embedded.start());
      databaseUrl = embedded.url;
      log(`embedded PostgreSQL ${embedded.created ? 'created' : 'started'} under ${config.dataDir}`);
    }
    if (!databaseUrl || options.signal?.aborted) throw new Error('The start was stopped');
    db = createPool(databaseUrl, config.databasePoolSize);
    // DATABASE_URL may be a pooler in transaction mode: the migrations (a session-level advisory
    // lock) and the job queue go straight to the primary (DATABASE_DIRECT_URL), as does the
    // notification LISTEN connection (app.ts).
    const directUrl = config.databaseDirectUrl ?? databaseUrl;
    if (directUrl !== databaseUrl) queueDb = createPool(directUrl, QUEUE_POOL_SIZE);
    await migrate(directUrl);
    if (embedded?.created) await seedDemo(db);
    else await syncCatalog(db);

    const demo = await activeDemoUsers(db);
    if (config.production && demo.length > 0 && !config.allowDemoUsers) {
      throw new StartupRefusedError(
        `Refusing to start in production with demo accounts (${demo.join(', ')}). ` +
          'Disable them with `npm run users -- disable <email>`, or set ALLOW_DEMO_USERS=true.',
      );
    }

    let verify: TokenVerifier;
    let provider: ReturnType<typeof createProvider> | undefined;
    if (config.externalAuthority) {
      verify = await remoteTokenVerifier(config);
    } else {
      // A key that does not open the stored keys refuses the start, naming what to set.
      const secrets = await loadProviderSecrets(db, await secretsKeysOf(config, log), log).catch(
        (error: unknown) => {
          throw error instanceof SecretsKeyError ? new StartupRefusedError(error.message) : error;
        },
      );
      provider = createProvider(db, config, secrets);
      verify = localTokenVerifier([publicJwk(secrets.signingKey)], issuerOf(config), config.audience);
    }

    const registry = await loadEntityRegistry(db);
    reads = await createReadRouter({
      primary: db,
      urls: config.readReplicas.urls,
      maxLagMs: config.readReplicas.maxLagMs,
      poolSize: config.databasePoolSize,
      log,
    });
    if (reads.replicated)
      log(`reads on ${config.readReplicas.urls.length} replica(s) when they have the reader's writes`);
    // Uploaded files and finished exports: the local folders, or the bucket of STORAGE_URL.
    stores = await openFileStores(config);
    if (config.objectStorage) log(`stored files in ${stores.where}`);
    jobs = await startExportJobs({
      db,
      reads,
      queueDb,
      store: stores.exports,
      registry,
      workers: config.exports.workers,
      retentionHours: config.exports.retentionHours,
      jobTimeoutMinutes: config.exports.jobTimeoutMinutes,
      leaseSeconds: config.exports.leaseSeconds,
      sweepSeconds: config.exports.sweepSeconds,
      log: {
        info: log,
        warn: (obj, msg) => log(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`),
        error: (obj, msg) => log(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`),
      },
    });
    // An instance that runs exports also runs auto-map runs (the same EXPORT_WORKERS switch).
    autoMap = await startAutoMapJobs({
      db,
      queueDb,
      workers: config.exports.workers > 0 ? 1 : 0,
      screenOf: mapQueueScreenOf,
      log: {
        info: log,
        warn: (obj, msg) => log(`${msg}: ${String((obj as { err?: unknown }).err ?? '')}`),
      },
    });
    const app = await buildApp({
      autoMap,
      exports: { jobs, store: stores.exports },
      uploads: stores.uploads,
      config,
      db,
      reads,
      verify,
      provider,
      registry,
      databaseUnavailable: embedded && (() => embedded.unavailableReason()),
    });
    const url = await app.listen({ port: config.port, host: config.host });
    if (options.signal?.aborted) {
      await app.close();
      throw new Error('The start was stopped');
    }
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        // New requests are refused at once; running ones get the grace period to finish.
        const closed = app.close();
        const inTime = await Promise.race([
          closed.then(() => true),
          delay(config.shutdownGraceMs).then(() => false),
        ]);
        if (!inTime) {
          const answered = await app.answerInFlight(
            'The server is shutting down. Try again in a few seconds.',
            POOL_END_MS,
          );
          log(
            `shutdown: ${answered} request(s) still running after ${config.shutdownGraceMs} ms were answered with 503`,
          );
          app.server.closeAllConnections();
          await Promise.race([closed, delay(POOL_END_MS)]);
        }
        await stopDatabase();
      })();
      return closing;
    };
    return { app, db, exportJobs: jobs, url, close };
  } catch (error) {
    await stopDatabase();
    throw error;
  } finally {
    options.signal?.removeEventListener('abort', onAbort);
  }
}
