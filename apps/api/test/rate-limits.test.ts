/**
 * Per-route request limits, on by default: every limited route, from one table (route → limit),
 * answers 429 with Retry-After past its limit (sign-in's is set by SIGN_IN_LIMIT); routes behind a
 * token count per signed-in account, so one account's flood leaves the others of the same address
 * their allowance; the planned staff load (40 accounts behind one address) meets not one 429;
 * RATE_LIMITS=off (benchmark runs only) lifts the limits.
 */
import { importJWK, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signingKeyOf } from './provider-keys.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let limited: TestServer;
let unlimited: TestServer;
let signingKey: JWK;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  [limited, unlimited] = await Promise.all([startTestServer(), startTestServer({ RATE_LIMITS: 'off' })]);
  // Tokens signed with the limited server's own key, not through its sign-in: the sign-in row
  // below counts that route's allowance from zero.
  signingKey = await signingKeyOf(limited.db);
  for (const name of ['admin', 'editor']) tokens[name] = await tokenFor(name, `${name}@bmtools.local`);
  tokens.unlimited = (await signIn(unlimited.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
});

/** An access token for an account of the limited server, signed with its own key (no sign-in). */
async function tokenFor(subject: string, email: string): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ scope: 'bm-tools-api bm-tools-hub', aud: 'bm-tools-api', email })
    .setProtectedHeader({ alg: 'RS256', kid: signingKey.kid as string, typ: 'at+jwt' })
    .setIssuer(`${limited.baseUrl}/oidc`)
    .setSubject(subject)
    .setIssuedAt(now - 10)
    .setExpirationTime(now + 600)
    .sign(await importJWK(signingKey, 'RS256'));
}

afterAll(async () => {
  await Promise.all([limited.close(), unlimited.close()]);
});

interface Call {
  method: 'GET' | 'POST';
  path: string;
  /** Sent with a token (a route behind one) or without (sign-in). */
  signedIn: boolean;
  contentType?: string;
  body?: string;
}

/**
 * Every limited route and its limit a minute. Each call is refused cheaply before any work (a
 * malformed body or filter), so the table runs in seconds; the limit counts every request alike.
 */
const LIMITED: Array<{ route: string; limit: number; call: Call }> = [
  {
    route: 'sign-in (per address)',
    limit: 20,
    call: {
      method: 'POST',
      path: '/oidc/interaction/no-such-interaction/login',
      signedIn: false,
      contentType: 'application/x-www-form-urlencoded',
      body: 'email=a%40b.c&password=x',
    },
  },
  {
    route: 'exports',
    limit: 30,
    call: {
      method: 'POST',
      path: '/api/exports/send',
      signedIn: true,
      contentType: 'application/json',
      body: '{}',
    },
  },
  {
    route: 'uploads',
    limit: 30,
    call: {
      method: 'POST',
      path: '/api/files/upload',
      signedIn: true,
      contentType: 'application/json',
      body: '{}',
    },
  },
  {
    route: 'code validation',
    limit: 120,
    call: {
      method: 'POST',
      path: '/api/validation/jscode',
      signedIn: true,
      contentType: 'application/json',
      body: '{}',
    },
  },
  {
    route: 'client logs',
    limit: 120,
    call: { method: 'POST', path: '/api/logs', signedIn: true, contentType: 'application/json', body: '{}' },
  },
  {
    route: 'page-summarize',
    limit: 600,
    call: { method: 'GET', path: '/api/pages/page-summarize?filters=not-json', signedIn: true },
  },
];

function send(server: TestServer, call: Call, token: string | undefined): Promise<Response> {
  const headers: Record<string, string> = {};
  if (call.signedIn && token) headers.authorization = `Bearer ${token}`;
  if (call.contentType) headers['content-type'] = call.contentType;
  return fetch(`${server.baseUrl}${call.path}`, {
    method: call.method,
    headers,
    body: call.body,
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
}

/** The statuses of `count` calls in a row (their bodies read and dropped). */
async function statuses(server: TestServer, call: Call, token: string | undefined, count: number) {
  const answers: number[] = [];
  for (let i = 0; i < count; i++) {
    const response = await send(server, call, token);
    await response.arrayBuffer();
    answers.push(response.status);
  }
  return answers;
}

describe('rate limits', () => {
  it.each(LIMITED)('$route: $limit a minute, then 429 with Retry-After', async ({ limit, call }) => {
    const before = await statuses(limited, call, tokens.admin, limit);
    expect(before.filter((s) => s === 429)).toEqual([]);
    const past = await send(limited, call, tokens.admin);
    expect(past.status).toBe(429);
    expect(Number(past.headers.get('retry-after'))).toBeGreaterThan(0);
    await past.arrayBuffer();
  });

  it('count per account: another account at the same address still gets through', async () => {
    // The admin account used up its uploads in the table above; the editor, same address, has not.
    const upload = LIMITED.find((row) => row.route === 'uploads')?.call as Call;
    expect(await statuses(limited, upload, tokens.admin, 1)).toEqual([429]);
    expect(await statuses(limited, upload, tokens.editor, 30)).toEqual(Array(30).fill(400));
    expect(await statuses(limited, upload, tokens.editor, 1)).toEqual([429]);
  });

  it('sign-ins a minute per address follow SIGN_IN_LIMIT (a large office behind one address)', async () => {
    const office = await startTestServer({ SIGN_IN_LIMIT: '3' });
    try {
      const signInCall = LIMITED.find((row) => row.route === 'sign-in (per address)')?.call as Call;
      const answers = await statuses(office, signInCall, undefined, 4);
      expect(answers.slice(0, 3).filter((s) => s === 429)).toEqual([]);
      expect(answers[3]).toBe(429);
    } finally {
      await office.close();
    }
  });

  it('are lifted by RATE_LIMITS=off', async () => {
    for (const { limit, call } of LIMITED.filter((row) => row.call.signedIn)) {
      const answers = await statuses(unlimited, call, tokens.unlimited, limit + 1);
      expect(answers.filter((s) => s === 429)).toEqual([]);
    }
  });
});

/**
 * The planned load: 40 staff accounts in one office, behind one address, each doing a heavy minute:
 * 60 filter changes (each a list call and its page-summarize, across two lists) — a change every
 * second without pause, more than a person makes — plus a code validation and an export now and then.
 *
 * Scaling: the filter changes, the calls that come near a limit, are squeezed: each account sends
 * its whole minute of them as fast as the server answers (40 accounts at once, a few seconds in
 * all). The limits are fixed one-minute windows, so a minute's calls squeezed into one window is at
 * least as hard as the same calls spread over the minute. Validations and exports stay at their real
 * pace instead: 40 people validating a few times a minute and exporting now and then make a few of
 * each a second, so over the run's seconds each account validates once and exports once, at a
 * moment set by its number (people do not all press at once). Squeezed too, 240 validations in a
 * few seconds would only measure the parser pool's queue (a concurrency limit, not a rate one).
 * The server's limits are its real ones.
 */
describe('the planned staff load', () => {
  const ACCOUNTS = 40;
  const FILTER_CHANGES = 60;

  it('meets not one 429 with limits on, all through one address', async () => {
    // Staff accounts holding the editor's roles (lists, code fields) and the export right of admin.
    await limited.db.query(
      `WITH u AS (INSERT INTO users (email, display_name, disabled)
                  SELECT 'staff' || i || '@bmtools.local', 'Staff ' || i, false
                    FROM generate_series(0, $1 - 1) i RETURNING id)
       INSERT INTO user_roles (user_id, role_id)
       SELECT DISTINCT u.id, ur.role_id FROM u, user_roles ur JOIN users a ON a.id = ur.user_id
        WHERE a.email = 'admin@bmtools.local'`,
      [ACCOUNTS],
    );
    const staff = await Promise.all(
      Array.from({ length: ACCOUNTS }, (_, i) => tokenFor(`staff-${i}`, `staff${i}@bmtools.local`)),
    );

    const counts = new Map<number, number>();
    const refusals = new Map<string, string>();
    const call = async (token: string, method: 'GET' | 'POST', path: string, body?: unknown) => {
      const response = await fetch(`${limited.baseUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      const text = await response.text();
      if (response.status !== 200)
        refusals.set(`${response.status} ${path.split('?')[0]}`, text.slice(0, 200));
      counts.set(response.status, (counts.get(response.status) ?? 0) + 1);
    };

    const lists = ['/api/pages', '/api/reservations'];
    const minuteOf = async (token: string, index: number) => {
      for (let change = 0; change < FILTER_CHANGES; change++) {
        const list = lists[change % lists.length] as string;
        const filters = encodeURIComponent(
          JSON.stringify({ operation: 'gt', name: 'id', type: 'number', value: change + index }),
        );
        await call(token, 'GET', `${list}?filters=${filters}&pageSize=20`);
        await call(token, 'GET', `${list}/page-summarize?filters=${filters}`);
        if (change === (index * 3) % FILTER_CHANGES) {
          await call(token, 'POST', '/api/validation/jscode', { code: `const a${change} = ${index};` });
        }
        if (change === (index * 7 + 5) % FILTER_CHANGES) {
          await call(token, 'POST', '/api/exports/send', {
            storeProcedure: 'bm_export_send',
            values: [
              { mapkey: 'fileName', value: `staff-${index}-${change}` },
              {
                mapkey: 'criteria',
                value: JSON.stringify({
                  source: '/api/pages',
                  sort: ['id=ASC'],
                  selector: [{ field: 'id', label: 'Id' }],
                }),
              },
              { mapkey: 'pageName', value: 'Pages' },
            ],
          });
        }
      }
    };
    const started = performance.now();
    await Promise.all(staff.map((token, index) => minuteOf(token, index)));
    const seconds = (performance.now() - started) / 1000;
    const total = [...counts.values()].reduce((a, b) => a + b, 0);
    console.info(
      `staff load: ${ACCOUNTS} accounts, ${total} calls in ${seconds.toFixed(1)} s, statuses ${JSON.stringify(Object.fromEntries(counts))}`,
      Object.fromEntries(refusals),
    );
    expect(total).toBe(ACCOUNTS * (FILTER_CHANGES * 2 + 2));
    expect(counts.get(429)).toBeUndefined();
    // Every call was a real, accepted one: a refusal of another kind would hide a broken mix.
    expect([...counts.keys()]).toEqual([200]);
  }, 120_000);
});
