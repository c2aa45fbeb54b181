/**
 * Route access rules. Every /api route declares one in its `config.access`; a route without one is
 * refused at registration (default deny):
 * - 'public': no token (config, docs);
 * - 'user': a valid token, the caller's own data;
 * - { right }: a valid token and that right, read from the database on this request;
 * - { anyOf }: a valid token and one of those rights (reading a record: View or Edit);
 * - { right, checkedInQuery: true }: the handler's own SQL checks the right in the same statement
 *   (one round trip for the hot list call) and answers 403 itself.
 * The caller's full right set is loaded only when a handler asks for it.
 * A valid token must also carry the `bm-tools-api` scope and speak for an active account whose
 * sessions were not ended after it was issued; otherwise the answer is 401 {message}. The token is
 * checked by bearer.ts, as the notification hub checks its own.
 */
import { API_SCOPE } from '@bm/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/pool.ts';
import { hasAnyRight, hasRight, rightsForEmail } from '../users/users.ts';
import { checkBearer } from './bearer.ts';
import type { SessionChecker } from './sessions.ts';
import type { TokenVerifier } from './token-verifier.ts';

type Access = 'public' | 'user' | { right: string; checkedInQuery?: boolean } | { anyOf: string[] };

export interface Caller {
  email: string;
  sub: string;
  /** Every right of the caller, read from the database once per request on first use. */
  rights(): Promise<ReadonlySet<string>>;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyRequest {
    caller: Caller | null;
  }
}

const BEARER = /^Bearer ([A-Za-z0-9\-_.~+/]+=*)$/;

async function accessPlugin(
  app: FastifyInstance,
  opts: { db: Db; verify: TokenVerifier; sessions: SessionChecker },
): Promise<void> {
  app.decorateRequest('caller', null);

  app.addHook('onRoute', (route) => {
    const isApi = route.url.startsWith('/api/') || route.url === '/api';
    if (isApi && !route.config?.access && !route.url.startsWith('/api/docs')) {
      throw new Error(`Route ${route.method} ${route.url} declares no access rule`);
    }
  });

  app.addHook('onRequest', async (request: FastifyRequest, reply: FastifyReply) => {
    const access = request.routeOptions.config?.access;
    if (!access || access === 'public') return;
    const token = BEARER.exec(request.headers.authorization ?? '')?.[1];
    const checked = await checkBearer(token, API_SCOPE, opts);
    if ('refusal' in checked) {
      return reply.code(checked.refusal.status).send({ message: checked.refusal.message });
    }
    const { identity } = checked;
    let rights: Promise<ReadonlySet<string>> | undefined;
    request.caller = {
      email: identity.email,
      sub: identity.sub,
      rights: () => {
        rights ??= rightsForEmail(opts.db, identity.email).then((list) => new Set(list));
        return rights;
      },
    };
    if (typeof access !== 'object') return;
    if ('anyOf' in access) {
      if (await hasAnyRight(opts.db, identity.email, access.anyOf)) return;
      return reply.code(403).send(missingRight(access.anyOf.join(' or ')));
    }
    if (!access.checkedInQuery && !(await hasRight(opts.db, identity.email, access.right))) {
      return reply.code(403).send(missingRight(access.right));
    }
  });
}

export const accessControl = fp(accessPlugin, { name: 'access-control' });

export const missingRight = (right: string) => ({ message: `Missing right ${right}` });

/** The caller of a route whose access rule guarantees one. */
export function callerOf(request: FastifyRequest): Caller {
  if (!request.caller) throw new Error('No caller on a route that requires one');
  return request.caller;
}
