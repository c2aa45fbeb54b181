/**
 * Whether a verified access token still speaks for an active session (ADR 0008). A token is refused
 * when its account is disabled or unknown, when it was issued (iat) at or before the account's
 * `sessions_ended_at` (set by disabling), or when it names a grant of the built-in provider that no
 * longer exists (logout revokes the browser's grant). Every authenticated API call and the hub
 * upgrade ask here; each account's and each grant's answer is cached for STATUS_TTL_MS, and an
 * announcement on the `bm_sessions` channel (see the hub's listener) drops it at once on every
 * instance.
 */
import type { Queryable } from '../db/pool.ts';

/** How long an account's status is remembered: a change counts within this time at the latest. */
export const STATUS_TTL_MS = 5_000;
/** At most this many accounts are remembered; the oldest entry makes room for a new one. */
const CACHE_MAX = 10_000;

export interface AccountStatus {
  active: boolean;
  /** Epoch ms of the last end of sessions, or null. */
  endedAt: number | null;
}

export type SessionVerdict = 'ok' | 'inactive' | 'ended';

export interface SessionChecker {
  /**
   * Checks the session behind a verified token: `iat` is its issue time in epoch seconds, `grant`
   * the provider grant it names, if any.
   */
  check(identity: {
    email: string;
    iat?: number | undefined;
    grant?: string | undefined;
  }): Promise<SessionVerdict>;
  /** Drops what is remembered of one account (its sessions ended or it was disabled). */
  forget(email: string): void;
  /** Drops what is remembered of one grant (revoked at logout). */
  forgetGrant(grant: string): void;
}

export const sessionRefusal: Record<Exclude<SessionVerdict, 'ok'>, string> = {
  inactive: 'The account is disabled or unknown',
  ended: 'The session has ended; sign in again',
};

async function readStatus(db: Queryable, email: string): Promise<AccountStatus> {
  const { rows } = await db.query<{ disabled: boolean; ended_ms: string | null }>(
    `SELECT disabled, (extract(epoch FROM sessions_ended_at) * 1000)::bigint AS ended_ms
       FROM users WHERE email = $1`,
    [email],
  );
  const row = rows[0];
  if (!row) return { active: false, endedAt: null };
  return { active: !row.disabled, endedAt: row.ended_ms === null ? null : Number(row.ended_ms) };
}

/**
 * The verdict for a token issued at `iat` (epoch seconds). iat has whole seconds only, so a token
 * issued in the same second as the end is refused too: ending sessions must never let an older
 * token through, and a refused new one costs one more sign-in.
 */
export function verdictOf(status: AccountStatus, iat: number | undefined): SessionVerdict {
  if (!status.active) return 'inactive';
  if (status.endedAt === null) return 'ok';
  if (iat === undefined) return 'ended';
  return iat > Math.floor(status.endedAt / 1000) ? 'ok' : 'ended';
}

/**
 * Whether the grant has not been revoked. Its row is deleted only by revocation (logout, disable);
 * a grant past its own lifetime still vouches for the tokens issued under it until they expire.
 */
async function grantExists(db: Queryable, grant: string): Promise<boolean> {
  const { rows } = await db.query<{ ok: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM oidc_models WHERE id = $1 AND type = 'Grant') AS ok`,
    [grant],
  );
  return rows[0]?.ok === true;
}

export function sessionChecker(db: Queryable, now: () => number = Date.now): SessionChecker {
  return cachedChecker(
    { account: (email) => readStatus(db, email), grant: (grant) => grantExists(db, grant) },
    now,
  );
}

/** Remembers each key's answer for STATUS_TTL_MS; a failed read is not remembered. */
function ttlCache<T>(read: (key: string) => Promise<T>, now: () => number) {
  const cache = new Map<string, { value: Promise<T>; until: number }>();
  return {
    get(key: string): Promise<T> {
      const hit = cache.get(key);
      if (hit && now() < hit.until) return hit.value;
      cache.delete(key);
      if (cache.size >= CACHE_MAX) {
        const oldest = cache.keys().next();
        if (!oldest.done) cache.delete(oldest.value);
      }
      const entry = { value: read(key), until: now() + STATUS_TTL_MS };
      cache.set(key, entry);
      entry.value.catch(() => {
        if (cache.get(key) === entry) cache.delete(key);
      });
      return entry.value;
    },
    forget(key: string): void {
      cache.delete(key);
    },
  };
}

/** The checker over any source: each account's status and each grant are read once per STATUS_TTL_MS. */
export function cachedChecker(
  read: { account: (email: string) => Promise<AccountStatus>; grant: (grant: string) => Promise<boolean> },
  now: () => number = Date.now,
): SessionChecker {
  const accounts = ttlCache(read.account, now);
  const grants = ttlCache(read.grant, now);
  return {
    async check({ email, iat, grant }) {
      const [status, granted] = await Promise.all([
        accounts.get(email.toLowerCase()),
        grant === undefined ? true : grants.get(grant),
      ]);
      const verdict = verdictOf(status, iat);
      return verdict === 'ok' && !granted ? 'ended' : verdict;
    },
    forget(email) {
      accounts.forget(email.toLowerCase());
    },
    forgetGrant(grant) {
      grants.forget(grant);
    },
  };
}

/**
 * Ends every session of an account (disabling does): tokens issued until now are refused, and the
 * built-in provider's sessions and grants of the account are deleted, so a browser cannot silently
 * renew with them. Triggers announce it on `bm_sessions` (sockets close, caches drop).
 */
export async function endSessions(db: Queryable, by: { email: string } | { id: string }): Promise<boolean> {
  const [column, value] = 'email' in by ? ['email', by.email.trim().toLowerCase()] : ['id', by.id];
  const { rows } = await db.query<{ id: string }>(
    `UPDATE users SET sessions_ended_at = clock_timestamp() WHERE ${column} = $1 RETURNING id`,
    [value],
  );
  const id = rows[0]?.id;
  if (!id) return false;
  await db.query(
    `DELETE FROM oidc_models WHERE type IN ('Session', 'Grant') AND payload->>'accountId' = $1`,
    [id],
  );
  return true;
}
