import { webcrypto } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { generateKey, KEY_ENTROPY_BYTES } from './generateKey.ts';

describe('generateKey', () => {
  it('hashes at least 128 random bits into 64 hex characters', async () => {
    const random = webcrypto as unknown as Crypto;
    const spy = vi.spyOn(random, 'getRandomValues');
    const key = await generateKey(random);
    expect(key).toMatch(/^[0-9a-f]{64}$/);
    expect(KEY_ENTROPY_BYTES * 8).toBeGreaterThanOrEqual(128);
    const seed = spy.mock.calls[0]?.[0] as Uint8Array | undefined;
    expect(seed?.length).toBe(KEY_ENTROPY_BYTES);
    expect(await generateKey(random)).not.toBe(key);
  });
});
