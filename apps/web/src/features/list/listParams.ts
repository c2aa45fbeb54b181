/**
 * The list call's query string (a fixed wire shape): `filters` and `sort` JSON-encoded, the search
 * box's text as `q`, paging from 0. The page summary takes the same criteria.
 */
import type { Filter } from '@bm/contracts';

export interface ListCriteria {
  filters: Filter | undefined;
  pageIndex: number;
  pageSize: number;
  sort: readonly string[];
  /** The search box text, sent as `q` (the server searches the list's searchable fields). */
  search?: string | undefined;
}

export function listParams(criteria: ListCriteria): string {
  const params = new URLSearchParams();
  if (criteria.filters) params.set('filters', JSON.stringify(criteria.filters));
  if (criteria.search) params.set('q', criteria.search);
  params.set('pageSize', String(criteria.pageSize));
  params.set('pageIndex', String(criteria.pageIndex));
  if (criteria.sort.length > 0) params.set('sort', JSON.stringify(criteria.sort));
  return params.toString();
}

/** `{source}/page-summarize`, placed before any query string the source itself carries. */
export function summaryPath(source: string): string {
  const [path = '', query] = source.split('?', 2);
  return `${path.replace(/\/$/, '')}/page-summarize${query ? `?${query}` : ''}`;
}

export const withParams = (path: string, params: string): string =>
  `${path}${path.includes('?') ? '&' : '?'}${params}`;

/**
 * The screen's address (its query string) with the search box's text as `q`, the other parameters
 * kept; a blank text removes `q`.
 */
export function withSearchParam(search: string, text: string): string {
  const params = new URLSearchParams(search);
  if (text.trim() === '') params.delete('q');
  else params.set('q', text.trim());
  const next = params.toString();
  return next === '' ? '' : `?${next}`;
}
