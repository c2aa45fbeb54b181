import { describe, expect, it } from 'vitest';
import { filterHistoryKey, readFilterHistory, writeFilterHistory } from './filterHistory.ts';

const right = 'BMTools/Page/List';

describe('filter history', () => {
  it('is kept under the right name followed by ^__^state', () => {
    expect(filterHistoryKey(right)).toBe('BMTools/Page/List^__^state');
    writeFilterHistory(sessionStorage, right, {
      name: [{ conjunction: 'and', operator: 'contains', value: 'x' }],
    });
    expect(JSON.parse(sessionStorage.getItem('BMTools/Page/List^__^state') ?? '')).toEqual({
      name: [{ conjunction: 'and', operator: 'contains', value: 'x' }],
    });
    expect(readFilterHistory(sessionStorage, right)).toEqual({
      name: [{ conjunction: 'and', operator: 'contains', value: 'x' }],
    });
  });

  it('reads nothing when absent, damaged or tampered', () => {
    expect(readFilterHistory(sessionStorage, right)).toBeUndefined();
    for (const raw of ['{not json', '[]', '"x"', '{"name": 3}', '{"__proto__": []}', '{"a":[{"value":1}]}']) {
      sessionStorage.setItem(filterHistoryKey(right), raw);
      expect(readFilterHistory(sessionStorage, right)).toBeUndefined();
    }
  });
});
