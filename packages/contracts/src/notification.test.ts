import { describe, expect, it } from 'vitest';
import { inAppPath } from './notification.ts';

describe('inAppPath', () => {
  it('takes paths of this console only', () => {
    for (const ok of ['/reservation/view/12', '/page/list?status=draft', '/'])
      expect(inAppPath(ok), ok).toBe(true);
    for (const bad of [
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      'javascript:alert(1)',
      '/javascript:alert(1)',
      'reservation/view/12',
      '/reservation view',
      '',
    ])
      expect(inAppPath(bad), bad).toBe(false);
  });
});
