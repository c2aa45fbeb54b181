import { describe, expect, it } from 'vitest';
import { readRedirectParam, resolveReturnTarget, toReturnTarget } from './returnTarget.ts';

const base = {
  search: '',
  redirectOrigins: ['https://tools.example.com'],
  appOrigin: 'http://localhost:3000',
};

describe('resolveReturnTarget (the return order)', () => {
  it('1. the redirecturl parameter comes first', () => {
    expect(
      resolveReturnTarget({
        ...base,
        search: '?RedirectUrl=/page/view/3',
        actionRedirectUrl: '/x',
        listPath: '/page/list',
      }),
    ).toEqual({ kind: 'path', path: '/page/view/3' });
  });

  it('2. then the action RedirectUrl', () => {
    expect(
      resolveReturnTarget({ ...base, actionRedirectUrl: '/page/list?status=draft', listPath: '/y' }),
    ).toEqual({
      kind: 'path',
      path: '/page/list?status=draft',
    });
  });

  it('3. then the list of the right', () => {
    expect(resolveReturnTarget({ ...base, listPath: '/page/list', pageConfigListPath: '/dyn' })).toEqual({
      kind: 'path',
      path: '/page/list',
    });
  });

  it('4. then the page config list', () => {
    expect(resolveReturnTarget({ ...base, pageConfigListPath: '/dyn/list' })).toEqual({
      kind: 'path',
      path: '/dyn/list',
    });
  });

  it('5. else browser back', () => {
    expect(resolveReturnTarget(base)).toEqual({ kind: 'back' });
  });

  it('follows http targets only to the allowed origins, and the own origin as a path', () => {
    expect(resolveReturnTarget({ ...base, search: '?redirecturl=https://tools.example.com/a?b=1' })).toEqual({
      kind: 'external',
      url: 'https://tools.example.com/a?b=1',
    });
    expect(
      resolveReturnTarget({
        ...base,
        search: '?redirecturl=https://evil.example.net/',
        listPath: '/page/list',
      }),
    ).toEqual({
      kind: 'path',
      path: '/page/list',
    });
    expect(toReturnTarget('http://localhost:3000/page/list#2', [], base.appOrigin)).toEqual({
      kind: 'path',
      path: '/page/list#2',
    });
  });

  it('skips targets that would leave the app or run script', () => {
    for (const bad of [
      '//evil.io/x',
      '/\\evil.io',
      'javascript:alert(1)',
      'page/list',
      'httpx://a',
      'http://',
    ]) {
      expect(toReturnTarget(bad, base.redirectOrigins, base.appOrigin)).toBeUndefined();
    }
  });

  it('reads redirecturl in any case', () => {
    expect(readRedirectParam('?REDIRECTURL=%2Fa')).toBe('/a');
    expect(readRedirectParam('?x=1')).toBeUndefined();
  });
});
