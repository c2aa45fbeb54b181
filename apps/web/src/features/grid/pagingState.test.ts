import { describe, expect, it } from 'vitest';
import {
  formatTotal,
  knownPageCount,
  mergePageSummary,
  normalisePageSize,
  pageJumpTarget,
  pageSizeOptions,
  requestedPage,
  rowsText,
} from './pagingState.ts';

describe('paging state', () => {
  it('merges the page summary into the paging data', () => {
    const merged = mergePageSummary(
      { pageIndex: 2, pageSize: 20, hasMore: true },
      { totalItemsCount: 161, totalPages: 9, pageIndex: 0, pageSize: 20, exact: true },
    );
    expect(merged).toEqual({
      pageIndex: 2,
      pageSize: 20,
      hasMore: true,
      totalItemsCount: 161,
      totalPages: 9,
      exact: true,
    });
    expect(mergePageSummary(undefined, undefined)).toEqual({ pageIndex: 0, pageSize: 20, hasMore: false });
  });

  it('counts pages from totals, else from hasMore', () => {
    expect(knownPageCount({ pageIndex: 0, pageSize: 20, hasMore: true, totalPages: 8 })).toBe(8);
    expect(knownPageCount({ pageIndex: 3, pageSize: 20, hasMore: true })).toBe(5);
    expect(knownPageCount({ pageIndex: 3, pageSize: 20, hasMore: false })).toBe(4);
    expect(knownPageCount({ pageIndex: 0, pageSize: 20, hasMore: false, totalPages: 0 })).toBe(1);
  });

  it('jumps only to pages within the total pages', () => {
    const paging = { pageIndex: 0, pageSize: 20, hasMore: true, totalPages: 8 };
    expect(pageJumpTarget('8', paging)).toBe(7);
    expect(pageJumpTarget(' 1 ', paging)).toBe(0);
    expect(pageJumpTarget('9', paging)).toBeNull();
    expect(pageJumpTarget('0', paging)).toBeNull();
    expect(pageJumpTarget('2.5', paging)).toBeNull();
    expect(pageJumpTarget('abc', paging)).toBeNull();
    expect(pageJumpTarget('2', { pageIndex: 0, pageSize: 20, hasMore: true })).toBeNull();
  });

  it('normalises page sizes and offers the standard ones', () => {
    expect(normalisePageSize(undefined)).toBe(20);
    expect(normalisePageSize(5000)).toBe(1000);
    expect(normalisePageSize(0)).toBe(1);
    expect(pageSizeOptions(20)).toEqual([10, 20, 50, 100, 200, 500, 1000]);
    expect(pageSizeOptions(25)).toEqual([10, 20, 25, 50, 100, 200, 500, 1000]);
  });

  it('asks for the first 1,000 rows with paging off', () => {
    expect(requestedPage(3, 50, true)).toEqual({ pageIndex: 3, pageSize: 50 });
    expect(requestedPage(3, 50, false)).toEqual({ pageIndex: 0, pageSize: 1000 });
  });

  it('marks estimated totals as approximate', () => {
    expect(formatTotal(1000000, false)).toBe('≈ 1,000,000');
    expect(formatTotal(161, true)).toBe('161');
    expect(rowsText(1, true)).toBe('1 row');
    expect(rowsText(1)).toBe('1 row');
    expect(rowsText(0, true)).toBe('0 rows');
    expect(rowsText(1234, true)).toBe('1,234 rows');
    expect(rowsText(1000000, false)).toBe('≈ 1,000,000 rows');
  });
});
