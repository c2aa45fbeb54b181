import { describe, expect, it, vi } from 'vitest';
import { loadRuntimeConfig } from './loadRuntimeConfig.ts';

const config = {
  appName: 'BM Tools',
  authority: 'http://localhost:3000/oidc',
  clientId: 'bm-tools-spa',
  scope: 'openid profile bm-tools-api bm-tools-hub',
  clientRequestTimeOut: 30,
  toolUrls: { roadmap: 'https://roadmap.test' },
  fallbackToolUrl: '',
  redirectOrigins: [],
};

describe('loadRuntimeConfig', () => {
  it('fetches the public config without cookies', async () => {
    const fetchMock = vi.fn(async () => Response.json(config));
    await expect(loadRuntimeConfig(fetchMock)).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledWith('/api/config', expect.objectContaining({ credentials: 'omit' }));
  });

  it('rejects a failed or malformed answer', async () => {
    await expect(loadRuntimeConfig(async () => new Response('', { status: 503 }))).rejects.toThrow('503');
    await expect(loadRuntimeConfig(async () => Response.json({ appName: 'x' }))).rejects.toThrow('not valid');
  });
});
