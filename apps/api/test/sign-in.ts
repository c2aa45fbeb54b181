/**
 * Signs in through the built-in provider exactly as the SPA does: authorization code flow with PKCE,
 * the provider's own login form, then the token endpoint. Returns the tokens the browser would hold.
 */
import { createHash, randomBytes } from 'node:crypto';

export interface Tokens {
  accessToken: string;
  idToken: string;
  scope: string;
  /** The browser's cookies at the provider (its session), for signing out. */
  cookies: CookieJar;
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

/** The provider's login form of one started sign-in (one interaction), ready to be posted. */
export interface LoginForm {
  baseUrl: string;
  jar: CookieJar;
  verifier: string;
  redirectUri: string;
  action: string;
  /** The page's HTML. */
  html: string;
  /** Extra headers on every request of this sign-in (e.g. X-Forwarded-For through a proxy). */
  headers: Record<string, string>;
}

/** Starts a sign-in as the SPA does and opens the provider's login form. */
export async function openLoginForm(
  baseUrl: string,
  headers: Record<string, string> = {},
): Promise<LoginForm> {
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

  const url = location(await step(jar, auth.toString(), { headers }), baseUrl);
  const page = await step(jar, url, { headers });
  const html = await page.text();
  const action = /action="([^"]+)"/.exec(html)?.[1];
  if (!action) throw new Error('The login page has no form');
  return { baseUrl, jar, verifier, redirectUri, action: new URL(action, baseUrl).toString(), html, headers };
}

/** Posts email and password to the form; a refusal answers the form again (400, or 429 while locked). */
export function submitLogin(form: LoginForm, email: string, password: string): Promise<Response> {
  return step(form.jar, form.action, {
    method: 'POST',
    headers: { ...form.headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
}

/** Finishes a sign-in whose login was accepted: follows the redirects and redeems the code. */
export async function finishSignIn(form: LoginForm, login: Response): Promise<Tokens> {
  const { baseUrl, jar, redirectUri, headers } = form;
  let url = location(login, baseUrl);
  // Follow the provider's redirects until it returns to the SPA's callback with a code.
  for (let i = 0; i < 5 && !url.startsWith(redirectUri); i++) {
    url = location(await step(jar, url, { headers }), baseUrl);
  }
  const code = new URL(url).searchParams.get('code');
  if (!code) throw new Error(`No code in ${url}`);

  const tokenResponse = await fetch(`${baseUrl}/oidc/token`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: redirectUri,
      client_id: 'bm-tools-spa',
      code_verifier: form.verifier,
    }).toString(),
  });
  const body = (await tokenResponse.json()) as { access_token: string; id_token: string; scope: string };
  if (!tokenResponse.ok) throw new Error(`Token request failed: ${JSON.stringify(body)}`);
  return { accessToken: body.access_token, idToken: body.id_token, scope: body.scope, cookies: jar };
}

export async function signIn(
  baseUrl: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
): Promise<Tokens> {
  const form = await openLoginForm(baseUrl, headers);
  const login = await submitLogin(form, email, password);
  if (login.status === 400 || login.status === 429) throw new Error('Sign-in refused');
  return finishSignIn(form, login);
}

/**
 * Signs out as the SPA does: the provider's end-session endpoint with the id token as hint, then the
 * logout page's form (which the page's script submits in a browser). Returns the final redirect.
 */
export async function signOut(baseUrl: string, tokens: Tokens): Promise<string> {
  const end = new URL(`${baseUrl}/oidc/session/end`);
  end.search = new URLSearchParams({
    id_token_hint: tokens.idToken,
    post_logout_redirect_uri: `${baseUrl}/`,
  }).toString();
  const page = await step(tokens.cookies, end.toString());
  const html = await page.text();
  const action = /<form id="op.logoutForm" method="post" action="([^"]+)"/.exec(html)?.[1];
  const xsrf = /name="xsrf" value="([^"]+)"/.exec(html)?.[1];
  if (!action || !xsrf) throw new Error(`The logout page has no form: HTTP ${page.status}`);
  const confirm = await step(tokens.cookies, new URL(action, baseUrl).toString(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ xsrf, logout: 'yes' }).toString(),
  });
  return location(confirm, baseUrl);
}
