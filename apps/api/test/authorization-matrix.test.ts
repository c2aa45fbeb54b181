/**
 * The authorisation matrix, bad identities × every route: each route the server registers, called
 * with no token, a disabled account's token, an expired token, a token for another audience, an
 * `alg:none` token and a token whose signature was tampered with, answers exactly 401 with a
 * `{ message }` body and nothing else — unless the hand-written fixture below says the route is
 * public (or the identity provider's, or the SPA's). A route the fixture does not know fails the
 * test: a new route cannot be left out. The notification hub refuses the same tokens (HTTP 401 on
 * the upgrade).
 */
import { importJWK, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signingKeyOf } from './provider-keys.ts';
import { isPublic, NO_BEARER, type Route, registeredRoutes } from './routes.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let routes: Route[] = [];
const identities: Record<string, string | undefined> = {};

async function craft(
  key: JWK,
  issuer: string,
  claims: Record<string, unknown>,
  exp = Math.floor(Date.now() / 1000) + 600,
): Promise<string> {
  return new SignJWT({ scope: 'bm-tools-api bm-tools-hub', aud: 'bm-tools-api', ...claims })
    .setProtectedHeader({ alg: 'RS256', kid: key.kid as string, typ: 'at+jwt' })
    .setIssuer(issuer)
    .setSubject('matrix')
    .setIssuedAt(Math.floor(Date.now() / 1000) - 100)
    .setExpirationTime(exp)
    .sign(await importJWK(key, 'RS256'));
}

beforeAll(async () => {
  server = await startTestServer();
  routes = registeredRoutes(server.app.printRoutes());
  const key = await signingKeyOf(server.db);
  const issuer = `${server.baseUrl}/oidc`;
  // A disabled account that holds every right an administrator has: only "disabled" refuses it.
  await server.db.query(
    `WITH u AS (INSERT INTO users (email, display_name, disabled)
                VALUES ('disabled.matrix@bmtools.local', 'Disabled', true) RETURNING id)
     INSERT INTO user_roles (user_id, role_id)
     SELECT u.id, ur.role_id FROM u, user_roles ur JOIN users a ON a.id = ur.user_id
      WHERE a.email = 'admin@bmtools.local'`,
  );
  // A real admin token, its signature's last characters changed.
  const real = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  const [header, payload, signature = ''] = real.split('.');
  const flipped = `${signature.slice(0, -4)}${signature.slice(-4) === 'AAAA' ? 'BBBB' : 'AAAA'}`;
  const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  Object.assign(identities, {
    anonymous: undefined,
    'disabled account': await craft(key, issuer, { email: 'disabled.matrix@bmtools.local' }),
    'expired token': await craft(key, issuer, { email: 'admin@bmtools.local' }, now - 60),
    'another audience': await craft(key, issuer, { email: 'admin@bmtools.local', aud: 'another-api' }),
    'alg:none': `${enc({ alg: 'none', typ: 'at+jwt' })}.${enc({
      iss: issuer,
      aud: 'bm-tools-api',
      scope: 'bm-tools-api bm-tools-hub',
      email: 'admin@bmtools.local',
      exp: now + 600,
    })}.`,
    'tampered signature': `${header}.${payload}.${flipped}`,
  });
});

/** The URL of a route with every parameter set to 1. */
const urlOf = (r: Route) => r.url.replace(/:\w+/g, '1');

describe('bad identities × every route', () => {
  it('knows every route: enough of them, and each either public by the fixture or guarded', () => {
    expect(routes.length).toBeGreaterThan(100);
    for (const entry of NO_BEARER) {
      expect(
        routes.some((r) => `${r.method} ${r.url}` === entry.route),
        `${entry.route} is in the fixture but not registered`,
      ).toBe(true);
    }
  });

  const names = [
    'anonymous',
    'disabled account',
    'expired token',
    'another audience',
    'alg:none',
    'tampered signature',
  ];
  it.each(names)('%s: every guarded route answers 401 { message } and nothing else', async (name) => {
    const token = identities[name];
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !isPublic(r))) {
      const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await fetch(`${server.baseUrl}${urlOf(route)}`, {
        method: route.method,
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
        },
        ...(hasBody ? { body: '{}' } : {}),
      });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
      const onlyMessage =
        typeof body === 'object' &&
        body !== null &&
        Object.keys(body).every((k) => k === 'message' || k === 'code') &&
        typeof (body as { message?: unknown }).message === 'string';
      if (response.status !== 401 || !onlyMessage) {
        wrong.push(`${route.method} ${route.url} → ${response.status} ${text.slice(0, 120)}`);
      }
    }
    expect(wrong, `${name}: routes not answering 401 (a new public route belongs in NO_BEARER)`).toEqual([]);
  });

  it.each(names)('%s: the notification hub refuses the upgrade with 401', async (name) => {
    const token = identities[name];
    const url = `${server.baseUrl.replace('http', 'ws')}/notificationshub${token ? `?access_token=${token}` : ''}`;
    const status = await new Promise<number>((resolve, reject) => {
      const socket = new WebSocket(url);
      socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        socket.terminate();
      });
      socket.once('open', () => {
        socket.close();
        resolve(101);
      });
      socket.once('error', reject);
    });
    expect(status).toBe(401);
  });
});
