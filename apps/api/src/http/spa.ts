/**
 * Serves the built SPA: hashed assets with long caching, and the HTML documents (index.html for
 * every client route, silent_renew.html) with a fresh CSP nonce per response for Mantine's runtime
 * `<style>` elements. API, provider and health paths never fall back to the SPA: they answer 404.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { AppConfig } from '../config.ts';
import { cspHeader } from './security-headers.ts';

const NEVER_SPA = /^\/(api|oidc|healthz|notificationshub)(\/|\?|$)/;
const NONCE_PLACEHOLDER = /__BM_CSP_NONCE__/g;

export async function spa(app: FastifyInstance, config: AppConfig): Promise<void> {
  const { staticDir } = config;
  const built = existsSync(path.join(staticDir, 'index.html'));
  const documents = new Map<string, string>();
  if (built) {
    for (const name of ['index.html', 'silent_renew.html']) {
      const file = path.join(staticDir, name);
      if (existsSync(file)) documents.set(name, readFileSync(file, 'utf8'));
    }
  }

  const sendDocument = (reply: FastifyReply, name: string) => {
    const nonce = randomBytes(16).toString('base64');
    const html = (documents.get(name) ?? '').replace(NONCE_PLACEHOLDER, nonce);
    return reply
      .header('content-security-policy', cspHeader(config, nonce))
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(html);
  };

  if (built) {
    const document = { schema: { hide: true } };
    app.get('/', document, (_req, reply) => sendDocument(reply, 'index.html'));
    app.get('/index.html', document, (_req, reply) => sendDocument(reply, 'index.html'));
    if (documents.has('silent_renew.html')) {
      app.get('/silent_renew.html', document, (_req, reply) => sendDocument(reply, 'silent_renew.html'));
    }
    await app.register(fastifyStatic, {
      root: staticDir,
      index: false,
      wildcard: true,
      // The build writes .br and .gz beside each script and style sheet: sent to browsers that
      // accept them (with Vary: Accept-Encoding), the file itself to the others.
      preCompressed: true,
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
    if (!built) return reply.code(404).send({ message: 'The web app is not built: run npm run build' });
    return sendDocument(reply, 'index.html');
  });
}
