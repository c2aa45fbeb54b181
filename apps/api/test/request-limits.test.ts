/**
 * The server-side request time limit: a request its route does not answer in time gets 503 with
 * Retry-After, whatever the route is waiting for (here: a row lock the test holds).
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
let locker: pg.Client;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ REQUEST_TIMEOUT: '1' });
  token = (await signIn(server.baseUrl, 'admin@bmtools.local', 'admin')).accessToken;
  locker = new pg.Client({ connectionString: server.databaseUrl });
  await locker.connect();
});

afterAll(async () => {
  await locker.query('ROLLBACK').catch(() => {});
  await locker.end();
});

describe('the request time limit', () => {
  it('answers a request still running after REQUEST_TIMEOUT with 503 and Retry-After', async () => {
    const { rows } = await locker.query<{ row_version: number }>(
      'SELECT row_version FROM pages WHERE id = 1',
    );
    await locker.query('BEGIN');
    await locker.query('SELECT 1 FROM pages WHERE id = 1 FOR UPDATE');
    const response = await fetch(`${server.baseUrl}/api/pages/1`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        values: [
          { mapkey: 'title', value: 'Waits for a lock' },
          { mapkey: 'rowVersion', value: rows[0]?.row_version },
        ],
      }),
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await response.json()).toEqual({
      message: 'The server did not finish this request within 1 s. Try again.',
    });
    await locker.query('ROLLBACK');
  });

  it('leaves requests that finish in time alone', async () => {
    const response = await fetch(`${server.baseUrl}/api/pages/1`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.status).toBe(200);
  });
});
