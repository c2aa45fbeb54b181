/**
 * Every registered route, driven with hostile input over real HTTP, as the admin and with no token:
 * ids past every integer range, negative and non-numeric ids, NUL bytes, deep nesting, wrong
 * types, empty and malformed bodies, invalid UTF-8, bodies past the size limit, oversized strings
 * and prototype keys, plus a fixed-seed batch of random JSON from fast-check. No answer may be a
 * 5xx (bad input is the caller's error, 4xx), take longer than 30 s, or show SQL or a stack trace.
 * The sweeps take one route of each per-area family under `npm test` and all of them under
 * `npm run test:all` (`sweepRoutes`).
 */
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Route, registeredRoutes } from './routes.ts';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let adminToken = '';

let routes: Route[] = [];
/** The routes the sweeps drive (`sweepRoutes`). */
let swept: Route[] = [];

/**
 * Most routes come in families, one per area, that run the same code (`PUT /api/<area>/:id`, the map
 * actions of every map list, …): a family is a method and a path that at least three first segments
 * under /api share. `npm test` sweeps the first route of each family (the n-th with
 * TEST_MATRIX_SEED=n, so runs can cover the others in turn) and every route that is one of a kind;
 * `npm run test:all` (TEST_FULL_MATRIX=1) sweeps every route, as the browser tests' area matrix does.
 */
function sweepRoutes(all: readonly Route[], env = process.env): { routes: Route[]; summary: string } {
  if (env.TEST_FULL_MATRIX === '1') return { routes: [...all], summary: `all ${all.length} routes` };
  const familyOf = (r: Route) => `${r.method} ${r.url.replace(/^\/api\/[^/]+/, '/api/*')}`;
  const families = new Map<string, Route[]>();
  for (const route of all) families.set(familyOf(route), [...(families.get(familyOf(route)) ?? []), route]);
  const seed = Math.abs(Number.parseInt(env.TEST_MATRIX_SEED ?? '0', 10) || 0);
  const picked = new Set<Route>();
  let familyCount = 0;
  for (const members of families.values()) {
    if (members.length < 3) {
      for (const route of members) picked.add(route);
      continue;
    }
    familyCount += 1;
    picked.add(members[seed % members.length] as Route);
  }
  return {
    routes: all.filter((route) => picked.has(route)),
    summary: `${picked.size} of ${all.length} routes: one of each of ${familyCount} families of per-area routes, and every other route (TEST_FULL_MATRIX=1 sweeps all)`,
  };
}

beforeAll(async () => {
  // Rate limits off: this file sends thousands of calls to each route in a minute, and a 429 would
  // answer before the input it is testing is read (the limits have rate-limits.test.ts).
  server = await startTestServer({ RATE_LIMITS: 'off' });
  adminToken = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  routes = registeredRoutes(server.app.printRoutes()).filter(
    // The identity provider's own wildcard and the API docs UI are third-party code with no input of ours.
    (r) => !r.url.includes('*') && !r.url.startsWith('/api/docs') && !r.url.startsWith('/oidc'),
  );
  const sweep = sweepRoutes(routes);
  swept = sweep.routes;
  console.log(`fuzz sweeps ${sweep.summary}`);
});

const HOSTILE_IDS = [
  '2147483648',
  '9223372036854775807',
  '9223372036854775808',
  '18446744073709551616',
  '-1',
  '-2147483649',
  '0',
  'NaN',
  'Infinity',
  '1.5',
  '1e309',
  '0x10',
  '%00',
  'a%00b',
  '%E0%A4%A',
  '%FF',
  '%C3%28',
  '__proto__',
  'constructor',
  '%20',
  'x'.repeat(3000),
];

const HOSTILE_QUERIES = [
  '?pageSize=9223372036854775808&pageIndex=-2147483649&id=2147483648',
  '?pageSize=NaN&pageIndex=1e309&filters=%00&sort=%00&name=%00',
  `?filters=${encodeURIComponent('['.repeat(4000))}&fields=${encodeURIComponent('{'.repeat(2000))}`,
  '?__proto__[polluted]=1&constructor[prototype][x]=1&name[]=a&name[]=b',
  `?name=${'x'.repeat(6000)}&sqlViewName=%00&databaseName=%00`,
  // Only text with NUL bytes, so no other parameter is refused first.
  '?name=a%00b',
  // Invalid UTF-8 in the query's text.
  '?name=%FF%FE&filters=%C3%28&sort=%80',
  '?sqlViewName=v%00&databaseName=main%00',
  '?filters=%7B%22operation%22%3A%22eq%22%2C%22name%22%3A%22name%22%2C%22value%22%3A%22a%00%22%7D',
];

const NUL = '\u0000';
const deep = (n: number) => `${'['.repeat(n)}${']'.repeat(n)}`;
const everything = (value: unknown) => ({
  id: value,
  menuId: value,
  presetGroupId: value,
  totalItemCount: value,
  rightName: value,
  name: value,
  path: value,
  url: value,
  level: 'error',
  message: value,
  code: value,
  definition: value,
  storeProcedure: value,
  databaseName: value,
  values: [
    { mapkey: 'name', value },
    { mapkey: 'rowVersion', value },
  ],
});

/** Bodies as raw text (undefined: no body at all). */
const HOSTILE_BODIES: Array<string | undefined> = [
  undefined,
  '',
  '{}',
  '[]',
  'null',
  '"x"',
  '1',
  '{"a":',
  '{"values":[{"mapkey":"name","value":"x"}',
  deep(50_000),
  `{"values":[{"mapkey":"name","value":${deep(50_000)}}],"definition":${deep(50_000)}}`,
  JSON.stringify(everything(`a${NUL}b`)),
  JSON.stringify({ ...everything(2 ** 31), [`k${NUL}`]: 1 }),
  JSON.stringify(everything(2 ** 63)),
  JSON.stringify(everything(-1)),
  JSON.stringify(everything(1e308)),
  JSON.stringify(everything({ nested: [1, { a: null }] })),
  JSON.stringify(everything([])),
  JSON.stringify(everything(true)),
  JSON.stringify(everything('x'.repeat(600_000))),
  JSON.stringify({
    rightName: 'BMTools/Page/List',
    presetGroupId: 2,
    name: 'fuzz',
    definition: `{"settings":{"filters":{"a":[{"operator":"eq","value":${deep(50_000)}}]}}}`,
  }),
  JSON.stringify({
    rightName: 'BMTools/Page/List',
    presetGroupId: 2,
    name: 'fuzz',
    definition: JSON.stringify({ settings: { frozenField: NUL }, cssUrl: `/${NUL}` }),
  }),
  JSON.stringify({
    values: [
      { mapkey: '__proto__', value: 1 },
      { mapkey: 'constructor', value: 1 },
    ],
  }),
  '{"__proto__":{"polluted":true}}',
  '{"constructor":{"prototype":{"polluted":true}}}',
  JSON.stringify({ level: 'error', message: `x${NUL}`, url: NUL }),
];

interface Answer {
  status: number;
  label: string;
  /** The error body, for the leak check (only for 4xx and 5xx answers). */
  text: string;
}

/**
 * What an error answer must never show: PostgreSQL's wording, SQL, a stack frame or a path of the
 * server. Error bodies are `{ message, errors? }` in the caller's terms.
 */
const LEAKS = [
  /syntax error at/i,
  /\bSELECT\s/,
  /\bINSERT INTO\b/,
  /\bUPDATE \S+ SET\b/,
  /relation "/,
  /\bat [\w$.<>]+ \(/,
  /node_modules/,
  /\/work\/|\/home\/|\/usr\/src\//,
  /\.ts:\d+/,
];

async function hit(
  token: string | undefined,
  method: string,
  url: string,
  body?: string | Uint8Array,
  contentType = 'application/json',
): Promise<Answer> {
  const shown =
    body === undefined ? '(no body)' : typeof body === 'string' ? body.slice(0, 80) : `${body.length} bytes`;
  const label = `${token ? 'admin' : 'anonymous'} ${method} ${url.slice(0, 120)} ${shown}`;
  const response = await fetch(`${server.baseUrl}${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': contentType }),
    },
    body: method === 'GET' || method === 'HEAD' ? undefined : body,
    signal: AbortSignal.timeout(30_000),
  });
  if (response.status < 400) {
    await response.body?.cancel();
    return { status: response.status, label, text: '' };
  }
  return { status: response.status, label, text: (await response.text()).slice(0, 4000) };
}

/** A path of the route with every `:param` replaced by `value`. */
const fill = (url: string, value: string) => url.replace(/:[A-Za-z_]+/g, value);
const SAMPLE_PARAM = '1';

/** Runs requests a few at a time (bounded load on a small machine) and keeps the 5xx answers. */
async function serverErrors(requests: Array<() => Promise<Answer>>): Promise<string[]> {
  const failures: string[] = [];
  const queue = [...requests];
  const worker = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const answer = await next();
      if (answer.status >= 500) failures.push(`${answer.status} ${answer.label}`);
      const leak = LEAKS.find((pattern) => pattern.test(answer.text));
      if (leak) failures.push(`${answer.status} ${answer.label} shows ${leak}: ${answer.text.slice(0, 200)}`);
    }
  };
  await Promise.all(Array.from({ length: 4 }, worker));
  return failures;
}

const hasBody = (method: string) => method !== 'GET' && method !== 'HEAD';

/** Code validation and upload have their own cases below (parsing limits, multipart bodies). */
const ELSEWHERE = (r: Route) => r.url.startsWith('/api/validation') || r.url.startsWith('/api/files');

describe('every route answers hostile input with a 4xx, never a 5xx', () => {
  it('finds the routes of the instance', () => {
    const urls = new Set(routes.map((r) => `${r.method} ${r.url}`));
    for (const expected of [
      'GET /api/menu/json/:id',
      'POST /api/menu/addfavorite',
      'PUT /api/presets/user/:id',
      'GET /api/dropdowns/:name',
      'PUT /api/pages/:id',
      'DELETE /api/pages/:id',
      'POST /api/logs',
      'POST /api/files/upload',
      'GET /healthz',
    ]) {
      expect(urls, expected).toContain(expected);
    }
    expect(routes.length).toBeGreaterThan(40);
  });

  // Each sweep sends several thousand requests and grows with every route: its time limit is a hang
  // guard for a loaded two-core machine, not a speed check.
  const SWEEP_MS = 180_000;
  for (const [who, token] of [
    ['admin', () => adminToken],
    ['no token', () => undefined],
  ] as const) {
    it(
      `hostile path parameters, as ${who}`,
      async () => {
        const requests = swept
          .filter((r) => r.url.includes(':'))
          .flatMap((r) => HOSTILE_IDS.map((id) => () => hit(token(), r.method, fill(r.url, id), '{}')));
        expect(await serverErrors(requests)).toEqual([]);
      },
      SWEEP_MS,
    );

    it(
      `hostile query strings, as ${who}`,
      async () => {
        const requests = swept
          .filter((r) => !ELSEWHERE(r))
          .flatMap((r) =>
            HOSTILE_QUERIES.map((q) => () => hit(token(), r.method, `${fill(r.url, SAMPLE_PARAM)}${q}`)),
          );
        expect(await serverErrors(requests)).toEqual([]);
      },
      SWEEP_MS,
    );

    it(
      `hostile bodies, as ${who}`,
      async () => {
        const requests = swept
          .filter((r) => hasBody(r.method) && !ELSEWHERE(r))
          .flatMap((r) => HOSTILE_BODIES.map((body) => () => hit(token(), r.method, fill(r.url, '2'), body)));
        expect(await serverErrors(requests)).toEqual([]);
      },
      SWEEP_MS,
    );
  }

  it(
    'invalid UTF-8 and bodies past the size limit, on every route with a body',
    async () => {
      const bodyRoutes = swept.filter((r) => hasBody(r.method) && !ELSEWHERE(r));
      // {"name":"<C3 28>","values":[{"mapkey":"name","value":"<FF FE>"}]}: bytes that are no UTF-8.
      const invalid = Buffer.concat([
        Buffer.from('{"name":"'),
        Buffer.from([0xc3, 0x28]),
        Buffer.from('","values":[{"mapkey":"name","value":"'),
        Buffer.from([0xff, 0xfe]),
        Buffer.from('"}]}'),
      ]);
      const oversized = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024 + 10) });
      const tooLarge: string[] = [];
      const requests = bodyRoutes.flatMap((r) => [
        () => hit(adminToken, r.method, fill(r.url, '2'), invalid),
        async () => {
          const answer = await hit(adminToken, r.method, fill(r.url, '2'), oversized);
          // Past every route's body limit: refused as too large (the upload route is elsewhere).
          if (answer.status !== 413) tooLarge.push(`${answer.status} ${answer.label}`);
          return answer;
        },
      ]);
      expect(await serverErrors(requests)).toEqual([]);
      expect(tooLarge).toEqual([]);
    },
    SWEEP_MS,
  );

  it('random JSON bodies and path segments (fixed seed)', async () => {
    const bodyRoutes = routes.filter((r) => hasBody(r.method) && !ELSEWHERE(r));
    const samples = fc.sample(
      fc.record({
        route: fc.constantFrom(...bodyRoutes),
        param: fc.oneof(fc.string({ maxLength: 20 }), fc.bigInt().map(String), fc.double().map(String)),
        body: fc.oneof(
          fc.json({ depthSize: 'medium' }),
          fc
            .record({
              values: fc.array(fc.record({ mapkey: fc.string({ maxLength: 30 }), value: fc.jsonValue() }), {
                maxLength: 5,
              }),
              storeProcedure: fc.option(fc.string(), { nil: undefined }),
            })
            .map((v) => JSON.stringify(v)),
          fc
            .record({
              id: fc.oneof(fc.integer(), fc.double(), fc.string()),
              rightName: fc.string(),
              menuId: fc.oneof(fc.integer(), fc.bigInt().map(Number)),
              path: fc.string(),
              name: fc.string(),
              definition: fc.json(),
            })
            .map((v) => JSON.stringify(v)),
        ),
      }),
      { numRuns: 300, seed: 20241123 },
    );
    const requests = samples.map(
      ({ route, param, body }) =>
        () =>
          hit(adminToken, route.method, fill(route.url, encodeURIComponent(param) || 'x'), body),
    );
    expect(await serverErrors(requests)).toEqual([]);
  });
});

describe('code validation and upload', () => {
  const boundary = '----fuzz';

  it('refuse NUL bytes, malformed JSON, wrong types and files that are not multipart with a 4xx', async () => {
    const requests: Array<() => Promise<Answer>> = [];
    for (const type of ['jsoncode', 'jscode', 'csscode', 'htmlcode', 'xmlcode', 'cscode', 'nope', '%00']) {
      for (const body of [JSON.stringify({ code: `a${NUL}b` }), '{"code":', '{}', '{"code":1}', undefined]) {
        requests.push(() => hit(adminToken, 'POST', `/api/validation/${type}`, body));
      }
    }
    requests.push(() => hit(adminToken, 'POST', '/api/files/upload', '{}'));
    expect(await serverErrors(requests)).toEqual([]);
  });

  it('deeply nested jsoncode gets a 4xx', async () => {
    const deepCode = JSON.stringify({ code: '['.repeat(500_000) });
    expect(await serverErrors([() => hit(adminToken, 'POST', '/api/validation/jsoncode', deepCode)])).toEqual(
      [],
    );
  });

  it('a multipart body without a boundary gets a 4xx', async () => {
    expect(
      await serverErrors([() => hit(adminToken, 'POST', '/api/files/upload', 'abc', 'multipart/form-data')]),
    ).toEqual([]);
  });

  it('a truncated multipart body gets a 4xx', async () => {
    const truncated = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n\r\nhel`;
    expect(
      await serverErrors([
        () =>
          hit(
            adminToken,
            'POST',
            '/api/files/upload',
            truncated,
            `multipart/form-data; boundary=${boundary}`,
          ),
      ]),
    ).toEqual([]);
  });
});
