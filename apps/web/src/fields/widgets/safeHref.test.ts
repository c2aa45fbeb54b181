import { describe, expect, it } from 'vitest';
import { safeHref } from './safeHref.ts';

describe('safeHref', () => {
  it('links web addresses and in-app paths only', () => {
    expect(safeHref('https://a.io/x')).toBe('https://a.io/x');
    expect(safeHref('/page/list')).toBe('/page/list');
    for (const bad of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'data:text/html,x',
      '//evil.io',
      'vbscript:x',
      42,
    ]) {
      expect(safeHref(bad)).toBeUndefined();
    }
  });
});
