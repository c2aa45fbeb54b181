/**
 * The after-login URL: the in-app address the user tried to open before
 * signing in, kept across the provider round trip and handed once to the home redirect. Only same-app
 * paths are kept, so the value can never send the user to another site.
 */

const KEY = 'bm-after-login-url';
const NOT_A_DESTINATION = new Set(['/', '/callback', '/error', '/silent_renew.html']);

export function isInAppPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.startsWith('/\\');
}

export function storeAfterLoginUrl(storage: Storage, url: string): void {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  if (isInAppPath(url) && !NOT_A_DESTINATION.has(path)) storage.setItem(KEY, url);
  else storage.removeItem(KEY);
}

/** Reads and forgets the stored URL. */
export function takeAfterLoginUrl(storage: Storage): string | null {
  const url = storage.getItem(KEY);
  storage.removeItem(KEY);
  return url !== null && isInAppPath(url) ? url : null;
}
