import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { buildCriteria } from './buildCriteria.ts';
import { appliedCondition } from './ColumnFilterEditor.tsx';
import { keepsValueFor, operatorsFor } from './ConditionRow.tsx';
import { numberListText } from './ConditionValueInput.tsx';
import { describeCondition } from './describeCondition.ts';
import { listOfCondition, listText, listValues, OPERATORS_BY_KIND } from './filterTypes.ts';

const id: ColumnDefinition = { key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true };
const name: ColumnDefinition = { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true };

describe('"is any of" on text and number columns', () => {
  it('is offered, with "is none of", for text and number columns', () => {
    for (const kind of ['text', 'number'] as const) {
      expect(OPERATORS_BY_KIND[kind]).toContain('in');
      expect(OPERATORS_BY_KIND[kind]).toContain('notin');
    }
  });

  it('offers a condition its own operator when its kind does not, so it is not shown as another', () => {
    expect(operatorsFor('date', 'in')).toContain('in');
    expect(operatorsFor('date', 'eq')).toEqual([...OPERATORS_BY_KIND.date]);
    expect(operatorsFor('date', 'nonsense')).toEqual([...OPERATORS_BY_KIND.date]);
  });

  it('shows a list from the address as comma-separated values, and reads them back', () => {
    expect(listText([12, 13, 14])).toBe('12, 13, 14');
    expect(listText(undefined)).toBe('');
    expect(listText('1, 2,')).toBe('1, 2,');
    expect(listValues('1, 2,, 3 ', 'number')).toEqual([1, 2, 3]);
    expect(listValues('1, x', 'number')).toEqual([1]);
    expect(listValues(' a ,b, ', 'text')).toEqual(['a', 'b']);
    expect(listValues([4, '5'], 'number')).toEqual([4, '5']);
    expect(listOfCondition({ value: undefined, lists: ['a', 'b'] })).toEqual(['a', 'b']);
    expect(listOfCondition({ value: ['c'], lists: ['a'] })).toEqual(['c']);
    expect(numberListText('1, 2a, -3.5')).toBe('1, 2, -3.5');
  });

  it('applies typed values as the list the address holds, and filters and describes it so', () => {
    const typed = { conjunction: 'and' as const, operator: 'in', value: '7, 8 ,9' };
    const applied = appliedCondition('number', typed);
    expect(applied.value).toEqual([7, 8, 9]);
    expect(buildCriteria([id], { id: [applied] })).toEqual({
      operation: 'in',
      name: 'id',
      type: 'number',
      value: [7, 8, 9],
    });
    expect(describeCondition(id, applied)).toBe('Id is any of 7, 8, 9');
    const none = appliedCondition('text', { conjunction: 'and', operator: 'notin', lists: ['x', 'y'] });
    expect(none).toEqual({ conjunction: 'and', operator: 'notin', value: ['x', 'y'] });
    expect(describeCondition(name, none)).toBe('Name is none of x, y');
    // Other operators and a select column's list are left as they are.
    const contains = { conjunction: 'and' as const, operator: 'contains', value: 'a, b' };
    expect(appliedCondition('text', contains)).toBe(contains);
    const select = { conjunction: 'and' as const, operator: 'in', value: ['draft'] };
    expect(appliedCondition('select', select)).toBe(select);
  });

  it('keeps a value when the operator changes to one of the same shape, or from one value to a list', () => {
    expect(keepsValueFor('eq', 'in')).toBe(true);
    expect(keepsValueFor('in', 'notin')).toBe(true);
    expect(keepsValueFor('in', 'eq')).toBe(false);
    expect(keepsValueFor('between', 'in')).toBe(false);
    expect(keepsValueFor('eq', 'between')).toBe(false);
    expect(keepsValueFor('contains', 'eq')).toBe(true);
  });
});
