/**
 * The login form's limit on password guessing (ADR 0008): counted in PostgreSQL per account and per
 * client address, with a growing lock, and X-Forwarded-For believed from TRUST_PROXY peers only.
 * LOGIN_DELAY_BASE is large here so a lock is still in force when the next request arrives on a
 * loaded machine; the lock's growth is shown by moving the stored lock into the past, as time would.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { finishSignIn, openLoginForm, signIn, submitLogin } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const LIMITS = { LOGIN_DELAY_BASE: '30', LOGIN_DELAY_MAX: '120' };

let direct: TestServer;
let proxied: TestServer;

beforeAll(async () => {
  [direct, proxied] = await Promise.all([
    // As reported: a production start, which used to trust every peer's X-Forwarded-*.
    startTestServer({
      ...LIMITS,
      NODE_ENV: 'production',
      ALLOW_DEMO_USERS: 'true',
      SECRETS_KEY: randomBytes(32).toString('base64'),
    }),
    // The test itself plays the proxy: it connects from the loopback address.
    startTestServer({ ...LIMITS, TRUST_PROXY: '127.0.0.1' }),
  ]);
});

const xff = (address: string) => ({ 'x-forwarded-for': address });

async function failures(server: TestServer, key: string) {
  const { rows } = await server.db.query<{ failures: number; lock: number | null }>(
    `SELECT failures, round(extract(epoch FROM locked_until - last_failure_at))::int AS lock
       FROM login_failures WHERE key = $1`,
    [key],
  );
  return rows[0] ?? null;
}

/** What time would do: the key's lock has run out. */
const expireLock = (server: TestServer, key: string) =>
  server.db.query(`UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE key = $1`, [
    key,
  ]);

describe('without TRUST_PROXY (in production)', () => {
  it('ignores a rotating X-Forwarded-For: the peer address is limited, even for the right password', async () => {
    const form = await openLoginForm(direct.baseUrl);
    // Ten wrong passwords, each for another email and with another forged address.
    for (let i = 0; i < 10; i++) {
      const response = await submitLogin(
        { ...form, headers: xff(`198.51.100.${i}`) },
        `nobody${i}@example.com`,
        'wrong',
      );
      expect(response.status).toBe(400);
    }
    expect(await failures(direct, 'address:127.0.0.1')).toEqual({ failures: 10, lock: null });
    expect(await failures(direct, 'address:198.51.100.3')).toBeNull();

    const wrong = await submitLogin(
      { ...form, headers: xff('198.51.100.99') },
      'nobody@example.com',
      'wrong',
    );
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain('Email or password is incorrect. Try again in 30 seconds.');
    expect(await failures(direct, 'address:127.0.0.1')).toEqual({ failures: 11, lock: 30 });

    // The right password is refused too while the address is locked, without being checked.
    const right = await submitLogin({ ...form, headers: xff('203.0.113.7') }, 'admin@bmtools.local', 'admin');
    expect(right.status).toBe(429);
    expect(Number(right.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await right.text()).toMatch(/Too many failed sign-ins\. Try again in \d+ seconds\./);
    expect(await failures(direct, 'account:admin@bmtools.local')).toBeNull();

    // Once the lock has run out the right password signs in.
    await expireLock(direct, 'address:127.0.0.1');
    const tokens = await finishSignIn(form, await submitLogin(form, 'admin@bmtools.local', 'admin'));
    expect(tokens.accessToken).toBeTruthy();
  });

  it('says on the login page how the limit works', async () => {
    const { html } = await openLoginForm(direct.baseUrl);
    expect(html).toContain(
      'After 5 wrong passwords for one account, or 10 from one network address, each further try has to wait: 30 seconds at first, then twice as long after each wrong try, up to 2 minutes.',
    );
  });
});

/** The endpoints the provider advertises are built from the protocol and host it believes. */
async function advertisedAuthorization(server: TestServer, headers: Record<string, string>) {
  const response = await fetch(`${server.baseUrl}/oidc/.well-known/openid-configuration`, { headers });
  return ((await response.json()) as { authorization_endpoint: string }).authorization_endpoint;
}

const forged = { 'x-forwarded-proto': 'https', 'x-forwarded-host': 'evil.example', ...xff('198.51.100.1') };

describe('X-Forwarded-* at the built-in provider', () => {
  it('never reach the provider from an untrusted peer', async () => {
    expect(await advertisedAuthorization(direct, forged)).toBe(`${direct.baseUrl}/oidc/auth`);
  });

  it('reach it from a trusted proxy', async () => {
    expect(await advertisedAuthorization(proxied, forged)).toBe('https://evil.example/oidc/auth');
    expect(await advertisedAuthorization(proxied, {})).toBe(`${proxied.baseUrl}/oidc/auth`);
  });
});

describe('with TRUST_PROXY', () => {
  it("counts the address the trusted proxy reports, so one client's failures do not lock another", async () => {
    const form = await openLoginForm(proxied.baseUrl, xff('203.0.113.10'));
    for (let i = 0; i < 11; i++) {
      await submitLogin(form, `someone${i}@example.com`, 'wrong');
    }
    expect(await failures(proxied, 'address:203.0.113.10')).toEqual({ failures: 11, lock: 30 });
    expect(await failures(proxied, 'address:127.0.0.1')).toBeNull();
    expect((await submitLogin(form, 'admin@bmtools.local', 'admin')).status).toBe(429);
    // Another client behind the same proxy signs in.
    const other = await signIn(proxied.baseUrl, 'admin@bmtools.local', 'admin', xff('203.0.113.11'));
    expect(other.accessToken).toBeTruthy();
  });

  it('limits an account across addresses, with a lock that doubles up to the cap', async () => {
    const email = 'editor@bmtools.local';
    const key = `account:${email}`;
    const from = async (address: string) => openLoginForm(proxied.baseUrl, xff(address));
    for (let i = 0; i < 5; i++) {
      expect((await submitLogin(await from(`192.0.2.${i}`), email, 'wrong')).status).toBe(400);
    }
    expect(await failures(proxied, key)).toEqual({ failures: 5, lock: null });
    expect((await submitLogin(await from('192.0.2.5'), email, 'wrong')).status).toBe(400);
    expect(await failures(proxied, key)).toEqual({ failures: 6, lock: 30 });

    // Locked: from yet another address even the right password waits, and is not counted.
    const locked = await submitLogin(await from('192.0.2.6'), email, 'editor');
    expect(locked.status).toBe(429);
    expect(await locked.text()).toMatch(/Try again in \d+ seconds\./);
    expect(await failures(proxied, key)).toEqual({ failures: 6, lock: 30 });

    // Each further failure after a lock has run out doubles the lock, up to LOGIN_DELAY_MAX.
    for (const lock of [60, 120, 120]) {
      await expireLock(proxied, key);
      expect((await submitLogin(await from('192.0.2.7'), email, 'wrong')).status).toBe(400);
      expect((await failures(proxied, key))?.lock).toBe(lock);
    }
    const wait = await submitLogin(await from('192.0.2.8'), email, 'editor');
    expect(await wait.text()).toMatch(/Try again in 2 minutes\./);

    // After the lock, the right password signs in and clears the account's count.
    await expireLock(proxied, key);
    expect((await signIn(proxied.baseUrl, email, 'editor', xff('192.0.2.9'))).accessToken).toBeTruthy();
    expect(await failures(proxied, key)).toBeNull();
  });

  it('locks an unknown email just like a real one, so the limit reveals nothing', async () => {
    const email = 'no-such-user@example.com';
    for (let i = 0; i < 6; i++) {
      await submitLogin(await openLoginForm(proxied.baseUrl, xff(`192.0.2.${50 + i}`)), email, 'x');
    }
    expect(await failures(proxied, `account:${email}`)).toEqual({ failures: 6, lock: 30 });
  });
});
