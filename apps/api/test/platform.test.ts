import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const staticDir = path.resolve(import.meta.dirname, '../../../.tmp/spa-fixture');

beforeAll(async () => {
  mkdirSync(path.join(staticDir, 'assets'), { recursive: true });
  writeFileSync(
    path.join(staticDir, 'index.html'),
    '<!doctype html><meta property="csp-nonce" nonce="__BM_CSP_NONCE__"><title>BM Tools</title><div id="root"></div>',
  );
  writeFileSync(path.join(staticDir, 'assets', 'app-abc123.js'), 'console.log(1)');
  // What the build writes beside a large script: its Brotli and gzip copies.
  const big = `console.log(${JSON.stringify('x'.repeat(4000))})`;
  writeFileSync(path.join(staticDir, 'assets', 'big-abc123.js'), big);
  writeFileSync(path.join(staticDir, 'assets', 'big-abc123.js.br'), brotliCompressSync(big));
  writeFileSync(path.join(staticDir, 'assets', 'big-abc123.js.gz'), gzipSync(big));
  server = await startTestServer({
    STATIC_DIR: staticDir,
    TOOL_URLS: '{"roadmap":"https://roadmap.example.com/app"}',
  });
});

const get = (p: string, init?: RequestInit) => fetch(`${server.baseUrl}${p}`, init);

describe('health and config', () => {
  it('answers /healthz with status ok', async () => {
    const response = await get('/healthz');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok' });
  });

  it('serves the runtime config without a token', async () => {
    const response = await get('/api/config');
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      appName: 'BM Tools',
      authority: `${server.baseUrl}/oidc`,
      clientId: 'bm-tools-spa',
      scope: 'openid profile bm-tools-api bm-tools-hub',
      clientRequestTimeOut: 30,
      toolUrls: { roadmap: 'https://roadmap.example.com/app' },
      fallbackToolUrl: '',
      redirectOrigins: [server.baseUrl],
    });
  });

  it('publishes the OpenAPI document at /api/docs', async () => {
    const ui = await get('/api/docs');
    expect(ui.status).toBe(200);
    const doc = (await (await get('/api/docs/json')).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/config',
        '/api/userRights',
        '/api/menu/json/{id}',
        '/api/menu/favorites',
        '/api/logs',
      ]),
    );
  });
});

describe('serving the SPA', () => {
  it('falls back to index.html for client routes', async () => {
    for (const route of ['/', '/page/list', '/callback?code=x', '/page/edit/12']) {
      const response = await get(route, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('never falls back for API, provider and health paths', async () => {
    for (const route of ['/api/nope', '/api', '/oidc-nope/../api/x', '/healthz/x']) {
      const response = await get(route);
      expect(response.status).toBe(404);
      expect(await response.json()).toHaveProperty('message');
    }
    const oidc = await get('/oidc/nope');
    expect(oidc.status).toBe(404);
    expect(await oidc.text()).not.toContain('<div id="root">');
  });

  it('caches hashed assets for good and index.html never', async () => {
    expect((await get('/assets/app-abc123.js')).headers.get('cache-control')).toContain('immutable');
    expect((await get('/page/list')).headers.get('cache-control')).toBe('no-store');
  });

  it('sends the build’s Brotli or gzip copy of a script to a browser that accepts it, the file to others', async () => {
    const original = `console.log(${JSON.stringify('x'.repeat(4000))})`;
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
      ['identity', null],
    ] as const) {
      const response = await get('/assets/big-abc123.js', { headers: { 'accept-encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-encoding')).toBe(encoding);
      expect(response.headers.get('content-type')).toContain('javascript');
      expect(response.headers.get('vary')?.toLowerCase()).toContain('accept-encoding');
      expect(await response.text()).toBe(original);
    }
  });

  it('gives each HTML document its own style nonce, in the page and in the CSP', async () => {
    const nonces: string[] = [];
    for (const route of ['/', '/page/list']) {
      const response = await get(route);
      const html = await response.text();
      const nonce = /nonce="([^"]+)"/.exec(html)?.[1] ?? '';
      expect(nonce).toMatch(/^[A-Za-z0-9+/=]{20,}$/);
      const csp = response.headers.get('content-security-policy') ?? '';
      expect(csp).toContain(`style-src 'self' 'nonce-${nonce}'`);
      expect(csp).not.toContain('unsafe-inline');
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    const api = (await get('/api/config')).headers.get('content-security-policy') ?? '';
    expect(api).toContain("style-src 'self';");
  });

  it('sends a CSP that allows our own scripts, nothing inline, and frames only from tool URLs', async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    const directive = (name: string) => csp.split(';').find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('script-src')).toBe("script-src 'self'");
    expect(directive('frame-src')).toBe("frame-src 'self' https://roadmap.example.com");
    expect(directive('object-src')).toBe("object-src 'none'");
  });

  it('sends the other security headers on API answers and errors alike, and no X-Powered-By', async () => {
    for (const response of [await get('/api/config'), await get('/api/userRights')]) {
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(response.headers.get('x-frame-options')).toBe('SAMEORIGIN');
      expect(response.headers.get('referrer-policy')).toBe('no-referrer');
      expect(response.headers.get('cross-origin-opener-policy')).toBe('same-origin');
      expect(response.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(response.headers.get('x-powered-by')).toBeNull();
    }
  });
});

describe('the sign-in page', () => {
  it('labels its inputs Email and Password and has a Sign in button', async () => {
    const auth = new URL(`${server.baseUrl}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: 'bm-tools-spa',
      response_type: 'code',
      redirect_uri: `${server.baseUrl}/callback`,
      scope: 'openid profile bm-tools-api bm-tools-hub',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
    }).toString();
    const redirect = await fetch(auth, { redirect: 'manual' });
    expect(redirect.status).toBe(303);
    const cookie = redirect.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const page = await fetch(new URL(redirect.headers.get('location') as string, server.baseUrl), {
      headers: { cookie },
    });
    const html = await page.text();
    expect(html).toMatch(/<label for="email">Email<\/label>/);
    expect(html).toMatch(/<label for="password">Password<\/label>/);
    expect(html).toMatch(/<button type="submit">Sign in<\/button>/);
    expect(html).not.toMatch(/<script>|<style>|style="/);
  });

  it('refuses the implicit flow', async () => {
    const auth = new URL(`${server.baseUrl}/oidc/auth`);
    auth.search = new URLSearchParams({
      client_id: 'bm-tools-spa',
      response_type: 'id_token token',
      redirect_uri: `${server.baseUrl}/callback`,
      scope: 'openid',
      nonce: 'n',
    }).toString();
    const response = await fetch(auth, { redirect: 'manual' });
    const location = response.headers.get('location') ?? '';
    expect(location).toContain('error=unsupported_response_type');
  });
});
