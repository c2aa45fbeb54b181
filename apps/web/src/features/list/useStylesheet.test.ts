import { describe, expect, it } from 'vitest';
import { stylesheetHref } from './useStylesheet.ts';

const APP = 'https://console.example';

describe('preset stylesheets', () => {
  it('loads a stylesheet of our own origin', () => {
    expect(stylesheetHref('/styles/list.css', APP)).toBe('/styles/list.css');
    expect(stylesheetHref(`${APP}/styles/list.css`, APP)).toBe(`${APP}/styles/list.css`);
  });

  it('refuses a stylesheet of another origin, protocol-relative or not http', () => {
    for (const href of [
      'https://evil.example/x.css',
      '//evil.example/x.css',
      '/\\evil.example/x.css',
      'data:text/css,body{}',
      'javascript:alert(1)',
      'styles.css',
    ]) {
      expect(stylesheetHref(href, APP), href).toBeUndefined();
    }
  });

  it('loads nothing without a URL', () => {
    expect(stylesheetHref(undefined, APP)).toBeUndefined();
    expect(stylesheetHref('  ', APP)).toBeUndefined();
  });
});
