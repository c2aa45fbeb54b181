import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { importJWK, SignJWT } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { signingKeyOf } from './provider-keys.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let idp: TestServer;
let api: TestServer;

beforeAll(async () => {
  // The first server plays an external identity provider; the second trusts it via OIDC_AUTHORITY.
  idp = await startTestServer();
  api = await startTestServer({ OIDC_AUTHORITY: `${idp.baseUrl}/oidc`, OIDC_AUDIENCE: 'bm-tools-api' });
});

describe('an external identity provider (OIDC_AUTHORITY)', () => {
  it('turns the built-in provider off and points the SPA at the external one', async () => {
    const config = (await (await fetch(`${api.baseUrl}/api/config`)).json()) as { authority: string };
    expect(config.authority).toBe(`${idp.baseUrl}/oidc`);
    expect((await fetch(`${api.baseUrl}/oidc/.well-known/openid-configuration`)).status).toBe(404);
  });

  it('accepts that issuer’s tokens and looks rights up by the token’s email', async () => {
    const { accessToken } = await signIn(idp.baseUrl, 'editor@bmtools.local', 'editor');
    const response = await fetch(`${api.baseUrl}/api/userRights`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toContain('BMTools/Page/Edit');
  });

  it('refuses that issuer’s JWTs unless they are access tokens (typ at+jwt) with the bm-tools-api scope', async () => {
    const jwk = await signingKeyOf(idp.db);
    const token = async (typ: string, scope: string) =>
      new SignJWT({ scope, email: 'editor@bmtools.local', aud: 'bm-tools-api' })
        .setProtectedHeader({ alg: 'RS256', kid: jwk.kid as string, typ })
        .setIssuer(`${idp.baseUrl}/oidc`)
        .setSubject('editor')
        .setIssuedAt()
        .setExpirationTime('10m')
        .sign(await importJWK(jwk, 'RS256'));
    const status = async (t: string) =>
      (await fetch(`${api.baseUrl}/api/userRights`, { headers: { authorization: `Bearer ${t}` } })).status;
    expect(await status(await token('at+jwt', 'openid bm-tools-api'))).toBe(200);
    expect(await status(await token('JWT', 'openid bm-tools-api'))).toBe(401);
    expect(await status(await token('at+jwt', 'openid profile'))).toBe(401);
  });

  it('still refuses tokens of another issuer', async () => {
    const other = await startTestServer();
    const { accessToken } = await signIn(other.baseUrl, 'admin@bmtools.local', 'admin');
    const response = await fetch(`${api.baseUrl}/api/userRights`, {
      headers: { authorization: `Bearer ${accessToken}` },
    });
    expect(response.status).toBe(401);
  });
});

describe('npm run users', () => {
  const cli = (args: string[]) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', path.resolve(import.meta.dirname, '../src/cli/users.ts'), ...args],
      {
        env: { ...process.env, DATABASE_URL: idp.databaseUrl },
        encoding: 'utf8',
        timeout: 30_000,
      },
    );

  it('adds an account that can sign in with the given role, and disables it', async () => {
    const added = cli(['add', 'Jane@Example.com', '--role', 'viewer', '--password', 'correct horse']);
    expect(added.status).toBe(0);
    expect(added.stdout).toContain('Added jane@example.com with role viewer.');
    const { accessToken } = await signIn(idp.baseUrl, 'jane@example.com', 'correct horse');
    const rights = (await (
      await fetch(`${idp.baseUrl}/api/userRights`, { headers: { authorization: `Bearer ${accessToken}` } })
    ).json()) as string[];
    expect(rights).toContain('BMTools/Page/List');
    expect(rights).not.toContain('BMTools/Page/Edit');
    expect(cli(['list']).stdout).toMatch(/jane@example\.com\tviewer\tenabled/);
    expect(cli(['disable', 'jane@example.com']).status).toBe(0);
    await expect(signIn(idp.baseUrl, 'jane@example.com', 'correct horse')).rejects.toThrow('Sign-in refused');
    // The running server learns of it from the database: the token she holds is refused too.
    const until = Date.now() + 10_000;
    let status = 200;
    while (status !== 401 && Date.now() < until) {
      status = (
        await fetch(`${idp.baseUrl}/api/userRights`, { headers: { authorization: `Bearer ${accessToken}` } })
      ).status;
      if (status !== 401) await new Promise((r) => setTimeout(r, 50));
    }
    expect(status).toBe(401);
  });

  it('refuses an unknown role and a duplicate account with a non-zero exit', () => {
    const unknown = cli(['add', 'x@example.com', '--role', 'superuser']);
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('Unknown role "superuser"');
    const duplicate = cli(['add', 'admin@bmtools.local', '--role', 'admin']);
    expect(duplicate.status).toBe(1);
    expect(duplicate.stderr).toContain('already exists');
  });

  it('sets a new password, which ends the demo status and the sessions of an account', async () => {
    const before = await signIn(idp.baseUrl, 'mapper@bmtools.local', 'mapper');
    const changed = cli(['set-password', 'mapper@bmtools.local', '--password', 'new secret']);
    expect(changed.status).toBe(0);
    expect(changed.stdout).toContain('Password of mapper@bmtools.local changed; its sessions are ended.');
    const until = Date.now() + 10_000;
    const status = async () =>
      (
        await fetch(`${idp.baseUrl}/api/userRights`, {
          headers: { authorization: `Bearer ${before.accessToken}` },
        })
      ).status;
    while ((await status()) !== 401 && Date.now() < until) await new Promise((r) => setTimeout(r, 50));
    expect(await status()).toBe(401);
    await expect(signIn(idp.baseUrl, 'mapper@bmtools.local', 'mapper')).rejects.toThrow('Sign-in refused');
    expect((await signIn(idp.baseUrl, 'mapper@bmtools.local', 'new secret')).accessToken).toBeTruthy();
    const { rows } = await idp.db.query(`SELECT is_demo FROM users WHERE email = 'mapper@bmtools.local'`);
    expect(rows).toEqual([{ is_demo: false }]);
  });
});
