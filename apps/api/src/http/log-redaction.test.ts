import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('masks token-bearing query parameters and keeps the rest', () => {
    expect(redactUrl('/notificationshub?access_token=eyJabc.def&x=1')).toBe(
      '/notificationshub?access_token=[redacted]&x=1',
    );
    expect(redactUrl('/oidc/session/end?post_logout_redirect_uri=%2F&id_token_hint=eyJ')).toBe(
      '/oidc/session/end?post_logout_redirect_uri=%2F&id_token_hint=[redacted]',
    );
    expect(redactUrl('/callback?code=abc&state=s')).toBe('/callback?code=[redacted]&state=s');
  });
  it('leaves a URL without secrets alone', () => {
    expect(redactUrl('/api/pages?pageSize=20')).toBe('/api/pages?pageSize=20');
  });
});
