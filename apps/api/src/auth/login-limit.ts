/**
 * Limits password guessing at the built-in provider's login form (ADR 0008). Failed sign-ins are
 * counted in PostgreSQL, so the limit holds across every API instance, under two keys: the account
 * email (whether or not it exists, so the limit tells nothing about which emails do) and the client
 * address (as Fastify resolves it, which honours TRUST_PROXY only). A key past its free failures is
 * locked for a growing time — base, 2×base, 4×base … up to a cap — after each further failure; while
 * either key is locked, the form refuses every attempt (a right password too) with the time to wait,
 * without checking the password. Attempts refused that way are not counted, so the real user never
 * waits longer than the cap after the last counted failure. A key's count starts again once it has
 * had no failure for RESET_AFTER_S; a successful sign-in clears the account's count.
 *
 * Each counted failure past the free ones is one lock of its key, so a key's lock count is its
 * failures less the free ones. Someone failing once a minute keeps an account locked by design; an
 * operator sees it: every lock is reported once (the caller logs a warning when a lock starts and at
 * each further lock, never for the attempts a lock refuses), and the database tool lists the keys
 * locked now (`currentLocks`). A lock is *sustained* when its key is locked now and has been locked
 * SUSTAINED_LOCKS times or more in its current run of failures (no pause of RESET_AFTER_S between
 * two failures): with the default delays (1 s doubling to 60 s) that is a run of at least 8 wrong
 * passwords for one account.
 */
import type { Queryable } from '../db/pool.ts';

/** Failures a key may have before each further one locks it. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Higher for an address: many staff may share one office address. */
export const ADDRESS_FREE_FAILURES = 10;
/** A key with no failure for this long starts from zero again. */
const RESET_AFTER_S = 15 * 60;
/** Locks in one run of failures from which a key locked now counts as sustained. */
export const SUSTAINED_LOCKS = 3;

export interface LoginLimitOptions {
  /** Lock after the first failure past the free ones, seconds; it doubles with each further one. */
  baseDelayS: number;
  /** The longest lock, seconds. */
  maxDelayS: number;
}

interface Keys {
  account: string;
  address: string;
}

/** One lock of one key, as the failure that caused it reports it (for the log). */
export interface LockEvent {
  kind: 'account' | 'address';
  /** The account email or the address. */
  name: string;
  /** Locks of the key in its current run of failures, this one included (1: the lock starts). */
  lockCount: number;
  /** How long this lock lasts. */
  seconds: number;
  sustained: boolean;
}

const keysOf = (email: string, address: string): Keys => ({
  account: `account:${email.trim().toLowerCase()}`,
  address: `address:${address}`,
});

/** Seconds the caller must still wait before trying again (0: may try now). */
export async function secondsLocked(db: Queryable, email: string, address: string): Promise<number> {
  const keys = keysOf(email, address);
  const { rows } = await db.query<{ wait: number | null }>(
    `SELECT ceil(extract(epoch FROM max(locked_until) - now()))::int AS wait
       FROM login_failures WHERE key = ANY($1::text[]) AND locked_until > now()`,
    [[keys.account, keys.address]],
  );
  return Math.max(0, rows[0]?.wait ?? 0);
}

/**
 * Counts a failed sign-in under both keys and returns the seconds until the next attempt is
 * allowed (0 while the keys still have free failures), with the locks this failure caused.
 */
export async function recordFailure(
  db: Queryable,
  email: string,
  address: string,
  options: LoginLimitOptions,
): Promise<{ wait: number; locks: LockEvent[] }> {
  const keys = keysOf(email, address);
  const locks: LockEvent[] = [];
  // One statement per key: the row lock orders concurrent failures on any instance.
  const bump = async (key: string, free: number): Promise<number> => {
    const count = `CASE WHEN f.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE f.failures + 1 END`;
    const { rows } = await db.query<{ wait: number | null; failures: number }>(
      `INSERT INTO login_failures AS f (key, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 > $2 THEN now() + make_interval(secs => $3) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = ${count},
         last_failure_at = now(),
         locked_until = CASE WHEN ${count} > $2
           THEN now() + make_interval(secs => least($4::float8, $3::float8 * 2 ^ least(${count} - $2 - 1, 30)))
         END
       RETURNING ceil(extract(epoch FROM locked_until - now()))::int AS wait, failures`,
      [key, free, options.baseDelayS, options.maxDelayS, RESET_AFTER_S],
    );
    const wait = rows[0]?.wait ?? 0;
    const lockCount = (rows[0]?.failures ?? 0) - free;
    if (wait > 0 && lockCount > 0)
      locks.push({ ...nameOf(key), lockCount, seconds: wait, sustained: lockCount >= SUSTAINED_LOCKS });
    return wait;
  };
  const waits = [
    await bump(keys.account, ACCOUNT_FREE_FAILURES),
    await bump(keys.address, ADDRESS_FREE_FAILURES),
  ];
  // Rows idle for a day are of no use any more (unknown emails must not pile up).
  await db.query(`DELETE FROM login_failures WHERE last_failure_at < now() - interval '1 day'`);
  return { wait: Math.max(0, ...waits), locks };
}

const nameOf = (key: string): Pick<LockEvent, 'kind' | 'name'> =>
  key.startsWith('account:')
    ? { kind: 'account', name: key.slice('account:'.length) }
    : { kind: 'address', name: key.slice('address:'.length) };

/** A key locked now, as the database tool lists it. */
export interface CurrentLock {
  kind: 'account' | 'address';
  name: string;
  lockCount: number;
  /** ISO timestamps. */
  lockedUntil: string;
  lastFailureAt: string;
  sustained: boolean;
}

/** Most keys listed: a spray of unknown emails must not flood the page (the longest runs first). */
const MAX_LOCKS_LISTED = 200;

/** The accounts and addresses locked now, sustained ones and the most locked first. */
export async function currentLocks(db: Queryable): Promise<CurrentLock[]> {
  const { rows } = await db.query<{ key: string; lockCount: number; lockedUntil: Date; lastFailureAt: Date }>(
    `SELECT key, failures - CASE WHEN key LIKE 'account:%' THEN $1::int ELSE $2::int END AS "lockCount",
            locked_until AS "lockedUntil", last_failure_at AS "lastFailureAt"
       FROM login_failures
      WHERE locked_until > now()
      ORDER BY 2 DESC, locked_until DESC, key
      LIMIT $3`,
    [ACCOUNT_FREE_FAILURES, ADDRESS_FREE_FAILURES, MAX_LOCKS_LISTED],
  );
  return rows.map((r) => ({
    ...nameOf(r.key),
    lockCount: r.lockCount,
    lockedUntil: r.lockedUntil.toISOString(),
    lastFailureAt: r.lastFailureAt.toISOString(),
    sustained: r.lockCount >= SUSTAINED_LOCKS,
  }));
}

/** A successful sign-in clears the account's count (the address's count runs on). */
export async function clearAccountFailures(db: Queryable, email: string): Promise<void> {
  await db.query('DELETE FROM login_failures WHERE key = $1', [keysOf(email, '').account]);
}

/** Plain words for a wait, for the login page. */
export function waitText(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
