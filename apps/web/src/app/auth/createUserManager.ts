/**
 * The OIDC client for the runtime config:
 * authorization code flow with PKCE in place of the implicit flow, `/callback` and `/silent_renew.html`
 * on this origin, automatic silent renew, user and pending sign-ins in local storage.
 */

/**
 * Where the user manager keeps its user in `storage`: oidc-client-ts's store prefix and user key,
 * which it does not publish (createUserManager.dom.test.ts checks this against the library).
 */
const storedUserKey = (manager: UserManager): string =>
  `oidc.user:${manager.settings.authority}:${manager.settings.client_id}`;

/**
 * The stored user read at once, without the library's promise: a call can then leave in the same
 * task that asks for it (a list's first page during its first render, not after it). Null when
 * there is none or it cannot be read; the library's own `getUser` is the way to learn why.
 */
export function readStoredUser(manager: UserManager, storage: Storage): User | null {
  try {
    const stored = storage.getItem(storedUserKey(manager));
    return stored ? User.fromStorageString(stored) : null;
  } catch {
    return null;
  }
}

import type { RuntimeConfig } from '@bm/contracts';
import { User, UserManager, WebStorageStateStore } from 'oidc-client-ts';

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
