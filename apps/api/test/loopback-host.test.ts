import { beforeAll, describe, expect, it } from 'vitest';
import { loopbackAlias } from '../src/http/loopback-host.ts';
import { startTestServer, type TestServer } from './test-server.ts';

describe('loopbackAlias', () => {
  it('names the configured address for another loopback name of the same port', () => {
    expect(loopbackAlias('http://localhost:3000', '127.0.0.1:3000')).toBe('http://localhost:3000');
    expect(loopbackAlias('http://localhost:3000', '[::1]:3000')).toBe('http://localhost:3000');
    expect(loopbackAlias('http://127.0.0.1:3000', 'LOCALHOST:3000')).toBe('http://127.0.0.1:3000');
  });

  it('leaves the configured name, other ports, other hosts and public addresses alone', () => {
    expect(loopbackAlias('http://localhost:3000', 'localhost:3000')).toBeUndefined();
    expect(loopbackAlias('http://localhost:3000', '127.0.0.1:4000')).toBeUndefined();
    expect(loopbackAlias('http://localhost:3000', 'evil.example:3000')).toBeUndefined();
    expect(loopbackAlias('https://bm.example.com', '127.0.0.1:443')).toBeUndefined();
    expect(loopbackAlias('http://localhost:3000', undefined)).toBeUndefined();
  });
});

describe('in development, another loopback name of the console', () => {
  let server: TestServer;
  let port: string;
  beforeAll(async () => {
    server = await startTestServer({ NODE_ENV: 'development' });
    port = new URL(server.baseUrl).port;
  });

  it('is redirected to the configured address, path and query kept', async () => {
    const response = await fetch(`http://127.0.0.1:${port}/page/list?status=draft`, { redirect: 'manual' });
    expect(response.status).toBe(307);
    expect(response.headers.get('location')).toBe(`http://localhost:${port}/page/list?status=draft`);
  });

  it('refuses a write with the address to use, and the configured name answers as always', async () => {
    const write = await fetch(`http://127.0.0.1:${port}/api/logs`, { method: 'POST' });
    expect(write.status).toBe(421);
    expect((await write.json()) as { message: string }).toEqual({
      message: `This console answers at http://localhost:${port}: open it there to sign in and work.`,
    });
    const health = await fetch(`http://localhost:${port}/healthz`, { redirect: 'manual' });
    expect(health.status).toBe(200);
  });
});

describe('outside development', () => {
  it('redirects nothing: the test server answers on 127.0.0.1 too', async () => {
    const server = await startTestServer();
    const port = new URL(server.baseUrl).port;
    const response = await fetch(`http://127.0.0.1:${port}/healthz`, { redirect: 'manual' });
    expect(response.status).toBe(200);
  });
});
