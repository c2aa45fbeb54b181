import type { RuntimeConfig } from '@bm/contracts';
import { User } from 'oidc-client-ts';
import { describe, expect, it } from 'vitest';
import { createUserManager, readStoredUser } from './createUserManager.ts';

const config: RuntimeConfig = {
  appName: 'BM Tools',
  authority: 'http://localhost:3000/oidc',
  clientId: 'bm-tools-spa',
  scope: 'openid profile bm-tools-api bm-tools-hub',
  clientRequestTimeOut: 30,
  toolUrls: {},
  fallbackToolUrl: '',
  redirectOrigins: [],
};

describe('createUserManager', () => {
  it('uses the code flow with this origin’s callback pages and local storage', () => {
    const { settings } = createUserManager(config, 'http://localhost:3000', localStorage);
    expect(settings).toMatchObject({
      authority: config.authority,
      client_id: 'bm-tools-spa',
      scope: config.scope,
      response_type: 'code',
      redirect_uri: 'http://localhost:3000/callback',
      silent_redirect_uri: 'http://localhost:3000/silent_renew.html',
      post_logout_redirect_uri: 'http://localhost:3000/',
      automaticSilentRenew: true,
      disablePKCE: false,
    });
  });

  it('reads at once the user the library stored, and nothing when there is none or it is damaged', async () => {
    const manager = createUserManager(config, 'http://localhost:3000', localStorage);
    expect(readStoredUser(manager, localStorage)).toBeNull();
    const user = new User({
      access_token: 'stored-token',
      token_type: 'Bearer',
      expires_at: Math.floor(Date.now() / 1000) + 600,
      profile: { sub: 'user-1', iss: config.authority, aud: 'bm-tools-spa', exp: 0, iat: 0 },
    });
    await manager.storeUser(user);
    // Where the library keeps it is its own choice: this read must find what it stored.
    expect(readStoredUser(manager, localStorage)?.access_token).toBe('stored-token');
    expect((await manager.getUser())?.access_token).toBe('stored-token');

    for (const key of Object.keys(localStorage))
      if (key.includes('user:')) localStorage.setItem(key, '{not json');
    expect(readStoredUser(manager, localStorage)).toBeNull();
    await manager.removeUser();
    expect(readStoredUser(manager, localStorage)).toBeNull();
  });
});
