/**
 * Ending sessions (ADR 0008): a disabled account and a logged-out one lose every API call and their
 * hub sockets within the status cache's few seconds, on every instance; tokens issued afterwards work.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { loadConfig } from '../src/config.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { addUser, setDisabled } from '../src/users/users.ts';
import { signIn, signOut } from './sign-in.ts';
import { freePort, startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let second: RunningServer;
let secondUrl: string;

beforeAll(async () => {
  server = await startTestServer();
  const port = await freePort();
  // A second instance of the same deployment: same database, same public URL (so the same issuer).
  second = await startServer(
    loadConfig({
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: server.databaseUrl,
      PUBLIC_URL: server.baseUrl,
      LOG_LEVEL: 'silent',
    }),
    () => {},
  );
  secondUrl = `http://127.0.0.1:${port}`;
});
afterAll(() => second?.close());

async function waitFor(check: () => Promise<boolean> | boolean, ms = 10_000): Promise<void> {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 50));
  }
}

let accounts = 0;
async function newAccount(): Promise<{ email: string; password: string }> {
  accounts += 1;
  const email = `session${accounts}@example.com`;
  const password = `pass-${accounts}-word`;
  await addUser(server.db, { email, role: 'admin', password });
  return { email, password };
}

const authorized = (token: string) => ({ authorization: `Bearer ${token}` });

/** The status of each kind of call an account makes: uploads, notifications, lookups, validation, rights. */
async function statuses(base: string, token: string): Promise<Record<string, number>> {
  const form = new FormData();
  form.set('directory', 'sessions');
  form.set('file', new Blob(['hello']), 'hello.txt');
  const calls: Record<string, () => Promise<Response>> = {
    upload: () =>
      fetch(`${base}/api/files/upload`, { method: 'POST', headers: authorized(token), body: form }),
    notifications: () => fetch(`${base}/api/notifications/get?pageIndex=0`, { headers: authorized(token) }),
    lookups: () => fetch(`${base}/api/pageconfigs`, { headers: authorized(token) }),
    validation: () =>
      fetch(`${base}/api/validation/jsoncode`, {
        method: 'POST',
        headers: { ...authorized(token), 'content-type': 'application/json' },
        body: JSON.stringify({ code: '{"a": 1}' }),
      }),
    userRights: () => fetch(`${base}/api/userRights`, { headers: authorized(token) }),
  };
  const result: Record<string, number> = {};
  for (const [name, call] of Object.entries(calls)) result[name] = (await call()).status;
  return result;
}

const rightsStatus = async (base: string, token: string): Promise<number> =>
  (await fetch(`${base}/api/userRights`, { headers: authorized(token) })).status;

const allRefused = { upload: 401, notifications: 401, lookups: 401, validation: 401, userRights: 401 };

interface OpenSocket {
  socket: WebSocket;
  closed: Promise<{ code: number; reason: string }>;
}

function connect(base: string, token: string): Promise<OpenSocket> {
  const socket = new WebSocket(`${base.replace(/^http/, 'ws')}/notificationshub?access_token=${token}`);
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.once('close', (code, reason) => resolve({ code, reason: String(reason) })),
  );
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ socket, closed }));
    socket.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
    socket.once('error', reject);
  });
}

describe('disabling an account', () => {
  it('refuses its token on every call and closes its sockets on every instance', async () => {
    const { email, password } = await newAccount();
    const { accessToken } = await signIn(server.baseUrl, email, password);
    const before = await statuses(server.baseUrl, accessToken);
    expect(Object.values(before).some((status) => status === 401)).toBe(false);
    expect(before).toMatchObject({ notifications: 200, lookups: 200, validation: 200, userRights: 200 });
    const here = await connect(server.baseUrl, accessToken);
    const there = await connect(secondUrl, accessToken);

    expect(await setDisabled(server.db, email, true)).toBe(true);

    expect(await here.closed).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await there.closed).toEqual({ code: 4401, reason: 'Session ended' });
    for (const base of [server.baseUrl, secondUrl]) {
      await waitFor(async () => (await rightsStatus(base, accessToken)) === 401);
      expect(await statuses(base, accessToken)).toEqual(allRefused);
    }
    const response = await fetch(`${server.baseUrl}/api/userRights`, { headers: authorized(accessToken) });
    expect(await response.json()).toEqual({ message: 'The account is disabled or unknown' });
    await expect(connect(server.baseUrl, accessToken)).rejects.toThrow('HTTP 401');
    await expect(signIn(server.baseUrl, email, password)).rejects.toThrow('Sign-in refused');
  });

  it('keeps old tokens refused after the account is enabled again; a new sign-in works', async () => {
    const { email, password } = await newAccount();
    const { accessToken } = await signIn(server.baseUrl, email, password);
    await setDisabled(server.db, email, true);
    await setDisabled(server.db, email, false);
    await waitFor(async () => (await rightsStatus(server.baseUrl, accessToken)) === 401);
    expect(
      await (await fetch(`${server.baseUrl}/api/userRights`, { headers: authorized(accessToken) })).json(),
    ).toEqual({ message: 'The session has ended; sign in again' });
    await waitForNextSecond(email);
    const fresh = await signIn(server.baseUrl, email, password);
    expect(await statuses(server.baseUrl, fresh.accessToken)).toMatchObject({ userRights: 200 });
  });
});

/** Tokens carry whole seconds: a token of the same second as the end is refused, so wait past it. */
async function waitForNextSecond(email: string): Promise<void> {
  const { rows } = await server.db.query<{ ended: number }>(
    'SELECT extract(epoch FROM sessions_ended_at)::float8 AS ended FROM users WHERE email = $1',
    [email],
  );
  const ended = rows[0]?.ended ?? 0;
  await waitFor(() => Date.now() / 1000 >= Math.floor(ended) + 1);
}

describe('logout', () => {
  it("ends that browser's tokens and sockets on every instance; the account's other sessions stay", async () => {
    const { email, password } = await newAccount();
    const tab = await signIn(server.baseUrl, email, password);
    const otherBrowser = await signIn(server.baseUrl, email, password);
    expect(await rightsStatus(server.baseUrl, tab.accessToken)).toBe(200);
    const here = await connect(server.baseUrl, tab.accessToken);
    const there = await connect(secondUrl, tab.accessToken);
    const elsewhere = await connect(server.baseUrl, otherBrowser.accessToken);

    expect(await signOut(server.baseUrl, tab)).toBe(`${server.baseUrl}/`);

    expect(await here.closed).toEqual({ code: 4401, reason: 'Session ended' });
    expect(await there.closed).toEqual({ code: 4401, reason: 'Session ended' });
    for (const base of [server.baseUrl, secondUrl]) {
      await waitFor(async () => (await rightsStatus(base, tab.accessToken)) === 401);
      expect(await statuses(base, tab.accessToken)).toEqual(allRefused);
    }
    expect(
      await (
        await fetch(`${server.baseUrl}/api/userRights`, { headers: authorized(tab.accessToken) })
      ).json(),
    ).toEqual({ message: 'The session has ended; sign in again' });
    await expect(connect(server.baseUrl, tab.accessToken)).rejects.toThrow('HTTP 401');

    // The other browser's session is untouched, and a new sign-in works at once.
    expect(elsewhere.socket.readyState).toBe(WebSocket.OPEN);
    expect(await rightsStatus(secondUrl, otherBrowser.accessToken)).toBe(200);
    const again = await signIn(server.baseUrl, email, password);
    expect(await rightsStatus(server.baseUrl, again.accessToken)).toBe(200);
    elsewhere.socket.close();
  });

  it('leaves the browser unable to renew its tokens silently', async () => {
    const { email, password } = await newAccount();
    const tab = await signIn(server.baseUrl, email, password);
    await signOut(server.baseUrl, tab);
    const renew = new URL(`${server.baseUrl}/oidc/auth`);
    renew.search = new URLSearchParams({
      client_id: 'bm-tools-spa',
      response_type: 'code',
      redirect_uri: `${server.baseUrl}/silent_renew.html`,
      scope: 'openid profile bm-tools-api bm-tools-hub',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
      code_challenge_method: 'S256',
      prompt: 'none',
    }).toString();
    const response = await fetch(renew, { redirect: 'manual', headers: { cookie: tab.cookies.header() } });
    expect(new URL(response.headers.get('location') ?? '').searchParams.get('error')).toBe('login_required');
  });
});
