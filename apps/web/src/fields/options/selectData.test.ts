import { describe, expect, it } from 'vitest';
import { selectItems, toList, valueOfKey } from './selectData.ts';

describe('select data', () => {
  const options = [
    { value: 1, label: '1 - One' },
    { value: 'b', label: 'Bee' },
  ];
  it('keeps option value types and unknown stored values visible', () => {
    expect(selectItems(options, [7])).toEqual([
      { value: '1', label: '1 - One' },
      { value: 'b', label: 'Bee' },
      { value: '7', label: '7' },
    ]);
    expect(valueOfKey(options, '1')).toBe(1);
    expect(valueOfKey(options, 'zz')).toBe('zz');
    expect(valueOfKey(options, null)).toBeNull();
  });
  it('reads lists from arrays, JSON and comma text', () => {
    expect(toList('a, b')).toEqual(['a', 'b']);
    expect(toList('[1,2]')).toEqual([1, 2]);
    expect(toList(null)).toEqual([]);
    expect(toList(3)).toEqual([3]);
  });
});
