/**
 * The HTTP client sends the user's token to this site only: an address from stored data (a preset's
 * source or action) that leads anywhere else is refused before `fetch` is called (issue 37).
 */
import { describe, expect, it, vi } from 'vitest';
import { createHttpClient } from './httpClient.ts';
import { createLoadingCounter } from './loadingCounter.ts';

function setup() {
  const fetchMock = vi.fn(async () => new Response('{}', { status: 200 }));
  const deps = {
    timeoutMs: 5000,
    getAccessToken: vi.fn(async () => 'secret-access-token'),
    renewSession: vi.fn(async (): Promise<string | null> => null),
    onUnauthenticated: vi.fn(),
    onError: vi.fn(),
    loading: createLoadingCounter(),
    fetch: fetchMock,
  };
  return { client: createHttpClient(deps), deps, fetchMock };
}

describe('the HTTP client and other sites', () => {
  it.each([
    'https://evil.example/api/pages',
    '//evil.example/api/pages',
    '/\\evil.example/api/pages',
    'javascript:alert(1)',
    'api/pages',
  ])('refuses %s without sending anything, and alerts', async (url) => {
    const { client, deps, fetchMock } = setup();
    await expect(client.request(url)).rejects.toThrow(/not an address of this site/);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(deps.getAccessToken).not.toHaveBeenCalled();
    expect(deps.onError).toHaveBeenCalledTimes(1);
  });

  it('calls paths of this site and absolute URLs of its own origin', async () => {
    const { client, fetchMock } = setup();
    await client.request('/api/pages?pageSize=20');
    await client.request(`${window.location.origin}/api/pages`);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
