/**
 * Per-route request limits: on by default, a 31st upload in a minute from one address answers 429
 * with Retry-After; RATE_LIMITS=off (for benchmark runs only) lifts them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let limited: TestServer;
let unlimited: TestServer;

beforeAll(async () => {
  [limited, unlimited] = await Promise.all([startTestServer(), startTestServer({ RATE_LIMITS: 'off' })]);
});

afterAll(async () => {
  await Promise.all([limited.close(), unlimited.close()]);
});

/** Statuses of 31 uploads without a file (each refused with 400 unless limited first). */
async function uploads(server: TestServer): Promise<Response[]> {
  const { accessToken } = await signIn(server.baseUrl, 'admin@bmtools.local', 'admin');
  const answers: Response[] = [];
  for (let i = 0; i < 31; i++) {
    answers.push(
      await fetch(`${server.baseUrl}/api/files/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
        body: '{}',
      }),
    );
  }
  return answers;
}

describe('rate limits', () => {
  it('answer 429 with Retry-After past a route limit by default', async () => {
    const answers = await uploads(limited);
    expect(answers.slice(0, 30).map((a) => a.status)).toEqual(Array(30).fill(400));
    const last = answers[30];
    expect(last?.status).toBe(429);
    expect(Number(last?.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('are lifted by RATE_LIMITS=off', async () => {
    const answers = await uploads(unlimited);
    expect(answers.map((a) => a.status)).toEqual(Array(31).fill(400));
  });
});
