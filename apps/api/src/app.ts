/**
 * Builds the Fastify application from its parts. Nothing here touches process state (ports,
 * signals, the embedded database): `server.ts` does that, so tests build the same app.
 */
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  hasZodFastifySchemaValidationErrors,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import type Provider from 'oidc-provider';
import { accessControl } from './auth/access.ts';
import { sessionChecker } from './auth/sessions.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { EntityRegistry } from './catalog/entity-registry.ts';
import type { AppConfig } from './config.ts';
import { dashboardRoutes } from './dashboards/dashboard-routes.ts';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, RETRY_AFTER_SECONDS } from './db/db-errors.ts';
import type { Db } from './db/pool.ts';
import { type ReadRouter, readRouting } from './db/read-replicas.ts';
import type { ExportJobs } from './exports/export-jobs.ts';
import { exportRoutes } from './exports/export-routes.ts';
import { type FileStore, localFileStore } from './files/file-store.ts';
import { uploadRoutes } from './files/upload-routes.ts';
import { apiDocsCollector, apiDocsRoutes } from './http/api-docs.ts';
import { idempotency, replay, StoredAnswer } from './http/idempotency.ts';
import { inputGuard } from './http/input-guard.ts';
import { requestSerializer } from './http/log-redaction.ts';
import { loopbackHost } from './http/loopback-host.ts';
import { requestLimits } from './http/request-limits.ts';
import { securityHeaders } from './http/security-headers.ts';
import { spa } from './http/spa.ts';
import { journalRoutes } from './journal/journal-routes.ts';
import { writeContext } from './journal/write-context.ts';
import { listRoutes } from './lists/list-routes.ts';
import { lookupRoutes } from './lookups/lookup-routes.ts';
import type { AutoMapJobs } from './mapping/auto-map-jobs.ts';
import { autoMapRoutes } from './mapping/auto-map-routes.ts';
import { mapRoutes } from './mapping/map-routes.ts';
import { notificationHub } from './notifications/hub.ts';
import { notificationRoutes } from './notifications/notification-routes.ts';
import { oidcRoutes } from './oidc/oidc-routes.ts';
import { presetRoutes } from './presets/preset-routes.ts';
import { methodNotAllowedRoutes } from './records/method-not-allowed.ts';
import { recordRoutes } from './records/record-routes.ts';
import { menuRoutes } from './routes/menu-routes.ts';
import { platformRoutes } from './routes/platform-routes.ts';
import { toolRoutes } from './tools/tool-routes.ts';

export interface AppDeps {
  config: AppConfig;
  db: Db;
  /** Where list, lookup, map-list, export and search reads go (docs/adr/0032-read-replicas.md). */
  reads: ReadRouter;
  verify: TokenVerifier;
  registry: EntityRegistry;
  /** The built-in identity provider; absent when OIDC_AUTHORITY points elsewhere. */
  provider?: Provider | undefined;
  /** The export queue (absent: exports are refused with 503) and where finished files are kept. */
  exports?: { jobs: ExportJobs | undefined; store: FileStore } | undefined;
  /** Where uploaded files are kept (absent: the STORAGE_DIR folder). */
  uploads?: FileStore | undefined;
  /** Auto-map runs (mapping/auto-map-jobs.ts); without them the auto-map routes answer 503. */
  autoMap?: AutoMapJobs | undefined;
  /** Why the database is known to be unavailable (the embedded one restarting), for /healthz. */
  databaseUnavailable?: (() => string | undefined) | undefined;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie'],
      serializers: { req: requestSerializer },
    },
    // Only the configured proxies may set X-Forwarded-* (TRUST_PROXY; default nobody, ADR 0008).
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (_address: string, hop: number) => hop < (config.trustProxy as number)
        : config.trustProxy,
    bodyLimit: 1024 * 1024,
    // Keep-alive sockets that are idle close at shutdown; busy ones finish their request first.
    forceCloseConnections: 'idle',
    // Receiving a request (headers and body) must end within the request time limit too.
    requestTimeout: config.requestTimeoutMs,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  app.setErrorHandler((error, request, reply) => {
    // A write whose Idempotency-Key another request answered first: that answer, replayed.
    if (error instanceof StoredAnswer) return replay(reply, error.answer);
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: Record<string, string> = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
        errors[field || 'body'] = issue.message ?? 'Invalid value';
      }
      const fields = Object.keys(errors).join(', ');
      return reply.code(400).send({ message: `Invalid request: ${fields}`, errors });
    }
    // A connection cut, a restarting server or a pool that cannot connect: the request was fine,
    // the database was not. The caller may retry (docs/adr/0007-database-faults.md).
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable');
      return reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ message: DATABASE_UNAVAILABLE_MESSAGE });
    }
    const status = (error as { statusCode?: number }).statusCode ?? 500;
    if (status >= 500) request.log.error({ err: error }, 'request failed');
    const message = status >= 500 ? 'Internal server error' : (error as Error).message;
    const { errors, current } = error as { errors?: Record<string, string>; current?: unknown };
    return reply
      .code(status)
      .send({ message, ...(errors ? { errors } : {}), ...(current ? { current } : {}) });
  });

  await app.register(requestLimits, { timeoutMs: config.requestTimeoutMs });
  loopbackHost(app, config);
  await securityHeaders(app, config);
  inputGuard(app);
  // Routes state their own limits (config.rateLimit); without the plugin those are inert. A route
  // behind a token counts per signed-in account (staff in one office share one address behind NAT,
  // and one account must not use up the others' allowance); a public route (sign-in) per address.
  // The route's own onRequest hook runs after access control's, so the caller is known here.
  if (config.rateLimits) {
    await app.register(rateLimit, {
      global: false,
      keyGenerator: (request) =>
        request.caller ? `account:${request.caller.sub || request.caller.email}` : `address:${request.ip}`,
    });
  }
  await apiDocsCollector(app, config.apiDocs);

  // Whether a token's account is still active; shared so the hub's announcements clear its cache.
  const sessions = sessionChecker(db);
  // Before access control, so every later hook and handler runs in the request's write context.
  await app.register(writeContext);
  await app.register(accessControl, { db, verify: deps.verify, sessions });
  // After access control (keys are per account), before the routes (docs/adr/0031-idempotency-keys.md).
  await app.register(idempotency, { db });
  // After idempotency (whose onSend commits a held write): each write's WAL position, for read-your-writes.
  await app.register(readRouting, { reads: deps.reads });
  await apiDocsRoutes(app, config.apiDocs);
  await app.register(platformRoutes, { db, config, databaseUnavailable: deps.databaseUnavailable });
  await app.register(menuRoutes, { db });
  await app.register(presetRoutes, { db, config });
  await app.register(listRoutes, { reads: deps.reads, registry: deps.registry });
  await app.register(mapRoutes, { db, reads: deps.reads });
  await app.register(autoMapRoutes, { db, jobs: deps.autoMap });
  await app.register(recordRoutes, { db, registry: deps.registry, config });
  await app.register(journalRoutes, { db, registry: deps.registry });
  await app.register(dashboardRoutes, { db });
  await app.register(lookupRoutes, { reads: deps.reads, codeValidation: config.codeValidation });
  await app.register(uploadRoutes, { store: deps.uploads ?? localFileStore(config.storageDir) });
  await app.register(exportRoutes, {
    db,
    registry: deps.registry,
    jobs: deps.exports?.jobs,
    store: deps.exports?.store ?? localFileStore(config.exports.storageDir),
  });
  await app.register(notificationRoutes, { db });
  await app.register(toolRoutes, { db, reads: deps.reads });
  await app.register(notificationHub, {
    db,
    verify: deps.verify,
    sessions,
    listenUrl: deps.config.databaseDirectUrl,
  });
  if (deps.provider) {
    await app.register(oidcRoutes, {
      provider: deps.provider,
      db,
      loginDelay: config.loginDelay,
      signInLimit: config.signInLimit,
    });
  }
  // Last of the API routes: the record writes an area does not declare answer 405.
  methodNotAllowedRoutes(app);
  await spa(app, config);
  return app;
}
