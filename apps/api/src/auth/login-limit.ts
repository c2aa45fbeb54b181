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
 */
import type { Queryable } from '../db/pool.ts';

/** Failures a key may have before each further one locks it. */
export const ACCOUNT_FREE_FAILURES = 5;
/** Higher for an address: many staff may share one office address. */
export const ADDRESS_FREE_FAILURES = 10;
/** A key with no failure for this long starts from zero again. */
const RESET_AFTER_S = 15 * 60;

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
 * allowed (0 while the keys still have free failures).
 */
export async function recordFailure(
  db: Queryable,
  email: string,
  address: string,
  options: LoginLimitOptions,
): Promise<number> {
  const keys = keysOf(email, address);
  // One statement per key: the row lock orders concurrent failures on any instance.
  const bump = async (key: string, free: number): Promise<number> => {
    const count = `CASE WHEN f.last_failure_at < now() - make_interval(secs => $5) THEN 1 ELSE f.failures + 1 END`;
    const { rows } = await db.query<{ wait: number | null }>(
      `INSERT INTO login_failures AS f (key, failures, last_failure_at, locked_until)
       VALUES ($1, 1, now(), CASE WHEN 1 > $2 THEN now() + make_interval(secs => $3) END)
       ON CONFLICT (key) DO UPDATE SET
         failures = ${count},
         last_failure_at = now(),
         locked_until = CASE WHEN ${count} > $2
           THEN now() + make_interval(secs => least($4::float8, $3::float8 * 2 ^ least(${count} - $2 - 1, 30)))
         END
       RETURNING ceil(extract(epoch FROM locked_until - now()))::int AS wait`,
      [key, free, options.baseDelayS, options.maxDelayS, RESET_AFTER_S],
    );
    return rows[0]?.wait ?? 0;
  };
  const waits = [
    await bump(keys.account, ACCOUNT_FREE_FAILURES),
    await bump(keys.address, ADDRESS_FREE_FAILURES),
  ];
  // Rows idle for a day are of no use any more (unknown emails must not pile up).
  await db.query(`DELETE FROM login_failures WHERE last_failure_at < now() - interval '1 day'`);
  return Math.max(0, ...waits);
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
