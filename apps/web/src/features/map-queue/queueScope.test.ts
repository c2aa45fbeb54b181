import { describe, expect, it } from 'vitest';
import {
  type QueueFilter,
  queueQuery,
  scopeFromSearch,
  scopeToSearch,
  withScopeValue,
} from './queueScope.ts';

const FILTERS: readonly QueueFilter[] = [
  { key: 'merchantId', label: 'Merchant', input: 'lookup', options: '/api/dropdowns/merchants' },
  { key: 'recordKind', label: 'Kind', input: 'values', options: '/api/mapMerchantLocations/queue/kinds' },
  { key: 'country', label: 'Country', input: 'code' },
];

describe('queue scope', () => {
  it('reads the scope from the address by the published filters, leaving out what is not one', () => {
    expect(scopeFromSearch('?merchantId=3&recordKind=Airport&country=de', FILTERS)).toEqual({
      merchantId: 3,
      recordKind: 'Airport',
      country: 'DE',
    });
    expect(scopeFromSearch('?merchantId=x&country=Spain', FILTERS)).toEqual({});
  });

  it('reads only the filters the queue has', () => {
    expect(scopeFromSearch('?merchantId=3&recordKind=Airport&country=DE', FILTERS.slice(0, 1))).toEqual({
      merchantId: 3,
    });
    expect(scopeFromSearch('?merchantId=3', [])).toEqual({});
  });

  it('sets and clears one filter, keeping the others', () => {
    const [merchant, , country] = FILTERS as [QueueFilter, QueueFilter, QueueFilter];
    expect(withScopeValue({ country: 'DE' }, merchant, '7')).toEqual({ country: 'DE', merchantId: 7 });
    expect(withScopeValue({ country: 'DE', merchantId: 7 }, merchant, null)).toEqual({ country: 'DE' });
    expect(withScopeValue({}, country, 'es')).toEqual({ country: 'ES' });
  });

  it('writes it back, and the skipped records as exclude', () => {
    expect(scopeToSearch({ merchantId: 3, country: 'DE' })).toBe('merchantId=3&country=DE');
    expect(queueQuery({ recordKind: 'City' }, [4, 9])).toBe('recordKind=City&exclude=4%2C9');
    expect(queueQuery({}, [])).toBe('');
  });
});
