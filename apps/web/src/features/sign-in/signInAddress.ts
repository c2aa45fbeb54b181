/**
 * Why Sign in cannot work from this address, in words that say which address to use. Sign-in talks
 * to the identity provider from the page, and the page's content policy lets it reach only its own
 * address and the configured provider. Opened on another loopback name than the one the console is
 * set up for ("127.0.0.1" for "localhost"), the browser blocks that call and nothing would happen.
 */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

export function signInAddressProblem(pageOrigin: string, authority: string): string | undefined {
  let page: URL;
  let provider: URL;
  try {
    page = new URL(pageOrigin);
    provider = new URL(authority);
  } catch {
    return undefined;
  }
  if (page.origin === provider.origin) return undefined;
  if (!LOOPBACK.has(page.hostname) || !LOOPBACK.has(provider.hostname)) return undefined;
  if (page.port !== provider.port || page.protocol !== provider.protocol) return undefined;
  return `Sign-in is set up for ${provider.origin}, not ${page.origin}. Open the console at ${provider.origin} to sign in.`;
}

/** When sign-in could not start at all: which service could not be reached, from where. */
export function signInStartFailure(pageOrigin: string, authority: string): string {
  let provider = authority;
  try {
    provider = new URL(authority).origin;
  } catch {
    // Shown as configured.
  }
  return (
    signInAddressProblem(pageOrigin, authority) ??
    `Sign-in could not start: the sign-in service at ${provider} did not answer. Try again in a moment; if it keeps happening, tell your administrator.`
  );
}
