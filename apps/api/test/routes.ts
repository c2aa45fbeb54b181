/** The routes a running server registered, for the suites that must cover every one of them. */

export interface Route {
  method: string;
  url: string;
}

/**
 * The routes of the Fastify instance, from `printRoutes()`: a tree whose lines are path segments
 * (children indented four characters deeper), a route line ending in its methods.
 */
export function registeredRoutes(tree: string): Route[] {
  const found: Route[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^([│ ]*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/.exec(line);
    if (!match) continue;
    const depth = (match[1] ?? '').length / 4;
    stack.length = depth;
    stack.push(match[2] ?? '');
    if (!match[3]) continue;
    // Routes that differ only in a parameter's name share a node: `:rightName|:id`.
    const joined = stack.join('');
    const shared = /:\w+(?:\|:\w+)+/.exec(joined)?.[0];
    const urls = shared ? shared.split('|').map((name) => joined.replace(shared, name)) : [joined];
    for (const url of urls) {
      for (const method of match[3].split(', ')) {
        if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, url });
      }
    }
  }
  return found;
}

/**
 * Routes that answer without a token, written by hand (never read from the route table under
 * test): the SPA's boot configuration, the health check, the identity provider (its own checks),
 * the API documentation, the static SPA, and the hub (its token travels in the query; authorization-matrix.test.ts tries bad ones there).
 */
export const NO_BEARER: readonly { route: string; why: string }[] = [
  { route: 'GET /api/config', why: 'the SPA boots from it before sign-in' },
  { route: 'GET /healthz', why: 'load balancer health check' },
  { route: 'GET /notificationshub', why: 'WebSocket; access_token in the query, refused below' },
];
const NO_BEARER_PREFIXES = ['/oidc', '/api/docs'];
/** The SPA: index.html for `/` and every other path, and the built files (registered when built). */
const isSpa = (r: Route) =>
  r.method === 'GET' &&
  (r.url === '/' ||
    r.url === '/*' ||
    /^\/[\w./-]+\.(html|js|css|svg|ico|png|woff2?|txt|webmanifest)$/.test(r.url));

/** Whether a route answers without a bearer token (the suites that check rights leave it out). */
export const isPublic = (r: Route): boolean =>
  NO_BEARER.some((p) => p.route === `${r.method} ${r.url}`) ||
  NO_BEARER_PREFIXES.some((prefix) => r.url === prefix || r.url.startsWith(`${prefix}/`)) ||
  isSpa(r);
