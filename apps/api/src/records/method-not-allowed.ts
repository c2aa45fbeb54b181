/**
 * The record writes an area does not declare answer 405 Method Not Allowed, with an Allow header
 * naming what its path does offer. The record routes follow the area's actions (a list-only area,
 * such as merchant offices, declares no Create, Edit or Delete), and without this a write to such a
 * path would be a bare 404 that reads like a wrong address. Registered after every other route, so
 * it only fills the gaps: `POST {api}` without Create, `PUT {api}` without BulkEdit, `PUT {api}/:id`
 * without Edit and `DELETE {api}/:id` without Delete, where no route serves them. Each still needs a
 * signed-in caller (the authorisation matrix: a guarded route answers 401 to a bad token first).
 */
import type { EntityAction } from '@bm/contracts';
import type { FastifyInstance, HTTPMethods } from 'fastify';
import { AREAS } from '../../catalog/areas.ts';

/** The record layer's writes: the action each needs and its path (`''`: the area's, `'/:id'`: a record's). */
const WRITES: readonly { action: EntityAction; method: HTTPMethods; tail: '' | '/:id' }[] = [
  { action: 'Create', method: 'POST', tail: '' },
  { action: 'BulkEdit', method: 'PUT', tail: '' },
  { action: 'Edit', method: 'PUT', tail: '/:id' },
  { action: 'Delete', method: 'DELETE', tail: '/:id' },
];
const METHODS: readonly HTTPMethods[] = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];

export function methodNotAllowedRoutes(app: FastifyInstance): void {
  const missing: { method: HTTPMethods; url: string }[] = [];
  const allowed = new Map<string, string>();
  for (const area of AREAS) {
    if (area.kind !== 'entity') continue;
    for (const { action, method, tail } of WRITES) {
      const url = `${area.api}${tail}`;
      if (area.actions.includes(action) || app.hasRoute({ method, url })) continue;
      const offered = METHODS.filter((m) => app.hasRoute({ method: m, url }));
      // A path with no route at all (an area without fields yet) stays a plain 404.
      if (offered.length === 0) continue;
      missing.push({ method, url });
      allowed.set(url, offered.join(', '));
    }
  }
  // Registered after the look-ups: a route added here must not count as offered by its path.
  for (const { method, url } of missing) {
    app.route({
      method,
      url,
      config: { access: 'user' },
      schema: { hide: true },
      handler: async (_request, reply) =>
        reply
          .code(405)
          .header('allow', allowed.get(url) ?? '')
          .send({ message: `${method} is not allowed on ${url}: the area does not offer it` }),
    });
  }
}
