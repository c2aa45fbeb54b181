/**
 * Mounts the built-in provider under /oidc and serves its interaction (sign-in) pages.
 * The provider is a Koa app: its requests are handed over raw, with the /oidc prefix stripped
 * and the body left unread so it can parse it itself. Its X-Forwarded-* headers are replaced by
 * the protocol, host and address Fastify resolved (which believe only TRUST_PROXY), so a client
 * cannot make the provider build URLs or see an address of its choosing.
 * The login form is limited per account and per address (auth/login-limit.ts).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import {
  clearAccountFailures,
  type LoginLimitOptions,
  recordFailure,
  secondsLocked,
  waitText,
} from '../auth/login-limit.ts';
import type { Db } from '../db/pool.ts';
import { authenticate } from '../users/users.ts';
import { loginPage } from './pages.ts';

const ASSETS: Record<string, { type: string; body: Buffer }> = Object.fromEntries(
  [
    ['login.css', 'text/css; charset=utf-8'],
    ['logout.js', 'text/javascript; charset=utf-8'],
  ].map(([name, type]) => [
    name,
    { type: type as string, body: readFileSync(path.join(import.meta.dirname, 'assets', name as string)) },
  ]),
);

type RawWithOriginal = FastifyRequest['raw'] & { originalUrl?: string };

export async function oidcRoutes(
  app: FastifyInstance,
  opts: { provider: Provider; db: Db; loginDelay: LoginLimitOptions; signInLimit: number },
): Promise<void> {
  const { provider, db } = opts;
  const callback = provider.callback();

  // Every route here hands the raw request to the provider (directly, or through
  // interactionDetails/interactionFinished): replace the client's forwarding headers first.
  app.addHook('onRequest', async (request) => {
    // Read what Fastify resolved before its source headers go.
    const { protocol, host, ip } = request;
    const headers = request.raw.headers;
    for (const name of Object.keys(headers)) {
      if (name.startsWith('x-forwarded-') || name === 'forwarded') delete headers[name];
    }
    headers['x-forwarded-proto'] = protocol;
    headers['x-forwarded-host'] = host;
    headers['x-forwarded-for'] = ip;
  });

  const handOver = (request: FastifyRequest, reply: FastifyReply) => {
    reply.hijack();
    const raw = request.raw as RawWithOriginal;
    raw.originalUrl = raw.url;
    raw.url = (raw.url ?? '/').slice('/oidc'.length) || '/';
    callback(raw, reply.raw);
  };

  await app.register(async (scope) => {
    // Leave request bodies unread: the provider parses its own form and JSON bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_req, _payload, done) => done(null));
    scope.all('/oidc', handOver);
    scope.all('/oidc/*', handOver);
  });

  app.get<{ Params: { name: string } }>('/oidc/assets/:name', async (request, reply) => {
    const asset = ASSETS[request.params.name];
    if (!asset) return reply.code(404).send({ message: 'Not found' });
    return reply.type(asset.type).header('cache-control', 'public, max-age=3600').send(asset.body);
  });

  app.get<{ Params: { uid: string } }>('/oidc/interaction/:uid', async (request, reply) => {
    const details = await provider.interactionDetails(request.raw, reply.raw);
    if (details.prompt.name !== 'login') {
      // Consent is implied for the first-party console (see loadExistingGrant).
      reply.hijack();
      await provider.interactionFinished(request.raw, reply.raw, {}, { mergeWithLastSubmission: true });
      return;
    }
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .send(loginPage({ action: `/oidc/interaction/${details.uid}/login`, limit: opts.loginDelay }));
  });

  app.post<{ Params: { uid: string }; Body: { email?: string; password?: string } }>(
    '/oidc/interaction/:uid/login',
    { config: { rateLimit: { max: opts.signInLimit, timeWindow: '1 minute' } } },
    async (request, reply) => {
      const details = await provider.interactionDetails(request.raw, reply.raw);
      const email = String(request.body?.email ?? '').slice(0, 320);
      const password = String(request.body?.password ?? '').slice(0, 1000);
      const action = `/oidc/interaction/${details.uid}/login`;
      const refuse = (status: number, error: string) =>
        reply
          .code(status)
          .type('text/html; charset=utf-8')
          .header('cache-control', 'no-store')
          .send(loginPage({ action, email, error, limit: opts.loginDelay }));

      const locked = await secondsLocked(db, email, request.ip);
      if (locked > 0) {
        request.log.info({ email, ip: request.ip }, 'sign-in refused: too many failures');
        reply.header('retry-after', String(locked));
        return refuse(429, `Too many failed sign-ins. Try again in ${waitText(locked)}.`);
      }
      const user = email && password ? await authenticate(db, email, password) : null;
      if (!user) {
        request.log.info({ email, ip: request.ip }, 'sign-in refused');
        const { wait, locks } = await recordFailure(db, email, request.ip, opts.loginDelay);
        // Once per lock (its start, then each further one), never per refused attempt: an account
        // kept locked by steady guessing shows in the log and on the database tool.
        for (const lock of locks) {
          request.log.warn(
            { lock },
            lock.lockCount === 1
              ? `sign-in lock started: ${lock.kind} ${lock.name}`
              : `sign-in lock escalated: ${lock.kind} ${lock.name}, lock ${lock.lockCount}${lock.sustained ? ' (sustained)' : ''}`,
          );
        }
        return refuse(
          400,
          wait > 0
            ? `Email or password is incorrect. Try again in ${waitText(wait)}.`
            : 'Email or password is incorrect.',
        );
      }
      await clearAccountFailures(db, email);
      reply.hijack();
      await provider.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: user.id } },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
