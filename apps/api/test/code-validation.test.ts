/**
 * `POST /api/validation/{type}` over real HTTP: who may ask (Create or Edit of a form with a code
 * field), and that parsing cannot stall the API — it runs in a worker pool with a size limit, a
 * time limit per parse and a bounded queue.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

const ACCOUNTS = ['admin', 'editor', 'mapper', 'viewer'] as const;
type Account = (typeof ACCOUNTS)[number];

async function tokensOf(server: TestServer, names: readonly Account[]): Promise<Record<string, string>> {
  const tokens: Record<string, string> = {};
  for (const name of names) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
  return tokens;
}

const validate = async (server: TestServer, token: string | undefined, type: string, code: string) => {
  const response = await fetch(`${server.baseUrl}/api/validation/${type}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ code }),
    signal: AbortSignal.timeout(60_000),
  });
  return {
    status: response.status,
    headers: response.headers,
    body: (await response.json()) as {
      isSuccess?: boolean;
      message: string;
      errors?: Record<string, string>;
    },
  };
};

/** Nested tables: parse5's tree building is slow on them (each cell reopens the table scope). */
const nestedTables = (count: number) => '<table><tr><td>'.repeat(count);

describe('code validation with the default size and time limits', () => {
  let server: TestServer;
  let tokens: Record<string, string>;
  beforeAll(async () => {
    // One worker (the default on a 2-core machine), so heavy parses finish one after another.
    server = await startTestServer({ CODE_VALIDATION_THREADS: '1' });
    tokens = await tokensOf(server, ACCOUNTS);
  });

  it('is for accounts that may create or edit a form with a code field', async () => {
    for (const who of ['admin', 'editor'] as const) {
      expect(await validate(server, tokens[who], 'jscode', 'let a = 1;')).toMatchObject({
        status: 200,
        body: { isSuccess: true, message: 'Your code is valid' },
      });
    }
    for (const who of ['viewer', 'mapper'] as const) {
      const refused = await validate(server, tokens[who], 'jscode', 'let a = 1;');
      expect(refused.status).toBe(403);
      expect(refused.body.message).toMatch(/^Missing right .*BMTools\/Interception\/Edit/);
    }
  });

  it('answers line and column from the worker, for every language', async () => {
    const bad = await validate(server, tokens.editor, 'cscode', 'class A {\n void M( {}\n}');
    expect(bad.status).toBe(200);
    expect(bad.body.isSuccess).toBe(false);
    expect(bad.body.message).toMatch(/^Line 2, column \d+/);
    expect((await validate(server, tokens.editor, 'pycode', 'x')).status).toBe(400);
  });

  it('refuses code over the size limit with a message naming code', async () => {
    const response = await validate(server, tokens.editor, 'jsoncode', 'x'.repeat(200_001));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('code is longer than 200000 characters; it was not checked');
    expect(response.body.errors).toEqual({ code: 'At most 200000 characters' });
    // The body from the report: 900,000 characters of nested tables.
    expect((await validate(server, tokens.editor, 'htmlcode', nestedTables(60_000))).status).toBe(400);
  });

  it('answers "[" × 500,000 as not valid rather than failing', async () => {
    // Over the size limit with the defaults: refused before parsing.
    expect((await validate(server, tokens.editor, 'jsoncode', '['.repeat(500_000))).status).toBe(400);
    // Within it, the recursive JSON parser overflows its stack: an answer, not a 500.
    const deep = await validate(server, tokens.editor, 'jsoncode', '['.repeat(199_999));
    expect(deep).toMatchObject({
      status: 200,
      body: { isSuccess: false, message: 'The code is nested too deeply to be checked' },
    });
  });

  it('keeps /healthz answering while heavy validations run', async () => {
    let done = 0;
    const heavy = Array.from({ length: 8 }, () =>
      validate(server, tokens.editor, 'htmlcode', nestedTables(6000)).finally(() => {
        done += 1;
      }),
    );
    // Once one has been answered the rest are being parsed, one after another.
    await Promise.race(heavy);
    const before = done;
    const health = await fetch(`${server.baseUrl}/healthz`, { signal: AbortSignal.timeout(30_000) });
    const during = done - before;
    expect(health.status).toBe(200);
    // On the event loop, /healthz would wait for the parses ahead of it; off it, it answers while
    // the next heavy one is still running.
    expect(during).toBeLessThanOrEqual(1);
    expect(done).toBeLessThan(heavy.length);
    for (const { status } of await Promise.all(heavy)) {
      // Each is parsed (200) or stopped at the time limit on a busy machine (422): never a 5xx.
      expect([200, 422]).toContain(status);
    }
  });
});

describe('code validation with tight limits', () => {
  let server: TestServer;
  let editor: string | undefined;
  beforeAll(async () => {
    server = await startTestServer({
      CODE_VALIDATION_TIMEOUT_MS: '20',
      CODE_VALIDATION_THREADS: '1',
      CODE_VALIDATION_QUEUE: '1',
    });
    editor = (await tokensOf(server, ['editor'])).editor;
  });

  it('stops a parse that runs over the time limit and answers 422, then parses again', async () => {
    // 195,000 characters of nested tables take parse5 far over 20 ms.
    const slow = await validate(server, editor, 'htmlcode', nestedTables(13_000));
    expect(slow.status).toBe(422);
    expect(slow.body.message).toBe('The code took longer than 0.02 s to check and was not validated');
    // The terminated worker is replaced.
    expect(await validate(server, editor, 'xmlcode', '<a><b/></a>')).toMatchObject({
      status: 200,
      body: { isSuccess: true },
    });
  });

  it('refuses with 429 when the one worker is busy and the queue of one is full', async () => {
    // Each takes the full 200 ms of parse time once started; one runs, one waits, the rest are refused.
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => validate(server, editor, 'htmlcode', nestedTables(13_000))),
    );
    const busy = answers.filter((a) => a.status === 429);
    expect(busy.length).toBeGreaterThanOrEqual(1);
    expect(busy[0]?.body.message).toBe('Code validation is busy; try again in a moment');
    expect(busy[0]?.headers.get('retry-after')).toBe('1');
    // The ones that ran were parsed (200) or stopped at the limit (422): on a quiet machine a parse
    // may finish inside the limit, so both count; what matters is that the rest were refused.
    for (const { status } of answers) expect([200, 422, 429]).toContain(status);
  });
});
