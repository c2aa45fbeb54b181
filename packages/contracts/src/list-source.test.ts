import { describe, expect, it } from 'vitest';
import { isApiPath, listSourceProblem, pathUnderListApi } from './urls.ts';

describe('a list source (issue 37)', () => {
  it('is an API path of this site, and nothing else', () => {
    expect(isApiPath('/api/pages')).toBe(true);
    expect(isApiPath('/api/mapMerchantCars')).toBe(true);
    for (const source of [
      'https://evil.example/api/pages',
      '//evil.example/api/pages',
      '/api',
      '/api/',
      '/api/pages/',
      '/api//pages',
      '/api/../x',
      '/api/pages?x=1',
      '/pages',
      'api/pages',
      '/api/pa ges',
    ]) {
      expect(isApiPath(source), source).toBe(false);
    }
  });

  it('must be one of the list’s own when those are known', () => {
    expect(listSourceProblem('', ['/api/pages'])).toBeUndefined();
    expect(listSourceProblem('/api/pages', ['/api/pages'])).toBeUndefined();
    expect(listSourceProblem('/api/pages')).toBeUndefined();
    expect(listSourceProblem('/api/reservations', ['/api/pages'])).toMatch(/own API path/);
    expect(listSourceProblem('https://evil.example/api/pages')).toMatch(/API path of this site/);
  });
});

describe('a post or download row action’s address (issue 37)', () => {
  it('lies under the list’s own API, dot segments resolved', () => {
    expect(pathUnderListApi('/api/exports/3/cancel', '/api/exports')).toBe('/api/exports/3/cancel');
    expect(pathUnderListApi('/api/exports/download?id=3', '/api/exports')).toBe('/api/exports/download?id=3');
    for (const url of [
      '/api/notifications/makeAllAsRead',
      '/api/exports/../notifications/makeAllAsRead',
      '/api/exports/%2e%2e/notifications/makeAllAsRead',
      '/api/exports',
      '/api/exportsX/1',
      '//evil.example/api/exports/1',
      'https://evil.example/api/exports/1',
      'javascript:alert(1)',
      '/api/exports/1\\..\\..\\x',
    ]) {
      expect(pathUnderListApi(url, '/api/exports'), url).toBeUndefined();
    }
    expect(pathUnderListApi('/api/exports/1', 'https://evil.example/api/exports')).toBeUndefined();
  });
});
