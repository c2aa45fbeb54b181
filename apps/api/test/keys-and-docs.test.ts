/**
 * Keys at rest and the API documentation (docs/adr/0024-keys-at-rest.md): the built-in provider's
 * signing key and cookie keys are stored sealed with the secrets key, a restart with the same key
 * signs in, SECRETS_KEY_PREVIOUS re-seals with a new key, a wrong key stops the start with a message
 * naming SECRETS_KEY, and a key is generated into the data directory when none is set. /api/docs
 * follows API_DOCS (signed-in by default in production), and its OpenAPI document, fetched from the
 * running server, passes a maintained validator.
 */
import { spawnSync } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import SwaggerParser from '@apidevtools/swagger-parser';
import type { OpenAPI } from 'openapi-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createPool, type Db } from '../src/db/pool.ts';
import { type RunningServer, StartupRefusedError, startServer } from '../src/server.ts';
import { signIn } from './sign-in.ts';
import { createTestDatabase } from './test-database.ts';
import { freePort, startTestServer, type TestServer } from './test-server.ts';

const newKey = () => randomBytes(32).toString('base64');
const OLD_KEY = newKey();
const NEW_KEY = randomBytes(32).toString('hex');

/** A (re)start of the server on a given port and database, as after a deploy. */
async function startOn(
  port: number,
  databaseUrl: string,
  env: Record<string, string>,
): Promise<RunningServer> {
  return startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'silent',
      ...env,
    }),
    () => {},
  );
}

/** The stored `oidc` secrets row, as text, as a database dump or a backup would show it. */
async function storedRow(db: Db): Promise<string> {
  const { rows } = await db.query<{ value: string }>(
    `SELECT value::text AS value FROM app_secrets WHERE name = 'oidc'`,
  );
  return rows[0]?.value ?? '';
}

const keyIdOf = async (db: Db) => (JSON.parse(await storedRow(db)) as { keyId?: string }).keyId;

const presetsStatus = async (base: string, token: string) =>
  (await fetch(`${base}/api/presets/user`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('the identity provider keys at rest', () => {
  let server: TestServer;
  let port: number;
  let firstToken: string;
  /** The test's own connections: the server's pool closes with the server. */
  let db: Db;
  const restarts: RunningServer[] = [];
  beforeAll(async () => {
    server = await startTestServer({ SECRETS_KEY: OLD_KEY });
    db = createPool(server.databaseUrl, 2);
    port = Number(new URL(server.baseUrl).port);
    firstToken = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  });
  afterAll(async () => {
    for (const running of restarts) await running.close();
    await db.end();
  });

  it('are stored sealed: no readable JSON key, no private key material', async () => {
    const text = await storedRow(db);
    const row = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(row).sort()).toEqual(['data', 'iv', 'keyId', 'sealed', 'tag']);
    expect(row.sealed).toBe('aes-256-gcm');
    for (const plain of ['"d":', '"p":', '"q":', '"n":', 'signingKey', 'cookieKeys', 'RS256']) {
      expect(text).not.toContain(plain);
    }
    // The public key published in the JWKS is not in the row either.
    const jwks = (await (await fetch(`${server.baseUrl}/oidc/jwks`)).json()) as { keys: { n: string }[] };
    expect(jwks.keys[0]?.n.length).toBeGreaterThan(100);
    expect(text).not.toContain(jwks.keys[0]?.n.slice(0, 40));
  });

  it('sign in after a restart with the same key, and tokens from before still work', async () => {
    await server.close();
    const again = await startOn(port, server.databaseUrl, { SECRETS_KEY: OLD_KEY });
    restarts.push(again);
    expect(await presetsStatus(server.baseUrl, firstToken)).toBe(200);
    const token = (await signIn(server.baseUrl, 'editor@bmtools.local', 'editor')).accessToken;
    expect(await presetsStatus(server.baseUrl, token)).toBe(200);
    await again.close();
  });

  it('move to a new key with SECRETS_KEY_PREVIOUS: re-sealed at the start, and the old key alone is then refused', async () => {
    const before = await keyIdOf(db);
    const rotated = await startOn(port, server.databaseUrl, {
      SECRETS_KEY: NEW_KEY,
      SECRETS_KEY_PREVIOUS: OLD_KEY,
    });
    restarts.push(rotated);
    const after = await keyIdOf(db);
    expect(after).toMatch(/^[0-9a-f]{16}$/);
    expect(after).not.toBe(before);
    // Same signing key: tokens issued before the rotation still verify; sign-in works.
    expect(await presetsStatus(server.baseUrl, firstToken)).toBe(200);
    const token = (await signIn(server.baseUrl, 'viewer@bmtools.local', 'viewer')).accessToken;
    expect(await presetsStatus(server.baseUrl, token)).toBe(200);
    await rotated.close();

    // The new key alone opens the row now; the old one alone is refused with a clear message.
    const newOnly = await startOn(port, server.databaseUrl, { SECRETS_KEY: NEW_KEY });
    restarts.push(newOnly);
    await newOnly.close();
    const refused = startOn(port, server.databaseUrl, { SECRETS_KEY: OLD_KEY });
    await expect(refused).rejects.toThrow(StartupRefusedError);
    await expect(refused).rejects.toThrow(/encrypted with another secrets key.*Set SECRETS_KEY/);
  });

  it('a wrong key stops the real entry point with a message naming SECRETS_KEY', () => {
    const main = path.resolve(import.meta.dirname, '../src/main.ts');
    const result = spawnSync(process.execPath, ['--import', 'tsx', main], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        DATABASE_URL: server.databaseUrl,
        PORT: '0',
        HOST: '127.0.0.1',
        LOG_LEVEL: 'silent',
        SECRETS_KEY: newKey(),
      },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toMatch(
      /The identity provider's keys in the database are encrypted with another secrets key \(key id [0-9a-f]{16}\); this start has SECRETS_KEY \(key id [0-9a-f]{16}\)\. Set SECRETS_KEY to the key they were encrypted with/,
    );
  });
});

describe('keys stored plain before encryption', () => {
  it('are sealed on the first start with a key, keeping the same signing key', async () => {
    const database = await createTestDatabase();
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const kid = 'plain-before-0024';
    const plain = {
      signingKey: { ...privateKey.export({ format: 'jwk' }), kid, alg: 'RS256', use: 'sig' },
      cookieKeys: [randomBytes(32).toString('base64url')],
    };
    await database.db.query(`INSERT INTO app_secrets (name, value) VALUES ('oidc', $1)`, [plain]);
    const port = await freePort();
    const running = await startOn(port, database.url, { SECRETS_KEY: OLD_KEY });
    try {
      const text = await storedRow(database.db);
      expect(text).not.toContain('"d":');
      expect(text).not.toContain(kid);
      const jwks = (await (await fetch(`${running.url}/oidc/jwks`)).json()) as { keys: { kid: string }[] };
      expect(jwks.keys.map((k) => k.kid)).toEqual([kid]);
    } finally {
      await running.close();
    }
  });
});

describe('a start without SECRETS_KEY', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'bm-secrets-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('outside production generates the key into the data directory (mode 0600) and reuses it', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const first = await startOn(port, database.url, { DATA_DIR: dataDir });
    await first.close();
    const file = path.join(dataDir, 'secrets.key');
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(await storedRow(database.db)).not.toContain('"d":');
    const second = await startOn(port, database.url, { DATA_DIR: dataDir });
    try {
      const token = (await signIn(`http://localhost:${port}`, 'admin@bmtools.local', 'admin')).accessToken;
      expect(await presetsStatus(`http://localhost:${port}`, token)).toBe(200);
    } finally {
      await second.close();
    }
  });

  it('in production on DATABASE_URL is refused, naming SECRETS_KEY; a malformed key is refused too', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://db.example/bm' };
    expect(() => loadConfig(production)).toThrow(/^Missing environment variable SECRETS_KEY: /);
    expect(loadConfig({ ...production, SECRETS_KEY: NEW_KEY }).secretsKey?.length).toBe(32);
    // An external identity provider: no provider keys to protect.
    expect(() => loadConfig({ ...production, OIDC_AUTHORITY: 'https://login.example.com' })).not.toThrow();
    expect(() => loadConfig({ SECRETS_KEY: 'short' })).toThrow(/^Invalid environment variable SECRETS_KEY: /);
    expect(() => loadConfig({ SECRETS_KEY_PREVIOUS: OLD_KEY })).toThrow(
      /^Invalid environment variable SECRETS_KEY_PREVIOUS: /,
    );
  });
});

describe('/api/docs', () => {
  let open: TestServer;
  let production: TestServer;
  let off: TestServer;
  let productionPublic: TestServer;
  let token: string;
  beforeAll(async () => {
    const inProduction = { NODE_ENV: 'production', ALLOW_DEMO_USERS: 'true', SECRETS_KEY: newKey() };
    [open, production, off, productionPublic] = await Promise.all([
      startTestServer(),
      startTestServer(inProduction),
      startTestServer({ API_DOCS: 'off' }),
      startTestServer({ ...inProduction, API_DOCS: 'public' }),
    ]);
    token = (await signIn(production.baseUrl, 'viewer@bmtools.local', 'viewer')).accessToken;
  });

  const get = (base: string, url: string, bearer?: string) =>
    fetch(`${base}${url}`, { headers: bearer ? { authorization: `Bearer ${bearer}` } : {} });

  it('outside production are public: the page and the document', async () => {
    const page = await get(open.baseUrl, '/api/docs');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('swagger');
    expect((await get(open.baseUrl, '/api/docs/json')).status).toBe(200);
  });

  it('in production serve the document to a signed-in caller only, and no page', async () => {
    const anonymous = await get(production.baseUrl, '/api/docs/json');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ message: 'Unauthorized' });
    expect((await get(production.baseUrl, '/api/docs/yaml')).status).toBe(401);
    expect((await get(production.baseUrl, '/api/docs/json', 'not.a.token')).status).toBe(401);

    const document = await get(production.baseUrl, '/api/docs/json', token);
    expect(document.status).toBe(200);
    expect(((await document.json()) as { openapi: string }).openapi).toMatch(/^3\./);
    expect((await get(production.baseUrl, '/api/docs/yaml', token)).status).toBe(200);

    const page = await get(production.baseUrl, '/api/docs', token);
    expect(page.status).toBe(404);
    expect(((await page.json()) as { message: string }).message).toContain('API_DOCS=signed-in');
    expect((await get(production.baseUrl, '/api/docs/static/index.html', token)).status).toBe(404);
  });

  it('API_DOCS=public opens them in production; API_DOCS=off serves nothing, even to a signed-in caller', async () => {
    expect((await get(productionPublic.baseUrl, '/api/docs')).status).toBe(200);
    expect((await get(productionPublic.baseUrl, '/api/docs/json')).status).toBe(200);
    const offToken = (await signIn(off.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
    for (const url of ['/api/docs', '/api/docs/json', '/api/docs/yaml', '/api/docs/static/index.html']) {
      expect((await get(off.baseUrl, url, offToken)).status, url).toBe(404);
    }
    expect(() => loadConfig({ API_DOCS: 'everyone' })).toThrow(/^Invalid environment variable API_DOCS: /);
  });

  it('serve an OpenAPI document that a maintained validator accepts, without the provider’s routes', async () => {
    for (const [base, bearer] of [
      [open.baseUrl, undefined],
      [production.baseUrl, token],
    ] as const) {
      const response = await get(base, '/api/docs/json', bearer);
      expect(response.status).toBe(200);
      const document = (await response.json()) as OpenAPI.Document & { paths: Record<string, object> };
      // Throws, naming the first problem, for a document client generators would refuse.
      await expect(SwaggerParser.validate(structuredClone(document))).resolves.toBeTruthy();
      const paths = Object.keys(document.paths);
      expect(paths.length).toBeGreaterThan(50);
      expect(paths.filter((p) => p === '/oidc' || p.startsWith('/oidc/'))).toEqual([]);
    }
  });
});
