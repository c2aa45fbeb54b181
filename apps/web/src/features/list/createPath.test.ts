import { describe, expect, it } from 'vitest';
import { queryParam } from '../../app/routes/queryParam.ts';
import { createPath } from './useListController.ts';

describe('Create record', () => {
  const words = { requiredParam: { name: 'placeId', otherwise: '/place/list' } };
  it('hands a list’s required parameter on, with the way back to this list', () => {
    const to = createPath('word', words, '?PlaceId=7&ignorestate=true');
    const url = new URL(to, 'http://x');
    expect(url.pathname).toBe('/word/create');
    expect(url.searchParams.get('placeId')).toBe('7');
    expect(url.searchParams.get('redirecturl')).toBe('/word/list?placeId=7');
  });
  it('leads to the plain form otherwise', () => {
    expect(createPath('word', {}, '?placeId=7')).toBe('/word/create');
    expect(createPath('word', words, '?placeId=')).toBe('/word/create');
    expect(queryParam('?a=1&B=2', 'b')).toBe('2');
  });
});
