import { User } from 'oidc-client-ts';
import { describe, expect, it, vi } from 'vitest';
import { takeAfterLoginUrl } from './afterLoginUrl.ts';
import { createSession, displayName, type SessionUserManager } from './session.ts';

const now = (): number => Math.floor(Date.now() / 1000);

function makeUser(
  token: string,
  { expired = false, scope = 'openid profile bm-tools-api bm-tools-hub' } = {},
): User {
  return new User({
    access_token: token,
    token_type: 'Bearer',
    scope,
    expires_at: expired ? now() - 10 : now() + 3600,
    profile: { sub: 'user-1', email: 'admin@bmtools.local', iss: 'http://idp', aud: 'spa', exp: 0, iat: 0 },
  });
}

function fakeManager(stored: User | null, silent: () => Promise<User | null>) {
  const manager = {
    getUser: vi.fn(async () => stored),
    signinSilent: vi.fn(silent),
    signinRedirect: vi.fn(async () => {}),
    signoutRedirect: vi.fn(async () => {}),
    signinRedirectCallback: vi.fn(async () => makeUser('from-callback')),
    removeUser: vi.fn(async () => {}),
    events: {
      addUserLoaded: vi.fn(() => () => {}),
      addUserUnloaded: vi.fn(() => () => {}),
      addAccessTokenExpired: vi.fn(() => () => {}),
    },
  } satisfies SessionUserManager;
  return manager;
}

describe('createSession', () => {
  it('restores a valid stored user without renewing', async () => {
    const manager = fakeManager(makeUser('stored'), async () => null);
    const session = createSession(manager, sessionStorage);
    await session.restore();
    expect(session.getSnapshot().status).toBe('signedIn');
    expect(manager.signinSilent).not.toHaveBeenCalled();
    await expect(session.getAccessToken()).resolves.toBe('stored');
  });

  it('renews an expired user silently', async () => {
    const manager = fakeManager(makeUser('old', { expired: true }), async () => makeUser('renewed'));
    const session = createSession(manager, sessionStorage);
    await session.restore();
    expect(session.getSnapshot()).toMatchObject({ status: 'signedIn' });
    await expect(session.getAccessToken()).resolves.toBe('renewed');
  });

  it('shows the sign-in view when renewal fails', async () => {
    const manager = fakeManager(null, async () => {
      throw new Error('login_required');
    });
    const session = createSession(manager, sessionStorage);
    await session.restore();
    // A visitor who was never signed in here: nothing expired.
    expect(session.getSnapshot()).toEqual({ status: 'signedOut', user: null, expired: false });
  });

  it('marks a signed-in session that could not be renewed as expired, not a sign-out', async () => {
    const manager = fakeManager(makeUser('stored'), async () => {
      throw new Error('login_required');
    });
    const session = createSession(manager, sessionStorage);
    await session.restore();
    expect(session.getSnapshot().expired).toBe(false);
    await expect(session.renew()).resolves.toBeNull();
    expect(session.getSnapshot()).toEqual({ status: 'signedOut', user: null, expired: true });
    session.expire();
    expect(session.getSnapshot().expired).toBe(true);
  });

  it('sends the token in storage, so a removed one is renewed instead of reused', async () => {
    const manager = fakeManager(makeUser('stored'), async () => makeUser('renewed'));
    const session = createSession(manager, sessionStorage);
    await session.restore();
    await expect(session.getAccessToken()).resolves.toBe('stored');
    manager.getUser.mockResolvedValue(null);
    await expect(session.getAccessToken()).resolves.toBe('renewed');
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('renews once for concurrent callers', async () => {
    const manager = fakeManager(null, async () => makeUser('renewed'));
    const session = createSession(manager, sessionStorage);
    const tokens = await Promise.all([session.getAccessToken(), session.getAccessToken(), session.renew()]);
    expect(tokens).toEqual(['renewed', 'renewed', 'renewed']);
    expect(manager.signinSilent).toHaveBeenCalledTimes(1);
  });

  it('stores the after-login URL before redirecting to the provider', async () => {
    const manager = fakeManager(null, async () => null);
    const session = createSession(manager, sessionStorage);
    await session.signIn('/page/edit/4');
    expect(manager.signinRedirect).toHaveBeenCalled();
    expect(takeAfterLoginUrl(sessionStorage)).toBe('/page/edit/4');
  });

  it('completes a sign-in once per callback URL', async () => {
    const manager = fakeManager(null, async () => null);
    const session = createSession(manager, sessionStorage);
    const [a, b] = await Promise.all([
      session.completeSignIn('/callback?code=1'),
      session.completeSignIn('/callback?code=1'),
    ]);
    expect(a).toBe(b);
    expect(manager.signinRedirectCallback).toHaveBeenCalledTimes(1);
  });

  it('refuses a sign-in whose grant lacks bm-tools-api', async () => {
    const manager = fakeManager(null, async () => null);
    manager.signinRedirectCallback.mockResolvedValueOnce(makeUser('t', { scope: 'openid profile' }));
    const session = createSession(manager, sessionStorage);
    await expect(session.completeSignIn('/callback?code=2')).rejects.toThrow('bm-tools-api');
    expect(manager.removeUser).toHaveBeenCalled();
    expect(session.getSnapshot().status).toBe('signedOut');
  });

  it('shows the email, else the subject', () => {
    expect(displayName(makeUser('t'))).toBe('admin@bmtools.local');
    const bare = makeUser('t');
    delete bare.profile.email;
    expect(displayName(bare)).toBe('user-1');
  });

  it('offers the stored token at once only while it is valid', () => {
    const manager = fakeManager(null, async () => null);
    let stored: User | null = makeUser('fresh');
    const session = createSession(manager, sessionStorage, () => stored);
    expect(session.peekAccessToken()).toBe('fresh');
    stored = makeUser('old', { expired: true });
    expect(session.peekAccessToken()).toBeNull();
    stored = null;
    expect(session.peekAccessToken()).toBeNull();
    // Without a synchronous reader there is nothing to offer; getAccessToken remains the way.
    expect(createSession(manager, sessionStorage).peekAccessToken()).toBeNull();
  });
});
