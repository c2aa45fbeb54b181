/**
 * Signs in through the built-in provider exactly as the SPA does: authorization code flow with PKCE,
 * the provider's own login form, then the token endpoint. Returns the tokens the browser would hold.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Tokens {
  accessToken: string;
  idToken: string;
  scope: string;
}

class CookieJar {
  private readonly cookies = new Map<string, string>();
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (pair && eq > 0) this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

async function step(jar: CookieJar, url: string, init: RequestInit = {}): Promise<Response> {
  const response = await fetch(url, {
    ...init,
    redirect: 'manual',
    headers: { ...(init.headers as Record<string, string>), cookie: jar.header() },
  });
  jar.store(response);
  return response;
}

const location = (response: Response, base: string): string => {
  const value = response.headers.get('location');
  if (!value) throw new Error(`Expected a redirect, got HTTP ${response.status}`);
  return new URL(value, base).toString();
};

export async function signIn(baseUrl: string, email: string, password: string): Promise<Tokens> {
  const jar = new CookieJar();
  const verifier = randomBytes(32).toString('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  const redirectUri = `${baseUrl}/callback`;
  const auth = new URL(`${baseUrl}/oidc/auth`);
  auth.search = new URLSearchParams({
    client_id: 'bm-tools-spa',
    response_type: 'code',
    redirect_uri: redirectUri,
    scope: 'openid profile bm-tools-api bm-tools-hub',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
  }).toString();

  let url = location(await step(jar, auth.toString()), baseUrl);
  const page = await step(jar, url);
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('The login page has no form');
  const login = await step(jar, new URL(action, baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  if (login.status === 400) throw new Error('Sign-in refused');
  url = location(login, baseUrl);
  // Follow the provider's redirects until it returns to the SPA's callback with a code.
  for (let i = 0; i < 5 && !url.startsWith(redirectUri); i++) url = location(await step(jar, url), baseUrl);
  const code = new URL(url).searchParams.get('code');
  if (!code) throw new Error(`No code in ${url}`);

  const tokenResponse = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'bm-tools-spa',
      code_verifier: verifier,
    }).toString(),
  });
  const body = (await tokenResponse.json()) as { access_token: string; id_token: string; scope: string };
  if (!tokenResponse.ok) throw new Error(`Token request failed: ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, idToken: body.id_token, scope: body.scope };
}
