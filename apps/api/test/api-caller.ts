/**
 * Calls the API over real HTTP as one of the signed-in demo users, the way the SPA does: a bearer
 * token, JSON in, JSON out (null for an empty answer).
 */
import pg from 'pg';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

interface ApiAnswer {
  status: number;
  body: Record<string, unknown> & { errors?: Record<string, string> };
}

export type ApiCall = (who: string, method: string, path: string, body?: unknown) => Promise<ApiAnswer>;

/** `baseUrl` is read at each call, so a caller can be made before the server starts. */
export function apiCaller(baseUrl: () => string, tokens: Readonly<Record<string, string>>): ApiCall {
  return async (who, method, path, body) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${tokens[who]}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : null) as ApiAnswer['body'] };
  };
}

/** A record as the save payload's `values`: one `{mapkey, value}` per key. */
export const saveValues = (record: Record<string, unknown>) =>
  Object.entries(record).map(([mapkey, value]) => ({ mapkey, value }));

/** The save payload's `values` of a new draft page: the smallest valid record, for write-load tests. */
export const newPageValues = (name: string, url: string) =>
  saveValues({ name, url, languageCode: 'en', status: 'draft', isActive: true, priority: 3 });

/** The four demo accounts; each one's password is its name. */
const DEMO_USERS = ['admin', 'mapper', 'viewer', 'editor'] as const;

/**
 * A test server of the file's own, a database client on it, and the demo users signed in: their
 * tokens are put into `tokens`, which an `apiCaller` made beforehand reads.
 */
export async function startSignedIn(
  tokens: Record<string, string>,
): Promise<{ server: TestServer; db: pg.Client }> {
  const server = await startTestServer();
  const db = new pg.Client({ connectionString: server.databaseUrl });
  await db.connect();
  for (const name of DEMO_USERS) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  return { server, db };
}
