/** Downloads named in a notification's actions: same-origin API paths only. */
import type { Notification } from '@bm/contracts';

const DEFAULT_DOWNLOAD_NAME = 'Data.xlsx';

/**
 * The download path of a notification, or null. The request carries the user's bearer token, so
 * only a path of our own API qualifies: never another origin, whatever a stored row says.
 */
export function downloadPath(
  notification: Notification,
  origin: string = window.location.origin,
): string | null {
  const url = notification.actions.download?.url;
  if (!url) return null;
  try {
    const resolved = new URL(url, origin);
    if (resolved.origin !== origin || !resolved.pathname.startsWith('/api/')) return null;
    return `${resolved.pathname}${resolved.search}`;
  } catch {
    return null;
  }
}

export const downloadName = (notification: Notification): string =>
  notification.actions.download?.fileName?.trim() || DEFAULT_DOWNLOAD_NAME;

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
