/**
 * The signed-in session as a small store outside React: its status, the user, and every way it changes
 * (restore at boot, silent renewal, sign-in and sign-out redirects, completing a sign-in). The HTTP
 * client and the screens both read it; the token is refreshed when missing or expired.
 */
import { API_SCOPE } from '@bm/contracts';
import type { User } from 'oidc-client-ts';
import { storeAfterLoginUrl } from './afterLoginUrl.ts';

type SessionStatus = 'unknown' | 'checking' | 'signedIn' | 'signedOut';

export interface SessionSnapshot {
  status: SessionStatus;
  user: User | null;
  /**
   * The user was signed in and the session ended without signing out (a 401 that silent renewal
   * could not mend, or a token that expired beyond renewal): the sign-in view says so, and forms
   * keep their unsaved values for after the sign-in.
   */
  expired?: boolean;
}

/** The part of oidc-client-ts's UserManager the session uses. */
export interface SessionUserManager {
  getUser(): Promise<User | null>;
  signinSilent(): Promise<User | null>;
  signinRedirect(): Promise<void>;
  signoutRedirect(): Promise<void>;
  signinRedirectCallback(url?: string): Promise<User>;
  removeUser(): Promise<void>;
  events: {
    addUserLoaded(callback: (user: User) => void): () => void;
    addUserUnloaded(callback: () => void): () => void;
    addAccessTokenExpired(callback: () => void): () => void;
  };
}

export interface Session {
  getSnapshot(): SessionSnapshot;
  subscribe(listener: () => void): () => void;
  /** Looks for a stored user, renewing it when missing or expired; once per page load. */
  restore(): Promise<void>;
  getAccessToken(): Promise<string | null>;
  /**
   * The stored user's access token when it can be read at once and has not expired; null otherwise
   * (then `getAccessToken` finds or renews one).
   */
  peekAccessToken(): string | null;
  /** Silent renewal, one at a time; the new access token or null. */
  renew(): Promise<string | null>;
  /** Ends the session in this tab: the sign-in view shows. */
  expire(): void;
  signIn(afterLoginUrl: string): Promise<void>;
  signOut(): Promise<void>;
  /** Completes the redirect back from the provider; rejects when the grant lacks the API scope. */
  completeSignIn(url: string): Promise<User>;
}

const hasApiScope = (scope: string | undefined): boolean => (scope ?? '').split(' ').includes(API_SCOPE);

/** What the user menu shows as the profile id. */
export const displayName = (user: User): string => user.profile.email ?? user.profile.sub;

/**
 * `readStoredUser` reads the user manager's stored user synchronously (createUserManager's
 * `readStoredUser`); without it, `peekAccessToken` has nothing to offer.
 */
export function createSession(
  userManager: SessionUserManager,
  storage: Storage,
  readStoredUser: () => User | null = () => null,
): Session {
  let snapshot: SessionSnapshot = { status: 'unknown', user: null, expired: false };
  const listeners = new Set<() => void>();
  let renewing: Promise<string | null> | null = null;
  const completions = new Map<string, Promise<User>>();

  const set = (status: SessionStatus, user: User | null, expired = false): void => {
    if (snapshot.status === status && snapshot.user === user && snapshot.expired === expired) return;
    snapshot = { status, user, expired };
    for (const listener of listeners) listener();
  };
  /** Signed out without asking for it: expired when the user was signed in (or already expired). */
  const lapse = (): void =>
    set('signedOut', null, snapshot.status === 'signedIn' || snapshot.expired === true);

  function renew(): Promise<string | null> {
    renewing ??= userManager
      .signinSilent()
      .then((user) => {
        if (user) set('signedIn', user);
        else lapse();
        return user?.access_token ?? null;
      })
      .catch(() => {
        lapse();
        return null;
      })
      .finally(() => {
        renewing = null;
      });
    return renewing;
  }

  userManager.events.addUserLoaded((user) => set('signedIn', user));
  userManager.events.addUserUnloaded(() => set('signedOut', null));
  // Automatic renewal runs before expiry; this is its last chance when that failed.
  userManager.events.addAccessTokenExpired(() => {
    if (snapshot.status === 'signedIn') void renew();
  });

  return {
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      if (snapshot.status !== 'unknown') return;
      set('checking', null);
      const user = await userManager.getUser().catch(() => null);
      if (user && !user.expired) set('signedIn', user);
      else await renew();
    },
    async getAccessToken() {
      // The stored user, not a copy in memory: a renewal or sign-out in another tab, or a token
      // that was removed or damaged in storage, is what the next call sees (and a 401 renews it).
      const user = await userManager.getUser().catch(() => null);
      if (user && !user.expired) return user.access_token;
      return renew();
    },
    peekAccessToken() {
      const user = readStoredUser();
      return user && !user.expired ? user.access_token : null;
    },
    renew,
    expire: lapse,
    async signIn(afterLoginUrl) {
      storeAfterLoginUrl(storage, afterLoginUrl);
      await userManager.signinRedirect();
    },
    signOut: () => userManager.signoutRedirect(),
    completeSignIn(url) {
      // React's development double effects must not redeem the same code twice.
      let completion = completions.get(url);
      if (!completion) {
        completion = userManager.signinRedirectCallback(url).then(async (user) => {
          if (hasApiScope(user.scope)) {
            set('signedIn', user);
            return user;
          }
          await userManager.removeUser();
          set('signedOut', null);
          throw new Error(`The sign-in did not grant the ${API_SCOPE} scope.`);
        });
        completions.set(url, completion);
      }
      return completion;
    },
  };
}
