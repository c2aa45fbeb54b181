/**
 * The list call's query string (a fixed wire shape): `filters` and `sort` JSON-encoded, paging
 * from 0. The page summary takes the same criteria.
 */
import type { Filter } from '@bm/contracts';

export interface ListCriteria {
  filters: Filter | undefined;
  pageIndex: number;
  pageSize: number;
  sort: readonly string[];
}

export function listParams(criteria: ListCriteria): string {
  const params = new URLSearchParams();
  if (criteria.filters) params.set('filters', JSON.stringify(criteria.filters));
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
