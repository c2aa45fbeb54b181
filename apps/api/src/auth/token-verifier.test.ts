import { describe, expect, it } from 'vitest';
import { cachedVerifier, InvalidTokenError, type TokenVerifier } from './token-verifier.ts';

/** A verifier that counts its calls; tokens named `bad…` fail, `noexp…` carry no expiry. */
function counting(expSeconds: number): { verify: TokenVerifier; calls: () => number } {
  let calls = 0;
  return {
    calls: () => calls,
    verify: async (token) => {
      calls += 1;
      if (token.startsWith('bad')) throw new InvalidTokenError('The access token is invalid or expired');
      const base = { sub: token, email: `${token}@bmtools.local`, scope: [] };
      return token.startsWith('noexp') ? base : { ...base, exp: expSeconds };
    },
  };
}

describe('cachedVerifier', () => {
  it('verifies a token once and answers the same identity from memory after that', async () => {
    const now = 1_000_000;
    const inner = counting(now / 1000 + 600);
    const verify = cachedVerifier(inner.verify, () => now);
    const first = await verify('a');
    expect(await verify('a')).toEqual(first);
    expect(await verify('a')).toEqual(first);
    expect(inner.calls()).toBe(1);
    await verify('b');
    expect(inner.calls()).toBe(2);
  });

  it('verifies again once the token has expired, and refuses it when verification fails then', async () => {
    let now = 1_000_000;
    let valid = true;
    let calls = 0;
    const verify = cachedVerifier(
      async (token) => {
        calls += 1;
        if (!valid) throw new InvalidTokenError('The access token is invalid or expired');
        return { sub: token, email: 'a@bmtools.local', scope: [], exp: 1_000 + 60 };
      },
      () => now,
    );
    await verify('a');
    now = (1_000 + 60) * 1000; // at exp: still inside the clock tolerance
    await verify('a');
    expect(calls).toBe(1);
    now = (1_000 + 60 + 6) * 1000; // past exp and tolerance
    valid = false;
    await expect(verify('a')).rejects.toThrow(InvalidTokenError);
    expect(calls).toBe(2);
  });

  it('remembers a long-lived token five minutes at most', async () => {
    let now = 0;
    const inner = counting(10 * 24 * 3600);
    const verify = cachedVerifier(inner.verify, () => now);
    await verify('a');
    now = 5 * 60_000 - 1;
    await verify('a');
    expect(inner.calls()).toBe(1);
    now = 5 * 60_000;
    await verify('a');
    expect(inner.calls()).toBe(2);
  });

  it('never remembers a refused token or one without an expiry', async () => {
    const inner = counting(10_000);
    const verify = cachedVerifier(inner.verify, () => 0);
    await expect(verify('bad')).rejects.toThrow(InvalidTokenError);
    await expect(verify('bad')).rejects.toThrow(InvalidTokenError);
    await verify('noexp');
    await verify('noexp');
    expect(inner.calls()).toBe(4);
  });

  it('keeps at most 10,000 tokens, dropping the oldest first', async () => {
    const inner = counting(10_000);
    const verify = cachedVerifier(inner.verify, () => 0);
    for (let i = 0; i <= 10_000; i++) await verify(`t${i}`);
    expect(inner.calls()).toBe(10_001);
    await verify('t10000');
    await verify('t1');
    expect(inner.calls()).toBe(10_001);
    await verify('t0');
    expect(inner.calls()).toBe(10_002);
  });
});
