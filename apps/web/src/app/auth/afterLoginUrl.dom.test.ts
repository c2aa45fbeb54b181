import { describe, expect, it } from 'vitest';
import { storeAfterLoginUrl, takeAfterLoginUrl } from './afterLoginUrl.ts';

describe('after-login URL', () => {
  it('is handed out once', () => {
    storeAfterLoginUrl(sessionStorage, '/page/edit/3?tab=1#2');
    expect(takeAfterLoginUrl(sessionStorage)).toBe('/page/edit/3?tab=1#2');
    expect(takeAfterLoginUrl(sessionStorage)).toBeNull();
  });

  it('keeps only in-app destinations', () => {
    for (const url of [
      'https://evil.test/x',
      '//evil.test',
      '/\\evil.test',
      '/',
      '/callback?code=1',
      '/error',
    ]) {
      storeAfterLoginUrl(sessionStorage, url);
      expect(takeAfterLoginUrl(sessionStorage)).toBeNull();
    }
  });

  it('rejects a tampered stored value', () => {
    sessionStorage.setItem('bm-after-login-url', 'javascript:alert(1)');
    expect(takeAfterLoginUrl(sessionStorage)).toBeNull();
  });
});
