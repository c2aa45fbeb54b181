import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { filtersFromAddress, ignoredParams, ignoredText, listAddress } from './listAddress.ts';

const columns = [
  { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true },
  { key: 'priority', mapKey: 'priority', column: 'Priority', type: 'number', visible: true },
  { key: 'locationId', mapKey: 'locationId', column: 'Location', type: 'number', visible: true },
] as unknown as ColumnDefinition[];
const madrid = { name: [{ conjunction: 'and' as const, operator: 'contains', value: 'Madrid' }] };

describe('the list address', () => {
  it('holds the view and the filters, and reads them back', () => {
    const search = listAddress('', { name: 'Dutch pages', group: 'Team' }, madrid, columns, undefined);
    const params = new URLSearchParams(search);
    expect(params.get('preset')).toBe('Dutch pages');
    expect(params.get('presetgroup')).toBe('Team');
    expect(filtersFromAddress(search, columns)).toEqual(madrid);
  });

  it('keeps every other parameter; with an older column filter there, an empty filters param says "none"', () => {
    const search = listAddress(
      '?ignorestate=true&name=Seville&locationId=4&q=x',
      { name: 'default', group: 'default' },
      {},
      columns,
      'locationId',
    );
    expect(search).toBe(
      '?ignorestate=true&name=Seville&locationId=4&q=x&preset=default&presetgroup=default&filters=%7B%7D',
    );
    expect(filtersFromAddress(search, columns)).toEqual({});
    expect(listAddress('?locationId=4', { name: 'a', group: 'b' }, {}, columns, 'locationId')).toBe(
      '?locationId=4&preset=a&presetgroup=b',
    );
  });

  it('reads only what it wrote: unknown columns and malformed text are passed over', () => {
    expect(filtersFromAddress('?filters=nope', columns)).toBeUndefined();
    expect(filtersFromAddress('', columns)).toBeUndefined();
    const odd = encodeURIComponent(
      JSON.stringify({ secret: [{ operator: 'eq', value: 1 }], name: [{ x: 1 }] }),
    );
    expect(filtersFromAddress(`?filters=${odd}`, columns)).toEqual({});
  });

  it('names the parameters a link carries that the list does not know', () => {
    const ignored = ignoredParams(
      '?preset=a&presetgroup=b&Name=x&ignorestate=true&utm_source=mail&foo=1',
      columns,
    );
    expect(ignored).toEqual(['utm_source', 'foo']);
    expect(ignoredParams('?locationId=3&returnTo=x', columns, ['returnTo'])).toEqual([]);
    expect(ignoredText(['foo'])).toBe(
      'The link’s parameter “foo” is not one this list knows, so it was ignored.',
    );
    expect(ignoredText(['a', 'b'])).toContain('“a”, “b” are not ones this list knows');
  });
});
