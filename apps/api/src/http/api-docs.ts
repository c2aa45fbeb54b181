/**
 * The API's OpenAPI document and its browsable page under /api/docs, as API_DOCS says
 * (docs/adr/0024-keys-at-rest.md): `public` serves the page and the document to anyone (the default
 * outside production); `signed-in` (production's default) serves the document only to a bearer token
 * of an active account, and no page, since a browser cannot send the token to one; `off` serves
 * nothing. The built-in identity provider's routes are not in the document: they are the provider's
 * protocol (described by its discovery document), and its catch-all routes take methods OpenAPI 3.0
 * has no word for (QUERY), which makes client generators refuse the whole document.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ApiDocs } from '../config.ts';
import { documentIdempotencyKey } from './idempotency.ts';

const isProviderRoute = (url: string) => url === '/oidc' || url.startsWith('/oidc/');

/** Collects the routes for the document: registered before every route. */
export async function apiDocsCollector(app: FastifyInstance, mode: ApiDocs): Promise<void> {
  if (mode === 'off') return;
  await app.register(swagger, {
    openapi: {
      info: { title: 'BM Tools API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
      security: [{ bearer: [] }],
    },
    transform: (input) =>
      isProviderRoute(input.url)
        ? { schema: { ...input.schema, hide: true }, url: input.url }
        : jsonSchemaTransform(input),
    // Every write takes an Idempotency-Key (http/idempotency.ts).
    transformObject: (documents) =>
      'openapiObject' in documents
        ? documentIdempotencyKey(documents.openapiObject)
        : documents.swaggerObject,
  });
}

/** Serves the document (and the page); registered after access control, whose rule it uses. */
export async function apiDocsRoutes(app: FastifyInstance, mode: ApiDocs): Promise<void> {
  if (mode === 'public') {
    await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });
    return;
  }
  if (mode !== 'signed-in') return;
  const signedIn = { config: { access: 'user' as const }, schema: { hide: true } };
  app.get('/api/docs/json', signedIn, async () => app.swagger());
  app.get('/api/docs/yaml', signedIn, async (_request, reply) =>
    reply.type('application/x-yaml').send(app.swagger({ yaml: true })),
  );
  app.get('/api/docs', { config: { access: 'public' }, schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send({
      message:
        'The API documentation page is off here (API_DOCS=signed-in): signed-in callers read the OpenAPI ' +
        'document at /api/docs/json with their bearer token',
    }),
  );
}
