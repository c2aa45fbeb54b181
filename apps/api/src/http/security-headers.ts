/**
 * Helmet headers and the Content-Security-Policy: our own scripts only, nothing inline; frames only
 * from the configured tool URLs; connections to ourselves (and the external identity provider).
 * Answers of routes that need a token carry `Cache-Control: no-store`, so customer data never sits
 * in a browser or proxy cache.
 */
import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';
import type { AppConfig } from '../config.ts';

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

function cspDirectives(config: AppConfig, styleNonce?: string): Record<string, string[]> {
  const toolOrigins = [...Object.values(config.toolUrls), config.fallbackToolUrl]
    .map(originOf)
    .filter((o): o is string => o !== null);
  const idp = config.externalAuthority ? [originOf(config.externalAuthority) as string] : [];
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'"],
    // Mantine writes its theme variables into <style> elements at run time: the SPA's documents
    // carry a per-response nonce for them (see spa.ts); nothing else may inline a style.
    styleSrc: styleNonce ? ["'self'", `'nonce-${styleNonce}'`] : ["'self'"],
    imgSrc: ["'self'"],
    fontSrc: ["'self'"],
    connectSrc: ["'self'", ...idp],
    frameSrc: ["'self'", ...new Set(toolOrigins), ...idp],
    frameAncestors: ["'self'"],
    formAction: ["'self'", ...idp],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
  };
}

const kebab = (name: string): string => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The policy as a header value, for responses that need their own nonce. */
export function cspHeader(config: AppConfig, styleNonce?: string): string {
  return Object.entries(cspDirectives(config, styleNonce))
    .map(([name, values]) => `${kebab(name)} ${values.join(' ')}`)
    .join(';');
}

/**
 * Helmet's headers, worked out once: the policy is the same for every response (the SPA documents
 * replace the CSP with one carrying their nonce), so nothing is parsed or built per request.
 */
function helmetHeaders(config: AppConfig): { set: Array<[string, string]>; removed: string[] } {
  const set: Array<[string, string]> = [];
  const removed: string[] = [];
  const recorder = {
    setHeader: (name: string, value: string) => set.push([name, String(value)]),
    removeHeader: (name: string) => removed.push(name),
  };
  helmet({
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(config) },
    // The silent-renew iframe and tool frames load cross-origin documents only from allowed origins.
    crossOriginEmbedderPolicy: false,
    hsts: config.production,
  })(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorder as unknown as ServerResponse,
    (error?: unknown) => {
      if (error) throw error;
    },
  );
  return { set, removed };
}

export async function securityHeaders(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { set, removed } = helmetHeaders(config);
  app.addHook('onRequest', (_request, reply, done) => {
    for (const [name, value] of set) reply.raw.setHeader(name, value);
    for (const name of removed) reply.raw.removeHeader(name);
    done();
  });
  // Every answer of a route behind a token — data, errors and 401/403 alike — unless the route set
  // its own caching on purpose.
  app.addHook('onSend', (request, reply, payload, done) => {
    const access = request.routeOptions.config?.access;
    if (access && access !== 'public' && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    done(null, payload);
  });
}
