import { describe, expect, it } from 'vitest';
import { listParams, summaryPath, withParams, withSearchParam } from './listParams.ts';

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

  it('sends the search box text as q beside the filters, and nothing without one', () => {
    const filters = { operation: 'eq', name: 'status', type: 'text', value: 'confirmed' } as const;
    const params = new URLSearchParams(
      listParams({ filters, search: '19990', pageIndex: 0, pageSize: 20, sort: [] }),
    );
    expect(params.get('q')).toBe('19990');
    expect(params.get('filters')).not.toBeNull();
    expect(
      new URLSearchParams(listParams({ filters, search: '', pageIndex: 0, pageSize: 20, sort: [] })).has('q'),
    ).toBe(false);
  });

  it('keeps the search in the address as q, the other parameters kept, and drops it when blank', () => {
    expect(withSearchParam('?status=confirmed', ' smith ')).toBe('?status=confirmed&q=smith');
    expect(withSearchParam('?q=old&status=confirmed', 'new')).toBe('?q=new&status=confirmed');
    expect(withSearchParam('?q=old&status=confirmed', '  ')).toBe('?status=confirmed');
    expect(withSearchParam('?q=old', '')).toBe('');
  });
});
