import { generateKeyPairSync } from 'node:crypto';
import { importJWK, type JWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKeyOf } from './provider-keys.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let signingKey: JWK;

beforeAll(async () => {
  server = await startTestServer();
  signingKey = await signingKeyOf(server.db);
});

/** Polls `check` until it holds, for at most `ms` (status changes count within seconds). */
async function waitFor(check: () => Promise<boolean>, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const rights = (token: string) =>
  fetch(`${server.baseUrl}/api/userRights`, { headers: { authorization: `Bearer ${token}` } });

async function craft(
  claims: Record<string, unknown>,
  opts: { key?: JWK; exp?: number; typ?: string | undefined } = {},
): Promise<string> {
  const key = await importJWK(opts.key ?? signingKey, 'RS256');
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    scope: 'bm-tools-api bm-tools-hub',
    email: 'admin@bmtools.local',
    aud: 'bm-tools-api',
    ...claims,
  })
    .setProtectedHeader({
      alg: 'RS256',
      kid: (opts.key ?? signingKey).kid as string,
      ...('typ' in opts ? (opts.typ === undefined ? {} : { typ: opts.typ }) : { typ: 'at+jwt' }),
    })
    .setIssuer(`${server.baseUrl}/oidc`)
    .setSubject('x')
    .setIssuedAt(now - 100)
    .setExpirationTime(opts.exp ?? now + 600)
    .sign(key);
}

describe('sign-in through the built-in provider', () => {
  it.each([
    ['admin@bmtools.local', 'admin'],
    ['editor@bmtools.local', 'editor'],
    ['mapper@bmtools.local', 'mapper'],
    ['viewer@bmtools.local', 'viewer'],
  ])('signs %s in with code + PKCE and a JWT for bm-tools-api', async (email, password) => {
    const tokens = await signIn(server.baseUrl, email, password);
    expect(tokens.scope.split(' ')).toEqual(expect.arrayContaining(['bm-tools-api', 'bm-tools-hub']));
    expect(tokens.idToken.split('.')).toHaveLength(3);
    const [, payload] = tokens.accessToken.split('.');
    const claims = JSON.parse(Buffer.from(payload as string, 'base64url').toString());
    expect(claims).toMatchObject({ aud: 'bm-tools-api', email, iss: `${server.baseUrl}/oidc` });
    const response = await rights(tokens.accessToken);
    expect(response.status).toBe(200);
    expect(((await response.json()) as string[]).length).toBeGreaterThan(0);
  });

  it('refuses a wrong password and shows the form again with the email kept', async () => {
    await expect(signIn(server.baseUrl, 'admin@bmtools.local', 'wrong')).rejects.toThrow('Sign-in refused');
  });

  it('refuses a disabled account', async () => {
    await server.db.query(`UPDATE users SET disabled = true WHERE email = 'viewer@bmtools.local'`);
    await expect(signIn(server.baseUrl, 'viewer@bmtools.local', 'viewer')).rejects.toThrow('Sign-in refused');
    await server.db.query(`UPDATE users SET disabled = false WHERE email = 'viewer@bmtools.local'`);
  });
});

describe('bearer token checks', () => {
  it('accepts a well-formed token signed by the provider', async () => {
    expect((await rights(await craft({}))).status).toBe(200);
  });

  it('answers 401 {message} for a missing token', async () => {
    const response = await fetch(`${server.baseUrl}/api/userRights`);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: 'Unauthorized' });
  });

  it('answers 401 for an expired token', async () => {
    const response = await rights(await craft({}, { exp: Math.floor(Date.now() / 1000) - 60 }));
    expect(response.status).toBe(401);
    expect(((await response.json()) as { message: string }).message).toMatch(/invalid or expired/);
  });

  it('answers 401 for a wrong audience', async () => {
    const token = await craft({ aud: 'someone-else' });
    expect((await rights(token)).status).toBe(401);
  });

  it('answers 401 for alg:none', async () => {
    const enc = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const now = Math.floor(Date.now() / 1000);
    const token = `${enc({ alg: 'none', typ: 'JWT' })}.${enc({
      iss: `${server.baseUrl}/oidc`,
      aud: 'bm-tools-api',
      email: 'admin@bmtools.local',
      exp: now + 600,
    })}.`;
    expect((await rights(token)).status).toBe(401);
  });

  it('answers 401 for a token signed by another key', async () => {
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const other = { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: signingKey.kid };
    expect((await rights(await craft({}, { key: other }))).status).toBe(401);
  });

  it('answers 401 for a tampered payload', async () => {
    const [h, , s] = (await craft({})).split('.');
    const forged = Buffer.from(
      JSON.stringify({ email: 'admin@bmtools.local', aud: 'bm-tools-api' }),
    ).toString('base64url');
    expect((await rights(`${h}.${forged}.${s}`)).status).toBe(401);
  });

  it('answers 401 for a token without the bm-tools-api scope', async () => {
    for (const scope of ['bm-tools-hub', 'openid profile', 'bm-tools-apix']) {
      const response = await rights(await craft({ scope }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'The access token lacks the bm-tools-api scope' });
    }
    const response = await rights(await craft({ scope: undefined }));
    expect(response.status).toBe(401);
  });

  it('answers 401 for a JWT whose typ is not at+jwt, and for the id token', async () => {
    for (const typ of ['JWT', 'id_token+jwt', undefined]) {
      const response = await rights(await craft({}, { typ }));
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({ message: 'The token is not an access token (typ at+jwt)' });
    }
    // The long form of RFC 9068 is the same type.
    expect((await rights(await craft({}, { typ: 'application/at+jwt' }))).status).toBe(200);
    const { idToken, accessToken } = await signIn(server.baseUrl, 'editor@bmtools.local', 'editor');
    expect(
      JSON.parse(Buffer.from(accessToken.split('.')[0] as string, 'base64url').toString()),
    ).toMatchObject({
      typ: 'at+jwt',
    });
    expect((await rights(idToken)).status).toBe(401);
  });

  it('answers 401 for a wrong issuer', async () => {
    const key = await importJWK(signingKey, 'RS256');
    const token = await new SignJWT({ email: 'admin@bmtools.local', scope: 'bm-tools-api' })
      .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid as string, typ: 'at+jwt' })
      .setIssuer('https://evil.example/oidc')
      .setAudience('bm-tools-api')
      .setExpirationTime('10m')
      .sign(key);
    expect((await rights(token)).status).toBe(401);
  });
});

describe('rights are read on every request', () => {
  it('counts a revocation at once', async () => {
    const token = await craft({ email: 'editor@bmtools.local' });
    const before = (await (await rights(token)).json()) as string[];
    expect(before).toContain('BMTools/Page/List');
    await server.db.query(
      `DELETE FROM user_roles WHERE user_id = (SELECT id FROM users WHERE email = 'editor@bmtools.local')`,
    );
    const after = (await (await rights(token)).json()) as string[];
    expect(after).toEqual([]);
  });

  it('counts a right taken from a role, a renamed right and a disabled account at once', async () => {
    const token = await craft({ email: 'viewer@bmtools.local' });
    const list = async () => (await (await rights(token)).json()) as string[];
    const pages = async () =>
      (await fetch(`${server.baseUrl}/api/pages`, { headers: { authorization: `Bearer ${token}` } })).status;
    expect(await list()).toContain('BMTools/Page/List');
    expect(await pages()).toBe(200);

    await server.db.query(
      `DELETE FROM role_rights WHERE right_id = (SELECT id FROM rights WHERE name = 'BMTools/Page/List')
          AND role_id = (SELECT id FROM roles WHERE name = 'viewer')`,
    );
    expect(await list()).not.toContain('BMTools/Page/List');
    expect(await pages()).toBe(403);

    await server.db.query(
      `INSERT INTO role_rights (role_id, right_id)
         SELECT (SELECT id FROM roles WHERE name = 'viewer'), id FROM rights WHERE name = 'BMTools/Page/List'`,
    );
    expect(await pages()).toBe(200);

    await server.db.query(
      `UPDATE rights SET name = 'BMTools/Page/ListRenamed' WHERE name = 'BMTools/Page/List'`,
    );
    expect(await list()).toContain('BMTools/Page/ListRenamed');
    expect(await list()).not.toContain('BMTools/Page/List');
    await server.db.query(
      `UPDATE rights SET name = 'BMTools/Page/List' WHERE name = 'BMTools/Page/ListRenamed'`,
    );

    // A disabled account's token is refused (401) as soon as the change is announced, within the
    // status cache's few seconds at the latest; enabling it again lets the same token through.
    await server.db.query(`UPDATE users SET disabled = true WHERE email = 'viewer@bmtools.local'`);
    await waitFor(async () => (await rights(token)).status === 401);
    expect(await (await rights(token)).json()).toEqual({ message: 'The account is disabled or unknown' });
    await server.db.query(`UPDATE users SET disabled = false WHERE email = 'viewer@bmtools.local'`);
    await waitFor(async () => (await rights(token)).status === 200);
    expect(await list()).toContain('BMTools/Page/List');
  });

  it('keeps user_rights equal to the rights granted through roles', async () => {
    const { rows } = await server.db.query<{ missing: number; extra: number }>(
      `SELECT (SELECT count(*) FROM v_granted_rights g WHERE NOT EXISTS
                (SELECT 1 FROM user_rights x WHERE x.email = g.email AND x.right_name = g.right_name)) AS missing,
              (SELECT count(*) FROM user_rights x WHERE NOT EXISTS
                (SELECT 1 FROM v_granted_rights g WHERE x.email = g.email AND x.right_name = g.right_name)) AS extra`,
    );
    expect(rows[0]).toEqual({ missing: 0, extra: 0 });
    const { rows: counts } = await server.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM user_rights',
    );
    expect(counts[0]?.n).toBeGreaterThan(100);
  });
});
