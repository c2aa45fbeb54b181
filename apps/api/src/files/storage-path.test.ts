import { describe, expect, it } from 'vitest';
import { uploadFolder } from './storage-path.ts';

describe('uploadFolder', () => {
  it('keeps plain folders as the folder part of a key', () => {
    expect(uploadFolder('pages/images')).toBe('pages/images');
    expect(uploadFolder('pages/images/')).toBe('pages/images');
    expect(uploadFolder('')).toBe('');
  });
  it.each([
    '../',
    '..',
    'a/../../etc',
    '..%2f',
    '%2e%2e%2f',
    '%252e%252e%252f',
    '/etc',
    'a\\..\\b',
    'a/./b',
    '.hidden',
    'a\u0000b',
    'x/'.repeat(9),
  ])('refuses %j', (dir) => {
    expect(() => uploadFolder(dir)).toThrow(/directory/);
  });
});
