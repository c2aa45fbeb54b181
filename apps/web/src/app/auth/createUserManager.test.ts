import type { RuntimeConfig } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { createUserManager } from './createUserManager.ts';

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
});
