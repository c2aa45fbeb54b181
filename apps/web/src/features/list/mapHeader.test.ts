import { describe, expect, it } from 'vitest';
import { headerPath, headerTitle } from './mapHeader.ts';

describe('the map list header', () => {
  it('reads its record with a paged filter on the id', () => {
    const url = new URL(headerPath({ source: '/api/gadgets' }, 42), 'http://x');
    expect(url.pathname).toBe('/api/gadgets');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      filters: JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: 42 }),
      pageSize: '20',
      pageIndex: '0',
    });
  });

  it('fills its title from the record, leaving out what the record lacks', () => {
    expect(headerTitle('{name} · {makerName}', { name: 'Gadget One', makerName: 'Acme' })).toBe(
      'Gadget One · Acme',
    );
    expect(headerTitle('{name} · {makerName}', { name: 'Gadget One', makerName: null })).toBe('Gadget One');
  });
});
