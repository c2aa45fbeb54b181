import { describe, expect, it } from 'vitest';
import { pageJumpProblem } from '../grid/pagingState.ts';
import { dateProblem, dateText, numberText } from './ConditionValueInput.tsx';

describe('number filter text', () => {
  it('keeps digits, a leading minus and one decimal point', () => {
    expect(numberText('12a')).toBe('12');
    expect(numberText('abc')).toBe('');
    expect(numberText('-3.5')).toBe('-3.5');
    expect(numberText('1.2.3')).toBe('1.23');
    expect(numberText('1 000')).toBe('1000');
    expect(numberText('4-2')).toBe('42');
  });
});

describe('date filter text', () => {
  it('takes YYYY-MM-DD only, whatever the browser’s locale', () => {
    expect(dateText('24/11/2026')).toBe('24112026');
    expect(dateText('2026-11-24T10:00')).toBe('2026-11-24');
    expect(dateProblem('2026-11-24')).toBeUndefined();
    expect(dateProblem('')).toBeUndefined();
    expect(dateProblem('24112026')).toBe('Use YYYY-MM-DD');
    expect(dateProblem('2026-02-30')).toBe('Not a date');
  });
});

describe('Go to page', () => {
  const paging = { pageIndex: 0, pageSize: 20, totalItemsCount: 230, totalPages: 12, hasMore: true };
  it('says so when the page is beyond the last', () => {
    expect(pageJumpProblem('13', paging)).toBe('There are only 12 pages');
    expect(pageJumpProblem('12', paging)).toBeUndefined();
    expect(pageJumpProblem('2', { ...paging, totalPages: 1 })).toBe('There is only 1 page');
    expect(pageJumpProblem('0', paging)).toBe('Type a page number');
    expect(pageJumpProblem('', paging)).toBeUndefined();
  });
});
