import { describe, expect, it } from 'vitest';
import { pageTick } from '../grid/pageTick.ts';
import { selectedText, toggled, withPage } from './rowSelection.ts';

describe('ticked rows', () => {
  it('ticks and unticks one row, and a page of rows at once', () => {
    const one = toggled(new Set(), '42');
    expect([...one]).toEqual(['42']);
    expect([...toggled(one, '42')]).toEqual([]);
    const page = withPage(one, ['1', '2', '42'], true);
    expect([...page].sort()).toEqual(['1', '2', '42']);
    expect([...withPage(page, ['1', '2'], false)]).toEqual(['42']);
  });

  it('tells the header box whether all, some or none of the page is ticked', () => {
    expect(pageTick(['1', '2'], new Set())).toBe('none');
    expect(pageTick(['1', '2'], new Set(['2', '9']))).toBe('some');
    expect(pageTick(['1', '2'], new Set(['1', '2']))).toBe('all');
  });

  it('stops at the most one bulk edit takes, and counts in words', () => {
    const many = withPage(
      new Set(),
      Array.from({ length: 1200 }, (_, i) => String(i + 1)),
      true,
    );
    expect(many.size).toBe(1000);
    expect(toggled(many, '5000').size).toBe(1000);
    expect(selectedText(3)).toBe('3 selected');
    expect(selectedText(1000)).toBe('1,000 selected');
  });
});
