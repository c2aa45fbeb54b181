/**
 * Paging data of a list: the page the grid asks for,
 * the list call's `hasMore`, and the page-summarize totals merged in. A page-size change and a
 * paging toggle go back to page 0; a page jump works only within the total pages.
 */
import { CRITERIA_LIMITS, DEFAULT_PAGE_SIZE, PAGE_SIZES, type PageSummary, type Paging } from '@bm/contracts';

export interface PagingData {
  pageIndex: number;
  pageSize: number;
  hasMore: boolean;
  totalItemsCount?: number | undefined;
  totalPages?: number | undefined;
  /** False when the totals are the planner's estimate. */
  exact?: boolean | undefined;
}

export const EMPTY_PAGING: PagingData = { pageIndex: 0, pageSize: DEFAULT_PAGE_SIZE, hasMore: false };

/** The list call's paging with the summary's totals (summary fields for paging's own are ignored). */
export function mergePageSummary(paging: Paging | undefined, summary: PageSummary | undefined): PagingData {
  const base: PagingData = paging ? { ...paging } : { ...EMPTY_PAGING };
  if (!summary) return base;
  return {
    ...base,
    totalItemsCount: summary.totalItemsCount,
    totalPages: Math.max(1, Math.ceil(summary.totalItemsCount / base.pageSize)),
    exact: summary.exact,
  };
}

/** Page count the pager offers: the totals when known, else as far as `hasMore` reaches. */
export function knownPageCount(paging: PagingData): number {
  if (paging.totalPages !== undefined) return Math.max(1, paging.totalPages, paging.pageIndex + 1);
  return paging.pageIndex + (paging.hasMore ? 2 : 1);
}

/** A 1-based page number typed by the user, or null when it is outside the total pages. */
export function pageJumpTarget(input: string, paging: PagingData): number | null {
  const page = Number(input.trim());
  if (!Number.isInteger(page) || page < 1 || paging.totalPages === undefined) return null;
  return page <= paging.totalPages ? page - 1 : null;
}

/** A page size from a preset or URL, clamped to what the list call accepts; default 20. */
export function normalisePageSize(size: unknown): number {
  if (typeof size !== 'number' || !Number.isInteger(size)) return DEFAULT_PAGE_SIZE;
  return Math.min(CRITERIA_LIMITS.maxPageSize, Math.max(CRITERIA_LIMITS.minPageSize, size));
}

/** The page sizes offered, with a preset's own size among them when it is not a standard one. */
export function pageSizeOptions(current: number): number[] {
  const sizes: number[] = [...PAGE_SIZES];
  return sizes.includes(current) ? sizes : [...sizes, current].sort((a, b) => a - b);
}

/** What the list call asks for: with paging off, the first page at the largest size. */
export function requestedPage(pageIndex: number, pageSize: number, paging: boolean) {
  return paging ? { pageIndex, pageSize } : { pageIndex: 0, pageSize: CRITERIA_LIMITS.maxPageSize };
}

const NUMBER = new Intl.NumberFormat('en-US');

/** "1,234" or, for an estimate, "≈ 1,234". */
export const formatTotal = (count: number, exact: boolean | undefined): string =>
  exact === false ? `≈ ${NUMBER.format(count)}` : NUMBER.format(count);

/** The pager's total: "1 row", "161 rows", "≈ 1,000,000 rows". */
export const rowsText = (count: number, exact?: boolean): string =>
  `${formatTotal(count, exact)} ${count === 1 && exact !== false ? 'row' : 'rows'}`;

/** Why a typed page cannot be opened, in words; undefined when it can (or nothing is typed). */
export function pageJumpProblem(input: string, paging: PagingData): string | undefined {
  const text = input.trim();
  if (text === '') return undefined;
  const page = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(page) || page < 1) return 'Type a page number';
  const total = paging.totalPages;
  if (total !== undefined && page > total)
    return total === 1 ? 'There is only 1 page' : `There are only ${total.toLocaleString('en-US')} pages`;
  return undefined;
}
