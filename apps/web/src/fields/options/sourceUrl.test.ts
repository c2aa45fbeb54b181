import { describe, expect, it } from 'vitest';
import { autocompleteUrl } from './autocompleteUrl.ts';
import { parentKeysOf, sourceUrl } from './sourceUrl.ts';

describe('dropdown and lookup URLs', () => {
  it('asks for 1000 rows with the source params', () => {
    expect(sourceUrl({ source: '/api/dropdowns/languages2' }, {})).toBe(
      '/api/dropdowns/languages2?pageSize=1000',
    );
    expect(sourceUrl({ source: '/api/x', sourceParams: { sqlViewName: 'v', databaseName: 'db' } }, {})).toBe(
      '/api/x?sqlViewName=v&databaseName=db&pageSize=1000',
    );
    expect(sourceUrl({}, {})).toBeUndefined();
  });

  it('preloads from a parent value, and waits while the parent is empty', () => {
    const spec = { source: '/api/dropdowns/locations', sourceParams: { locationTypeId: '{typeId}' } };
    expect(parentKeysOf(spec)).toEqual(['typeId']);
    expect(sourceUrl(spec, { typeId: 4 })).toBe('/api/dropdowns/locations?locationTypeId=4&pageSize=1000');
    expect(sourceUrl(spec, { typeId: '' })).toBeUndefined();
  });

  it('looks up suggestions by name on the fetchAPI, else the source', () => {
    expect(autocompleteUrl({ fetchAPI: '/api/dropdowns/gadgets', source: '/x' }, 'pro mo', {})).toBe(
      '/api/dropdowns/gadgets?name=pro+mo',
    );
    expect(autocompleteUrl({ source: '/api/s?a=1' }, 'b', {})).toBe('/api/s?a=1&name=b');
    expect(autocompleteUrl({}, 'b', {})).toBeUndefined();
  });

  it('keeps a page size the spec gives (20 for province and city lookups)', () => {
    const spec = { source: '/api/dropdowns/locations', sourceParams: { provinceId: '{p}', pageSize: 20 } };
    expect(sourceUrl(spec, { p: 3 })).toBe('/api/dropdowns/locations?provinceId=3&pageSize=20');
    expect(autocompleteUrl(spec, 'Mad', { p: 3 })).toBe(
      '/api/dropdowns/locations?provinceId=3&pageSize=20&name=Mad',
    );
  });
});
