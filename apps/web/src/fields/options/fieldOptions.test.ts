import { describe, expect, it } from 'vitest';
import { fixedOptions, optionLabel, rowsOf, rowsToOptions } from './fieldOptions.ts';

describe('field options', () => {
  it("labels 'value - name' when the two differ", () => {
    expect(optionLabel(5, 'Berlin')).toBe('5 - Berlin');
    expect(optionLabel('en', 'EN')).toBe('EN');
    expect(optionLabel('x', undefined)).toBe('x');
  });

  it('reads id/name and value/label rows, or the spec field names', () => {
    expect(
      rowsToOptions(
        [
          { id: 1, name: 'One' },
          { value: 'b', label: 'Bee' },
        ],
        {},
      ),
    ).toEqual([
      { value: 1, label: '1 - One' },
      { value: 'b', label: 'b - Bee' },
    ]);
    expect(
      rowsToOptions([{ code: 'DE', title: 'Germany' }], {
        valueFieldName: 'code',
        displayFieldName: 'title',
      }),
    ).toEqual([{ value: 'DE', label: 'DE - Germany' }]);
  });

  it('drops rows without a value and duplicates', () => {
    expect(rowsToOptions([{ id: 1, name: 'a' }, { id: 1, name: 'b' }, { name: 'none' }, 'x'], {})).toEqual([
      { value: 1, label: '1 - a' },
      { value: 'x', label: 'x' },
    ]);
  });

  it('takes the fixed list from options or inputProps.options', () => {
    expect(fixedOptions({ options: [{ value: 'draft', label: 'Draft' }] })).toEqual([
      { value: 'draft', label: 'Draft' },
    ]);
    expect(fixedOptions({ inputProps: { options: [{ value: 'a', label: 'Aa' }] } })).toEqual([
      { value: 'a', label: 'a - Aa' },
    ]);
    expect(fixedOptions({})).toBeUndefined();
  });

  it('reads rows from {data} or a bare list', () => {
    expect(rowsOf({ data: [1] })).toEqual([1]);
    expect(rowsOf([2])).toEqual([2]);
    expect(rowsOf('x')).toEqual([]);
  });
});
