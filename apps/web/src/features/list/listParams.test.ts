import { describe, expect, it } from 'vitest';
import { listParams, summaryPath, withParams } from './listParams.ts';

describe('list params', () => {
  it('JSON-encodes filters and sort and counts pages from 0', () => {
    const params = new URLSearchParams(
      listParams({
        filters: { and: [{ operation: 'eq', name: 'id', type: 'number', value: 1 }] },
        pageIndex: 2,
        pageSize: 50,
        sort: ['name=ASC'],
      }),
    );
    expect(JSON.parse(params.get('filters') ?? '')).toEqual({
      and: [{ operation: 'eq', name: 'id', type: 'number', value: 1 }],
    });
    expect(params.get('pageSize')).toBe('50');
    expect(params.get('pageIndex')).toBe('2');
    expect(JSON.parse(params.get('sort') ?? '')).toEqual(['name=ASC']);
  });

  it('leaves out empty filters and sort', () => {
    expect(listParams({ filters: undefined, pageIndex: 0, pageSize: 20, sort: [] })).toBe(
      'pageSize=20&pageIndex=0',
    );
  });

  it('builds the page-summarize path', () => {
    expect(summaryPath('/api/pages')).toBe('/api/pages/page-summarize');
    expect(summaryPath('/api/pages/?sqlViewName=v')).toBe('/api/pages/page-summarize?sqlViewName=v');
    expect(withParams('/api/pages', 'a=1')).toBe('/api/pages?a=1');
    expect(withParams('/api/x?v=1', 'a=1')).toBe('/api/x?v=1&a=1');
  });
});
