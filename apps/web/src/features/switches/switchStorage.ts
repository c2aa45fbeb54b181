/**
 * Keeps the switches a URL named in session storage, one entry per host, so an embedded
 * view opened with `?hidemenu=true` stays that way while the user moves around inside it.
 */
import { type ExplicitSwitches, parseQuerySwitches } from './querySwitches.ts';

export const switchStorageKey = (host: string): string => `bm-switches:${host}`;

export function readStoredSwitches(storage: Storage, host: string): ExplicitSwitches {
  const raw = storage.getItem(switchStorageKey(host));
  if (!raw) return {};
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return {};
    // Re-parse through the query parser so a tampered entry cannot add unknown keys or types.
    const params = new URLSearchParams();
    for (const [key, value] of Object.entries(parsed)) params.set(key, String(value));
    return parseQuerySwitches(params.toString());
  } catch {
    return {};
  }
}

/** Merges the URL's switches over the stored ones, stores the result and returns it. */
export function rememberSwitches(storage: Storage, host: string, search: string): ExplicitSwitches {
  const fromUrl = parseQuerySwitches(search);
  const stored = readStoredSwitches(storage, host);
  if (Object.keys(fromUrl).length === 0) return stored;
  const merged = { ...stored, ...fromUrl };
  storage.setItem(switchStorageKey(host), JSON.stringify(merged));
  return merged;
}
