import { describe, expect, it } from 'vitest';
import { isAllowedActionUrl, isAllowedStylesheetUrl, withoutUntrustedUrls } from './urls.ts';

const OWN = 'https://console.example';
const ALLOWED = ['https://partner.example'];

describe('preset URL rules', () => {
  it('allow stylesheets of our own origin only', () => {
    expect(isAllowedStylesheetUrl('/a.css', OWN)).toBe(true);
    expect(isAllowedStylesheetUrl(`${OWN}/a.css`, OWN)).toBe(true);
    for (const url of [
      'https://evil.example/a.css',
      '//evil.example/a.css',
      '/\\evil/a.css',
      '/a\n.css',
      'a.css',
    ]) {
      expect(isAllowedStylesheetUrl(url, OWN), url).toBe(false);
    }
  });

  it('allow action URLs in the app or to allowed origins only', () => {
    for (const url of ['/page/view/{id}', 'edit/5', `${OWN}/x`, 'https://partner.example/b/{id}']) {
      expect(isAllowedActionUrl(url, OWN, ALLOWED), url).toBe(true);
    }
    for (const url of [
      'https://evil.example/',
      'javascript:alert(1)',
      'data:text/html,x',
      '//evil.example',
      'ftp://partner.example',
    ]) {
      expect(isAllowedActionUrl(url, OWN, ALLOWED), url).toBe(false);
    }
  });

  it('drop only the untrusted URLs from a definition', () => {
    const cleaned = withoutUntrustedUrls(
      {
        cssUrl: 'https://evil.example/a.css',
        rowActions: [
          { type: 'view', pageUrl: 'https://evil.example/{id}' },
          { type: 'edit', pageUrl: '/page/edit/{id}' },
        ],
        actions: {
          edit: { RedirectUrl: 'javascript:x', storedProcedure: 'p' },
          create: { RedirectUrl: '/list' },
        },
        source: '/api/pages',
      },
      OWN,
      ALLOWED,
    );
    expect(cleaned).toEqual({
      rowActions: [{ type: 'view' }, { type: 'edit', pageUrl: '/page/edit/{id}' }],
      actions: { edit: { storedProcedure: 'p' }, create: { RedirectUrl: '/list' } },
      source: '/api/pages',
    });
  });
});
