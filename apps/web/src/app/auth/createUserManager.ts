/**
 * The OIDC client for the runtime config:
 * authorization code flow with PKCE in place of the implicit flow, `/callback` and `/silent_renew.html`
 * on this origin, automatic silent renew, user and pending sign-ins in local storage.
 */
import type { RuntimeConfig } from '@bm/contracts';
import { UserManager, WebStorageStateStore } from 'oidc-client-ts';

export function createUserManager(config: RuntimeConfig, origin: string, storage: Storage): UserManager {
  return new UserManager({
    authority: config.authority,
    client_id: config.clientId,
    scope: config.scope,
    response_type: 'code',
    redirect_uri: `${origin}/callback`,
    silent_redirect_uri: `${origin}/silent_renew.html`,
    post_logout_redirect_uri: `${origin}/`,
    automaticSilentRenew: true,
    userStore: new WebStorageStateStore({ store: storage }),
    stateStore: new WebStorageStateStore({ store: storage }),
    // The id token carries email and sub; the display needs nothing more.
    loadUserInfo: false,
  });
}
