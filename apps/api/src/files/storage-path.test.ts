import { describe, expect, it } from 'vitest';
import { resolveDirectory } from './storage-path.ts';

describe('resolveDirectory', () => {
  it('resolves plain folders under the root', () => {
    expect(resolveDirectory('/srv/files', 'pages/images')).toEqual({
      absolute: '/srv/files/pages/images',
      relative: 'pages/images',
    });
    expect(resolveDirectory('/srv/files', '')).toEqual({ absolute: '/srv/files', relative: '' });
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
    expect(() => resolveDirectory('/srv/files', dir)).toThrow(/directory/);
  });
});
