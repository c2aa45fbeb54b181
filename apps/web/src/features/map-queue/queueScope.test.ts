import { describe, expect, it } from 'vitest';
import { queueQuery, scopeFromSearch, scopeToSearch } from './queueScope.ts';

describe('queue scope', () => {
  it('reads the scope from the address, leaving out what is not one', () => {
    expect(scopeFromSearch('?merchantId=3&recordKind=Airport&country=de')).toEqual({
      merchantId: 3,
      recordKind: 'Airport',
      country: 'DE',
    });
    expect(scopeFromSearch('?merchantId=x&country=Spain')).toEqual({});
  });

  it('writes it back, and the skipped records as exclude', () => {
    expect(scopeToSearch({ merchantId: 3, country: 'DE' })).toBe('merchantId=3&country=DE');
    expect(queueQuery({ recordKind: 'City' }, [4, 9])).toBe('recordKind=City&exclude=4%2C9');
    expect(queueQuery({}, [])).toBe('');
  });
});
