/**
 * Resolves an upload directory under the storage root, refusing anything that could leave it:
 * encoded characters (`..%2f`, `%252e`), dot segments, absolute paths, backslashes, NUL.
 */
import path from 'node:path';
import { HttpError } from '../http/http-error.ts';

const SEGMENT = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

export function resolveDirectory(root: string, directory: string): { absolute: string; relative: string } {
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
  const base = path.resolve(root);
  const absolute = path.resolve(base, ...segments);
  if (absolute !== base && !absolute.startsWith(base + path.sep)) {
    throw new HttpError(400, 'directory leaves the storage root', { directory: 'Is not an allowed folder' });
  }
  return { absolute, relative: segments.join('/') };
}
