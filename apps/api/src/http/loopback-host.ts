/**
 * In development the console is one address on this machine, but "localhost", "127.0.0.1" and
 * "[::1]" all reach it. Sign-in only works on the address the identity provider was set up for (the
 * issuer and the browser's content policy name it), so a page opened on another loopback name would
 * offer a Sign in that silently does nothing. In development such requests are sent to the
 * configured address instead: reads are redirected, anything else is refused with the address to
 * use. In production the configured PUBLIC_URL is the only address and nothing is redirected.
 */
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config.ts';

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** host[:port] of a Host header, or undefined when it is not one. */
function parseHost(header: string | undefined): { name: string; port: string } | undefined {
  if (!header) return undefined;
  const match = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(header.trim().toLowerCase());
  if (!match?.[1]) return undefined;
  return { name: match[1], port: match[2] ?? '80' };
}

/** The configured address when `hostHeader` is another loopback name for it, else undefined. */
export function loopbackAlias(publicUrl: string, hostHeader: string | undefined): string | undefined {
  const target = new URL(publicUrl);
  const wanted = target.hostname.toLowerCase();
  if (!LOOPBACK.has(wanted)) return undefined;
  const asked = parseHost(hostHeader);
  if (!asked || !LOOPBACK.has(asked.name) || asked.name === wanted) return undefined;
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return asked.port === port ? target.origin : undefined;
}

export function loopbackHost(app: FastifyInstance, config: AppConfig): void {
  if (!config.development) return;
  app.addHook('onRequest', async (request, reply) => {
    const origin = loopbackAlias(config.publicUrl, request.headers.host);
    if (!origin) return;
    if (request.method === 'GET' || request.method === 'HEAD')
      return reply.redirect(`${origin}${request.url}`, 307);
    return reply
      .code(421)
      .send({ message: `This console answers at ${origin}: open it there to sign in and work.` });
  });
}
