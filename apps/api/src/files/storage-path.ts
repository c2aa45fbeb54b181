/**
 * Checks the upload folder a client names, refusing anything that could leave the storage root:
 * encoded characters (`..%2f`, `%252e`), dot segments, absolute paths, backslashes, NUL. What
 * passes is the folder part of the stored file's key (`pages/images`), the same in a local folder
 * and in a bucket.
 */
import { HttpError } from '../http/http-error.ts';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** The folder as a key's folder part: `''` for the root, else segments joined by `/`. */
export function uploadFolder(directory: string): string {
  if (directory.startsWith('/')) {
    throw new HttpError(400, 'directory must be relative to the storage root', {
      directory: 'Is not an allowed folder',
    });
  }
  const trimmed = directory.trim().replace(/\/+$/g, '');
  const segments = trimmed === '' ? [] : trimmed.split('/');
  if (segments.length > 8 || !segments.every((s) => SEGMENT.test(s))) {
    throw new HttpError(400, 'directory may only hold letters, digits, - and _ in up to 8 folders', {
      directory: 'Is not an allowed folder',
    });
  }
  return segments.join('/');
}
