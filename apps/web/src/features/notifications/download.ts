/**
 * Downloads named in a notification's actions (and fetched by a list's download and post row
 * actions): same-origin API paths only.
 */
import type { Notification } from '@bm/contracts';

const DEFAULT_DOWNLOAD_NAME = 'Data.xlsx';

/**
 * A URL as a path of our own API (`/api/…`, with its query), or null. The request carries the
 * user's bearer token, so nothing else qualifies: never another origin, whatever a stored row says.
 */
export function ownApiPath(url: string | undefined, origin: string = window.location.origin): string | null {
  if (!url) return null;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin || !resolved.pathname.startsWith('/api/')) return null;
    return `${resolved.pathname}${resolved.search}`;
  } catch {
    return null;
  }
}

/** The download path of a notification, or null (see `ownApiPath`). */
export const downloadPath = (notification: Notification, origin: string = window.location.origin) =>
  ownApiPath(notification.actions.download?.url, origin);

/** The name a downloaded file is saved under: the given one, else Data.xlsx. */
export const fileNameOr = (name: unknown): string =>
  (typeof name === 'string' && name.trim()) || DEFAULT_DOWNLOAD_NAME;

export const downloadName = (notification: Notification): string =>
  fileNameOr(notification.actions.download?.fileName);

/** Hands a fetched file to the browser's download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
