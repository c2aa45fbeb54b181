/**
 * Whether a verified access token still speaks for an active account (ADR 0008). A token is refused
 * when its account is disabled or unknown, or when it was issued (iat) at or before the account's
 * `sessions_ended_at` (set by logout and by disabling). Every authenticated API call and the hub
 * upgrade ask here; the answer per email is cached for STATUS_TTL_MS, and an announcement on the
 * `bm_sessions` channel (see the hub's listener) drops it at once on every instance.
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
  /** Checks the account behind a verified token; `iat` is the token's issue time in epoch seconds. */
  check(identity: { email: string; iat?: number | undefined }): Promise<SessionVerdict>;
  /** Drops what is remembered of one account (its sessions ended or it was disabled). */
  forget(email: string): void;
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

export function sessionChecker(db: Queryable, now: () => number = Date.now): SessionChecker {
  return cachedChecker((email) => readStatus(db, email), now);
}

/** The checker over any status source: each email's status is read once per STATUS_TTL_MS. */
export function cachedChecker(
  read: (email: string) => Promise<AccountStatus>,
  now: () => number = Date.now,
): SessionChecker {
  const cache = new Map<string, { status: Promise<AccountStatus>; until: number }>();
  return {
    async check({ email, iat }) {
      const key = email.toLowerCase();
      let hit = cache.get(key);
      if (!hit || now() >= hit.until) {
        cache.delete(key);
        if (cache.size >= CACHE_MAX) {
          const oldest = cache.keys().next();
          if (!oldest.done) cache.delete(oldest.value);
        }
        const entry = { status: read(key), until: now() + STATUS_TTL_MS };
        cache.set(key, entry);
        // A failed read is not remembered.
        entry.status.catch(() => {
          if (cache.get(key) === entry) cache.delete(key);
        });
        hit = entry;
      }
      return verdictOf(await hit.status, iat);
    },
    forget(email) {
      cache.delete(email.toLowerCase());
    },
  };
}

/**
 * Ends every session of an account: tokens issued until now are refused, and the built-in
 * provider's sessions and grants of the account are deleted, so a browser cannot silently renew
 * with them. The users trigger announces it on `bm_sessions` (sockets close, caches drop).
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
