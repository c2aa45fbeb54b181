/**
 * Keeps local storage to one sign-in record (old sign-in records are pruned, keeping the last). oidc-client-ts stores the user under `oidc.user:{authority}:{client}`
 * and each pending sign-in as `oidc.{state id}` with its `created` time in seconds.
 */
import type { UserManager } from 'oidc-client-ts';

const PREFIX = 'oidc.';
const USER_PREFIX = 'oidc.user:';

export const userStorageKey = (authority: string, clientId: string): string =>
  `${USER_PREFIX}${authority}:${clientId}`;

function createdAt(raw: string | null): number | null {
  try {
    const created: unknown = raw === null ? null : JSON.parse(raw)?.created;
    return typeof created === 'number' ? created : null;
  } catch {
    return null;
  }
}

/** Removes users of other authorities or clients and every pending sign-in but the newest; returns the removed keys. */
export function pruneSignInRecords(storage: Storage, currentUserKey: string): string[] {
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter(
    (key): key is string => key?.startsWith(PREFIX) ?? false,
  );
  const removed = keys.filter((key) => key.startsWith(USER_PREFIX) && key !== currentUserKey);

  const states = keys
    .filter((key) => !key.startsWith(USER_PREFIX))
    .map((key) => ({ key, created: createdAt(storage.getItem(key)) }));
  const newest = states
    .filter((state) => state.created !== null)
    .reduce<{ key: string; created: number | null } | null>(
      (best, state) => (best === null || (state.created ?? 0) > (best.created ?? 0) ? state : best),
      null,
    );
  removed.push(...states.filter((state) => state !== newest).map((state) => state.key));

  for (const key of removed) storage.removeItem(key);
  return removed;
}

/** Boot-time clean-up: the library's own stale-state sweep, then ours. */
export async function pruneSignInStorage(userManager: UserManager, storage: Storage): Promise<void> {
  await userManager.clearStaleState().catch(() => undefined);
  const { authority, client_id } = userManager.settings;
  pruneSignInRecords(storage, userStorageKey(authority, client_id));
}
