import { afterEach, describe, expect, it, vi } from 'vitest';
import { HttpError } from './HttpError.ts';
import { createHttpClient, type HttpClientDeps, LOG_PATH, newIdempotencyKey } from './httpClient.ts';
import { createLoadingCounter } from './loadingCounter.ts';

const TOKEN = 'secret-access-token';

const json = (status: number, body: unknown): Response =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

function setup(
  responses: (Response | ((init?: RequestInit) => Promise<Response>))[],
  extra: Partial<HttpClientDeps> = {},
) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const logs: unknown[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = String(input);
    if (url === LOG_PATH) {
      logs.push(JSON.parse(String(init?.body)));
      return new Response(null, { status: 204 });
    }
    calls.push({ url, init });
    const next = responses.shift();
    if (!next) throw new Error('unexpected call');
    return typeof next === 'function' ? next(init) : next;
  });
  const deps = {
    timeoutMs: 5000,
    getAccessToken: vi.fn(async () => TOKEN),
    renewSession: vi.fn(async (): Promise<string | null> => null),
    onUnauthenticated: vi.fn(),
    onError: vi.fn(),
    loading: createLoadingCounter(),
    fetch: fetchMock,
    ...extra,
  };
  return { client: createHttpClient(deps), deps, calls, logs };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createHttpClient', () => {
  it('sends the bearer token as JSON without cookies and returns the parsed body', async () => {
    const { client, calls, deps } = setup([json(200, ['a'])]);
    const pending = client.request<string[]>('/api/userRights');
    expect(deps.loading.get()).toBe(1);
    await expect(pending).resolves.toEqual(['a']);
    expect(deps.loading.get()).toBe(0);
    const init = calls[0]?.init;
    expect(init?.credentials).toBe('omit');
    expect(init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}`, Accept: 'application/json' });
    // No body, no Content-Type: a server refuses an empty body declared as JSON.
    expect(init?.headers).not.toHaveProperty('Content-Type');
  });

  it('calls fetch in the same task when the token can be read at once, and awaits it otherwise', async () => {
    const now = setup([json(200, ['now'])], { peekAccessToken: () => TOKEN });
    const pending = now.client.request<string[]>('/api/at-once');
    // Nothing awaited yet: a call made while React renders has left before the render ends.
    expect(now.calls.map((c) => c.url)).toEqual(['/api/at-once']);
    expect(now.deps.getAccessToken).not.toHaveBeenCalled();
    await expect(pending).resolves.toEqual(['now']);

    const later = setup([json(200, ['later'])], { peekAccessToken: () => null });
    const waiting = later.client.request<string[]>('/api/later');
    expect(later.calls).toEqual([]);
    await expect(waiting).resolves.toEqual(['later']);
    expect(later.deps.getAccessToken).toHaveBeenCalledTimes(1);
    expect(later.calls[0]?.init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
  });

  it('leaves a background reload out of the loading bar', async () => {
    const { client, deps } = setup([json(200, ['a'])]);
    const pending = client.request<string[]>('/api/things', { background: true });
    expect(deps.loading.get()).toBe(0);
    await expect(pending).resolves.toEqual(['a']);
    expect(deps.loading.get()).toBe(0);
  });

  it('reads a file answer as a Blob when asked (downloads), with the bearer token', async () => {
    const file = new Response(new Uint8Array([80, 75, 3, 4]), {
      status: 200,
      headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
    });
    const { client, calls } = setup([file]);
    const blob = await client.request<Blob>('/api/exports/download?id=3', { responseType: 'blob' });
    expect(blob.type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect([...new Uint8Array(await blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
    expect(calls[0]?.init?.headers).toMatchObject({ Authorization: `Bearer ${TOKEN}` });
  });

  it('sends a JSON body', async () => {
    const { client, calls } = setup([new Response(null, { status: 204 })]);
    await expect(
      client.request('/api/menu/removefavorite', {
        method: 'DELETE',
        body: { menuId: 2, path: '/page/list' },
      }),
    ).resolves.toBeUndefined();
    expect(calls[0]?.init?.method).toBe('DELETE');
    expect(calls[0]?.init?.body).toBe('{"menuId":2,"path":"/page/list"}');
    expect(calls[0]?.init?.headers).toMatchObject({ 'Content-Type': 'application/json' });
  });

  it("rejects with 'Timeout' after clientRequestTimeOut and counts the call as ended", async () => {
    vi.useFakeTimers();
    const never = (init?: RequestInit) =>
      new Promise<Response>((_, reject) =>
        init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError'))),
      );
    const { client, deps, calls } = setup([never], { timeoutMs: 3000 });
    const pending = client.request('/api/menu/json/1');
    const outcome = expect(pending).rejects.toThrow('Timeout');
    await vi.advanceTimersByTimeAsync(2999);
    expect(deps.loading.get()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(calls[0]?.init?.signal?.aborted).toBe(true);
    expect(deps.loading.get()).toBe(0);
    expect(deps.onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'Timeout' }));
  });

  it('reads no body on 401, renews once and retries with the new token', async () => {
    const unauthorized = json(401, { message: 'expired' });
    const { client, deps, calls } = setup([unauthorized, json(200, { ok: true })], {
      renewSession: vi.fn(async () => 'fresh-token'),
    });
    await expect(client.request('/api/menu/favorites')).resolves.toEqual({ ok: true });
    expect(unauthorized.bodyUsed).toBe(false);
    expect(deps.renewSession).toHaveBeenCalledTimes(1);
    expect(calls[1]?.init?.headers).toMatchObject({ Authorization: 'Bearer fresh-token' });
  });

  it('goes to the sign-in view when renewal fails, without alert or log', async () => {
    const unauthorized = json(401, { message: 'expired' });
    const { client, deps, logs } = setup([unauthorized]);
    const error = await client.request('/api/userRights').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(401);
    expect(unauthorized.bodyUsed).toBe(false);
    expect(deps.onUnauthenticated).toHaveBeenCalledTimes(1);
    expect(deps.onError).not.toHaveBeenCalled();
    expect(logs).toEqual([]);
    expect(deps.loading.get()).toBe(0);
  });

  it('goes to the sign-in view when there is no token at all', async () => {
    const { client, deps, calls } = setup([], { getAccessToken: vi.fn(async () => null) });
    await expect(client.request('/api/userRights')).rejects.toMatchObject({ status: 401 });
    expect(calls).toEqual([]);
    expect(deps.onUnauthenticated).toHaveBeenCalled();
  });

  it('rejects with the message of the error body and the failed URL, alerts and logs it', async () => {
    const { client, deps, logs } = setup([json(403, { message: 'Right missing' })]);
    const error = (await client.request('/api/pages/3').catch((e: unknown) => e)) as HttpError;
    expect(error.message).toBe('Right missing');
    expect(error.status).toBe(403);
    expect(error.url).toBe('/api/pages/3');
    expect(deps.onError).toHaveBeenCalledWith(error);
    await vi.waitFor(() => expect(logs).toHaveLength(1));
    expect(logs[0]).toEqual({
      level: 'error',
      message: 'GET /api/pages/3 failed (403): Right missing',
      url: '/api/pages/3',
    });
    expect(JSON.stringify(logs)).not.toContain(TOKEN);
  });

  it('falls back to a status message when the error body is not JSON', async () => {
    const { client } = setup([new Response('<html>', { status: 502 })]);
    await expect(client.request('/api/x')).rejects.toThrow('Request failed with status 502');
  });

  it('logs but does not alert silent calls', async () => {
    const { client, deps, logs } = setup([json(500, { message: 'boom' })]);
    await expect(client.request('/api/menu/json/1', { silent: true })).rejects.toThrow('boom');
    expect(deps.onError).not.toHaveBeenCalled();
    await vi.waitFor(() => expect(logs).toHaveLength(1));
  });

  it('does not log a failure of the log sink itself', async () => {
    const fetchMock = vi.fn(async () => json(500, { message: 'sink down' }));
    const deps = {
      timeoutMs: 1000,
      getAccessToken: async () => TOKEN,
      renewSession: async () => null,
      onUnauthenticated: vi.fn(),
      onError: vi.fn(),
      loading: createLoadingCounter(),
      fetch: fetchMock,
    };
    const client = createHttpClient(deps);
    await expect(client.request(LOG_PATH, { method: 'POST', body: {}, silent: true })).rejects.toThrow(
      'sink down',
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('redacts credentials from logged URLs and never throws from log()', async () => {
    const { client, logs } = setup([]);
    await client.log({ level: 'warn', message: 'm', url: 'http://h/x?access_token=abc&y=1' });
    expect(logs).toEqual([{ level: 'warn', message: 'm', url: 'http://h/x?access_token=…&y=1' }]);
    const failing = createHttpClient({
      timeoutMs: 1,
      getAccessToken: async () => TOKEN,
      renewSession: async () => null,
      onUnauthenticated: () => {},
      onError: () => {},
      loading: createLoadingCounter(),
      fetch: async () => {
        throw new TypeError('offline');
      },
    });
    await expect(failing.log({ level: 'error', message: 'm', url: '/' })).resolves.toBeUndefined();
  });
});

describe('safe retries', () => {
  const keyOf = (call: { init: RequestInit | undefined } | undefined): string | undefined =>
    (call?.init?.headers as Record<string, string> | undefined)?.['Idempotency-Key'];
  const dropped = () => Promise.reject(new TypeError('Failed to fetch'));
  const unavailable = () => json(503, { message: 'The server is stopping' });
  let serial = 0;
  const keys = { retryDelaysMs: [0, 0, 0], newKey: () => `key-${++serial}` };

  it('sends a new Idempotency-Key with every write, none with a read or to the log sink', async () => {
    const { client, calls } = setup(
      [json(201, { id: 1 }), json(200, {}), new Response(null, { status: 204 }), json(200, [])],
      keys,
    );
    await client.request('/api/pages', { method: 'POST', body: { values: [] } });
    await client.request('/api/pages/1', { method: 'PUT', body: { values: [] } });
    await client.request('/api/pages/1', { method: 'DELETE' });
    await client.request('/api/pages');
    const sent = calls.map(keyOf);
    expect(sent).toEqual([
      expect.stringMatching(/^"key-\d+"$/),
      expect.any(String),
      expect.any(String),
      undefined,
    ]);
    expect(new Set(sent.slice(0, 3)).size).toBe(3);

    const sink: RequestInit[] = [];
    const logging = createHttpClient({
      timeoutMs: 1000,
      getAccessToken: async () => TOKEN,
      renewSession: async () => null,
      onUnauthenticated: () => {},
      onError: () => {},
      loading: createLoadingCounter(),
      fetch: async (_input, init) => {
        if (init) sink.push(init);
        return new Response(null, { status: 204 });
      },
    });
    await logging.request(LOG_PATH, { method: 'POST', body: {}, silent: true });
    await logging.log({ level: 'warn', message: 'm', url: '/' });
    expect(sink.map((init) => keyOf({ init }))).toEqual([undefined, undefined]);
  });

  it('sends a write again with the same key after a 503 and after a dropped connection', async () => {
    const { client, calls, deps } = setup([unavailable(), dropped, json(201, { id: 7 })], keys);
    await expect(client.request('/api/pages', { method: 'POST', body: { values: [] } })).resolves.toEqual({
      id: 7,
    });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
    expect(calls.map((c) => c.init?.body)).toEqual(Array(3).fill('{"values":[]}'));
    expect(deps.onError).not.toHaveBeenCalled();
    expect(deps.loading.get()).toBe(0);
  });

  it('gives up after three more tries: the last failure is the answer', async () => {
    const four503 = setup([unavailable(), unavailable(), unavailable(), unavailable()], keys);
    const error = (await four503.client
      .request('/api/exports/send', { method: 'POST', body: {} })
      .catch((e: unknown) => e)) as HttpError;
    expect(error.status).toBe(503);
    expect(error.message).toBe('The server is stopping');
    expect(four503.calls).toHaveLength(4);
    expect(four503.deps.onError).toHaveBeenCalledTimes(1);

    const offline = setup([dropped, dropped, dropped, dropped], keys);
    await expect(offline.client.request('/api/pages/1', { method: 'DELETE' })).rejects.toThrow(
      'Failed to fetch',
    );
    expect(offline.calls).toHaveLength(4);
  });

  it('never sends a read again, nor a write refused or failed otherwise', async () => {
    const read = setup([unavailable()], keys);
    await expect(read.client.request('/api/pages')).rejects.toMatchObject({ status: 503 });
    expect(read.calls).toHaveLength(1);
    const readOffline = setup([dropped], keys);
    await expect(readOffline.client.request('/api/pages')).rejects.toThrow('Failed to fetch');
    expect(readOffline.calls).toHaveLength(1);
    for (const status of [500, 409, 422, 400]) {
      const write = setup([json(status, { message: `no ${status}` })], keys);
      await expect(write.client.request('/api/pages', { method: 'POST', body: {} })).rejects.toMatchObject({
        status,
      });
      expect(write.calls).toHaveLength(1);
    }
  });

  it('waits a little longer before each try, and never past the call timeout', async () => {
    vi.useFakeTimers();
    const { client, calls } = setup([unavailable(), unavailable(), unavailable(), json(200, { ok: true })], {
      newKey: () => 'fixed-key-1',
      retryDelaysMs: [100, 200, 400],
    });
    const pending = client.request('/api/pages/1', { method: 'PUT', body: {} });
    await vi.advanceTimersByTimeAsync(99);
    expect(calls).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(200);
    expect(calls).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(400);
    await expect(pending).resolves.toEqual({ ok: true });
    expect(calls.map(keyOf)).toEqual(Array(4).fill('"fixed-key-1"'));

    const short = setup([unavailable(), json(200, {})], { newKey: () => 'k-short-1', timeoutMs: 50 });
    await expect(short.client.request('/api/pages', { method: 'POST', body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(short.calls).toHaveLength(1);
  });

  it('keeps the key through a token renewal', async () => {
    const { client, calls } = setup([json(401, {}), unavailable(), json(200, {})], {
      ...keys,
      renewSession: vi.fn(async () => 'fresh-token'),
    });
    await client.request('/api/mapMerchantLocations/map', { method: 'POST', body: { values: [] } });
    expect(calls).toHaveLength(3);
    expect(new Set(calls.map(keyOf)).size).toBe(1);
  });

  it('makes a version 4 UUID, also where crypto.randomUUID is missing (a page not on https)', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
    expect(newIdempotencyKey()).toMatch(uuid);
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const made = new Set(Array.from({ length: 50 }, () => newIdempotencyKey()));
      expect(made.size).toBe(50);
      for (const key of made) expect(key).toMatch(uuid);
    } finally {
      // The own property goes; the prototype's method shows through again.
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
  });
});
