/**
 * The in-app address each user last had open, kept in local storage so that `/` brings them back to
 * their work in a new tab or after signing in again. Kept per user (a shared machine must not lead
 * one user to another's page) and only for screens that opened, so it never points at a 404 or a
 * denied screen. The home redirect checks it again against the current rights before using it.
 */
import { isInAppPath } from '../../app/auth/afterLoginUrl.ts';

const PREFIX = 'bm-last-visited:';

export function rememberLastVisited(storage: Storage, user: string, url: string): void {
  if (!isInAppPath(url)) return;
  try {
    storage.setItem(PREFIX + user, url);
  } catch {
    // A full or disabled storage only costs the convenience.
  }
}

export function readLastVisited(storage: Storage, user: string): string | null {
  const url = storage.getItem(PREFIX + user);
  return url !== null && isInAppPath(url) ? url : null;
}
