/**
 * Builds the app's services from the runtime config: the OIDC client (with old sign-in records
 * pruned), the session, the loading counter and the HTTP client wired to both.
 */
import type { RuntimeConfig } from '@bm/contracts';
import { setNonce } from 'get-nonce';
import { showErrorAlert } from '../features/alerts/errorAlert.tsx';
import { createUserManager, readStoredUser } from './auth/createUserManager.ts';
import { pruneSignInStorage } from './auth/pruneSignInRecords.ts';
import { createSession } from './auth/session.ts';
import { createHttpClient } from './http/httpClient.ts';
import { createLoadingCounter } from './http/loadingCounter.ts';
import { plainErrorMessage } from './http/plainError.ts';
import type { AppServices } from './providers/AppProviders.tsx';
import { createQueryClient } from './providers/createQueryClient.ts';
import { readStyleNonce } from './providers/readStyleNonce.ts';

export async function createAppServices(config: RuntimeConfig): Promise<AppServices> {
  const userManager = createUserManager(config, window.location.origin, window.localStorage);
  await pruneSignInStorage(userManager, window.localStorage);
  const session = createSession(userManager, window.sessionStorage, () =>
    readStoredUser(userManager, window.localStorage),
  );
  const loading = createLoadingCounter();
  const client = createHttpClient({
    timeoutMs: config.clientRequestTimeOut * 1000,
    getAccessToken: session.getAccessToken,
    peekAccessToken: session.peekAccessToken,
    renewSession: session.renew,
    onUnauthenticated: session.expire,
    // Plain words only: never the browser's "Failed to fetch" nor a server's internal text.
    onError: (error) => showErrorAlert(plainErrorMessage(error)),
    loading,
  });
  const styleNonce = readStyleNonce(document);
  // Mantine's own styles take the nonce through getStyleNonce; the scroll lock of every modal
  // (react-remove-scroll) injects a style tag of its own and reads it from get-nonce. Without it,
  // each modal that opens is a style-src violation under the server's CSP.
  if (styleNonce) setNonce(styleNonce);
  return {
    config,
    session,
    http: { client, loading },
    queryClient: createQueryClient(),
    styleNonce,
  };
}
