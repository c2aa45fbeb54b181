import { describe, expect, it } from 'vitest';
import { type AccountStatus, cachedChecker, STATUS_TTL_MS, verdictOf } from './sessions.ts';

describe('verdictOf', () => {
  const endedAt = 1_700_000_000_500; // ms: half-way through second 1_700_000_000
  it('refuses a disabled or unknown account whatever the token', () => {
    expect(verdictOf({ active: false, endedAt: null }, 1)).toBe('inactive');
  });
  it('refuses tokens issued up to and including the second of the end, and without an iat', () => {
    const status = { active: true, endedAt };
    expect(verdictOf(status, 1_699_999_999)).toBe('ended');
    expect(verdictOf(status, 1_700_000_000)).toBe('ended');
    expect(verdictOf(status, undefined)).toBe('ended');
    expect(verdictOf(status, 1_700_000_001)).toBe('ok');
  });
  it('accepts any token of an active account whose sessions never ended', () => {
    expect(verdictOf({ active: true, endedAt: null }, undefined)).toBe('ok');
  });
});

describe('cachedChecker', () => {
  it(`reads an account's status once per ${STATUS_TTL_MS} ms, and again at once after forget`, async () => {
    let now = 0;
    let status: AccountStatus = { active: true, endedAt: null };
    const reads: string[] = [];
    const checker = cachedChecker(
      {
        account: async (email) => {
          reads.push(email);
          return status;
        },
        grant: async () => true,
      },
      () => now,
    );
    expect(await checker.check({ email: 'A@x.io', iat: 1 })).toBe('ok');
    status = { active: false, endedAt: null };
    now = STATUS_TTL_MS - 1;
    expect(await checker.check({ email: 'a@x.io', iat: 1 })).toBe('ok');
    expect(reads).toEqual(['a@x.io']);
    now = STATUS_TTL_MS;
    expect(await checker.check({ email: 'a@x.io', iat: 1 })).toBe('inactive');
    expect(reads).toHaveLength(2);

    status = { active: true, endedAt: null };
    checker.forget('A@X.io');
    expect(await checker.check({ email: 'a@x.io', iat: 1 })).toBe('ok');
    expect(reads).toHaveLength(3);
  });

  it('ends a token whose grant is gone, reading each grant once per TTL and again after forgetGrant', async () => {
    let now = 0;
    const live = new Set(['g1', 'g2']);
    const grantReads: string[] = [];
    const checker = cachedChecker(
      {
        account: async () => ({ active: true, endedAt: null }),
        grant: async (grant) => {
          grantReads.push(grant);
          return live.has(grant);
        },
      },
      () => now,
    );
    expect(await checker.check({ email: 'a@x.io', grant: 'g1' })).toBe('ok');
    expect(await checker.check({ email: 'a@x.io' })).toBe('ok'); // an external token names no grant
    live.delete('g1');
    expect(await checker.check({ email: 'a@x.io', grant: 'g1' })).toBe('ok');
    checker.forgetGrant('g1');
    expect(await checker.check({ email: 'a@x.io', grant: 'g1' })).toBe('ended');
    expect(await checker.check({ email: 'a@x.io', grant: 'g2' })).toBe('ok');
    now = STATUS_TTL_MS;
    live.delete('g2');
    expect(await checker.check({ email: 'a@x.io', grant: 'g2' })).toBe('ended');
    expect(grantReads).toEqual(['g1', 'g1', 'g2', 'g2']);
  });

  it('does not remember a failed read', async () => {
    let fail = true;
    const checker = cachedChecker({
      account: async () => {
        if (fail) throw new Error('database down');
        return { active: true, endedAt: null };
      },
      grant: async () => true,
    });
    await expect(checker.check({ email: 'a@x.io' })).rejects.toThrow('database down');
    fail = false;
    expect(await checker.check({ email: 'a@x.io' })).toBe('ok');
  });
});
