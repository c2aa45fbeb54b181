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
