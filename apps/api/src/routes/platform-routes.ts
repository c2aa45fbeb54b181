/**
 * Health, runtime config, the caller's rights, the published routes and the client log sink.
 */
import {
  API_SCOPE,
  type AppRoutes,
  clientLogSchema,
  HUB_SCOPE,
  PRESET_SCREENS,
  type RuntimeConfig,
} from '@bm/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deriveAppRoutes } from '../../catalog/app-routes.ts';
import { callerOf } from '../auth/access.ts';
import type { AppConfig } from '../config.ts';
import { issuerOf } from '../config.ts';
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS } from '../db/db-errors.ts';
import type { Db } from '../db/pool.ts';

/** What /healthz says about a failed probe: the error's code, never addresses or SQL. */
function probeFailure(error: unknown): string {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') return `the database does not answer (${code})`;
  if (isDatabaseUnavailable(error) && typeof message === 'string')
    return `the database does not answer (${message})`;
  return 'the database does not answer';
}

const HEALTH_QUERY_TIMEOUT_MS = 2000;

export async function platformRoutes(
  app: FastifyInstance,
  opts: { db: Db; config: AppConfig; databaseUnavailable?: (() => string | undefined) | undefined },
): Promise<void> {
  const { db, config } = opts;
  const api = app.withTypeProvider<ZodTypeProvider>();

  // 200 {"status":"ok"} when the database answers; 503 {"status":"unavailable","reason"} otherwise,
  // so a load balancer takes the instance out while its database is away (docs/adr/0007-database-faults.md).
  api.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    const unavailable = (reason: string) =>
      reply
        .code(503)
        .header('retry-after', String(RETRY_AFTER_SECONDS))
        .send({ status: 'unavailable', reason });
    const known = opts.databaseUnavailable?.();
    if (known) return unavailable(known);
    try {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<never>((_resolve, reject) => {
        timer = setTimeout(() => reject(new Error('Query read timeout')), HEALTH_QUERY_TIMEOUT_MS);
      });
      await Promise.race([db.query('SELECT 1'), late]).finally(() => clearTimeout(timer));
    } catch (error) {
      return unavailable(probeFailure(error));
    }
    return reply.send({ status: 'ok' });
  });

  const runtime: RuntimeConfig = {
    appName: 'BM Tools',
    authority: issuerOf(config),
    clientId: config.clientId,
    scope: `openid profile ${API_SCOPE} ${HUB_SCOPE}`,
    clientRequestTimeOut: config.clientRequestTimeout,
    toolUrls: config.toolUrls,
    fallbackToolUrl: config.fallbackToolUrl,
    redirectOrigins: config.redirectOrigins,
  };
  api.get(
    '/api/config',
    {
      config: { access: 'public' },
      schema: { tags: ['platform'], summary: 'Runtime config the SPA boots from' },
    },
    async () => runtime,
  );

  api.get(
    '/api/userRights',
    { config: { access: 'user' }, schema: { tags: ['platform'], summary: "The caller's right names" } },
    async (request) => [...(await callerOf(request).rights())].sort(),
  );

  // The same for every caller: what each screen is, which right opens it and whether its default
  // preset exists (read each time: administrators add presets while the server runs). Signed-in
  // callers only, like the menu, so the list of areas is not handed to strangers.
  const appRoutes = deriveAppRoutes();
  api.get(
    '/api/app-routes',
    {
      config: { access: 'user' },
      schema: { tags: ['platform'], summary: 'Every screen of every area and the right that opens it' },
    },
    async (): Promise<AppRoutes> => {
      const { rows } = await db.query<{ right_name: string }>(
        `SELECT DISTINCT right_name FROM presets WHERE name = 'default' AND preset_group_id = 1`,
      );
      const withPreset = new Set(rows.map((r) => r.right_name));
      return {
        ...appRoutes,
        routes: appRoutes.routes.map((route) =>
          PRESET_SCREENS.has(route.kind) ? { ...route, hasPreset: withPreset.has(route.right) } : route,
        ),
      };
    },
  );

  api.post(
    '/api/logs',
    {
      config: { access: 'user', rateLimit: { max: 120, timeWindow: '1 minute' } },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['platform'],
        summary: 'Client log sink',
        body: clientLogSchema,
        response: { 204: z.null() },
      },
    },
    async (request, reply) => {
      const { level, message, url } = request.body;
      const email = callerOf(request).email;
      await db.query(
        'INSERT INTO client_logs (level, message, url, user_email, user_agent) VALUES ($1, $2, $3, $4, $5)',
        [level, message, url, email, request.headers['user-agent']?.slice(0, 500) ?? null],
      );
      request.log[level]({ client: { message, url, email } }, 'client log');
      return reply.code(204).send(null);
    },
  );
}
