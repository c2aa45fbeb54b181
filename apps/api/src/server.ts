/**
 * Starts the whole product: the database (embedded or DATABASE_URL), migrations, the catalogue,
 * the demo seed on an embedded database's first start, the identity provider and the HTTP server;
 * and stops it gracefully: in-flight requests finish, the database closes last.
 */
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app.ts';
import { localTokenVerifier, remoteTokenVerifier, type TokenVerifier } from './auth/token-verifier.ts';
import { loadEntityRegistry } from './catalog/entity-registry.ts';
import { syncCatalog } from './catalog/sync-catalog.ts';
import { type AppConfig, issuerOf } from './config.ts';
import { type EmbeddedDatabase, startEmbeddedDatabase } from './db/embedded.ts';
import { migrate } from './db/migrate.ts';
import { createPool, type Db } from './db/pool.ts';
import { createProvider } from './oidc/create-provider.ts';
import { loadProviderSecrets, publicJwk } from './oidc/secrets.ts';
import { seedDemo } from './seed/seed-demo.ts';
import { activeDemoUsers } from './users/users.ts';

export interface RunningServer {
  app: FastifyInstance;
  db: Db;
  url: string;
  close(): Promise<void>;
}

export class StartupRefusedError extends Error {}

export async function startServer(
  config: AppConfig,
  log: (msg: string) => void = console.log,
): Promise<RunningServer> {
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    embedded = await startEmbeddedDatabase(config.dataDir, config.embeddedPgPort);
    databaseUrl = embedded.url;
    log(`embedded PostgreSQL ${embedded.created ? 'created' : 'started'} under ${config.dataDir}`);
  }
  const db = createPool(databaseUrl, config.databasePoolSize);
  const stopDatabase = async () => {
    await db.end().catch(() => {});
    await embedded?.stop().catch(() => {});
  };
  try {
    await migrate(databaseUrl);
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
      const secrets = await loadProviderSecrets(db);
      provider = createProvider(db, config, secrets);
      verify = localTokenVerifier([publicJwk(secrets.signingKey)], issuerOf(config), config.audience);
    }

    const registry = await loadEntityRegistry(db);
    const app = await buildApp({ config, db, verify, provider, registry });
    const url = await app.listen({ port: config.port, host: config.host });
    let closing: Promise<void> | undefined;
    const close = () => {
      closing ??= (async () => {
        await app.close();
        await stopDatabase();
      })();
      return closing;
    };
    return { app, db, url, close };
  } catch (error) {
    await stopDatabase();
    throw error;
  }
}
