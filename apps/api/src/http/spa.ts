/**
 * Serves the built SPA: hashed assets with long caching, and index.html for client routes.
 * API, provider and health paths never fall back to the SPA; they answer 404 `{message}`.
 */
import { existsSync } from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

const NEVER_SPA = /^\/(api|oidc|healthz|notificationshub)(\/|\?|$)/;

export async function spa(app: FastifyInstance, staticDir: string): Promise<void> {
  const built = existsSync(`${staticDir}/index.html`);
  if (built) {
    await app.register(fastifyStatic, {
      root: staticDir,
      index: 'index.html',
      wildcard: true,
      setHeaders: (res, filePath) => {
        res.header(
          'cache-control',
          filePath.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const accepts = request.method === 'GET' || request.method === 'HEAD';
    if (!accepts || NEVER_SPA.test(request.url)) return reply.code(404).send({ message: 'Not found' });
    if (!built) {
      return reply.code(404).send({ message: 'The web app is not built: run npm run build' });
    }
    return reply.header('cache-control', 'no-cache').sendFile('index.html');
  });
}
