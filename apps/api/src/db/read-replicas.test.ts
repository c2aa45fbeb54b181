/** How far behind a replica is judged to be (db/read-replicas.ts), from WAL positions and times alone. */
import { describe, expect, it } from 'vitest';
import { lagOf, lsnBytes } from './read-replicas.ts';

describe('lsnBytes', () => {
  it('reads a WAL position as its byte offset', () => {
    expect(lsnBytes('0/0')).toBe(0n);
    expect(lsnBytes('0/16B3748')).toBe(0x16b3748n);
    expect(lsnBytes('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnBytes('1/0') > lsnBytes('0/FFFFFFFF')).toBe(true);
  });
});

describe('lagOf', () => {
  const now = 100_000;
  const samples = [
    { lsn: 100n, at: now - 3000 },
    { lsn: 200n, at: now - 2000 },
    { lsn: 300n, at: now - 1000 },
  ];

  it('is 0 for a replica that has what the primary had at the last sample', () => {
    expect(lagOf(300n, 60_000, samples, now)).toBe(0);
    expect(lagOf(350n, null, samples, now)).toBe(0);
  });

  it('is at most the time since the newest sample it has passed', () => {
    expect(lagOf(250n, null, samples, now)).toBe(2000);
    expect(lagOf(100n, null, samples, now)).toBe(3000);
  });

  it('takes the time since the last replayed commit when that is smaller (a busy primary)', () => {
    expect(lagOf(250n, 40, samples, now)).toBe(40);
    // An idle primary's last commit may be an hour old: the samples bound the lag instead.
    expect(lagOf(250n, 3_600_000, samples, now)).toBe(2000);
  });

  it('is unknown for a replica behind every sample with no commit replayed since its start', () => {
    expect(lagOf(50n, null, samples, now)).toBeNull();
    expect(lagOf(50n, 9000, samples, now)).toBe(9000);
    expect(lagOf(50n, null, [], now)).toBeNull();
  });
});
