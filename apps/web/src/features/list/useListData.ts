/**
 * Loads one page of a list and its page summary. The page call keeps the old rows on
 * screen while the next page loads; a failure is alerted by the HTTP client and empties data and
 * paging. The summary only changes with filters and page size, and fails silently: the
 * pager then falls back to the list call's `hasMore`.
 */
import { type Filter, type ListResponse, type PageSummary, pageSummarySchema, type Row } from '@bm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { EMPTY_PAGING, mergePageSummary, type PagingData } from '../grid/pagingState.ts';
import { listParams, summaryPath, withParams } from './listParams.ts';

export const listKey = (source: string) => ['list', source] as const;

interface ListDataInput {
  source: string;
  filters: Filter | undefined;
  pageIndex: number;
  pageSize: number;
  sort: string[];
}

export interface ListData {
  rows: Row[];
  paging: PagingData;
  fetching: boolean;
  failed: boolean;
}

const NO_ROWS: Row[] = [];

export function useListData({ source, filters, pageIndex, pageSize, sort }: ListDataInput): ListData {
  const http = useHttp();
  const params = listParams({ filters, pageIndex, pageSize, sort });
  const list = useQuery({
    queryKey: [...listKey(source), 'page', params],
    queryFn: ({ signal }) => http.request<ListResponse>(withParams(source, params), { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  const summaryParams = listParams({ filters, pageIndex: 0, pageSize, sort: [] });
  const summary = useQuery({
    queryKey: [...listKey(source), 'summary', summaryParams],
    queryFn: async ({ signal }): Promise<PageSummary | null> => {
      const body = await http.request<unknown>(withParams(summaryPath(source), summaryParams), {
        silent: true,
        signal,
      });
      const parsed = pageSummarySchema.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
  });

  if (list.isError)
    return { rows: NO_ROWS, paging: { ...EMPTY_PAGING, pageSize }, fetching: false, failed: true };
  const response = list.data;
  return {
    rows: Array.isArray(response?.data) ? response.data : NO_ROWS,
    paging: mergePageSummary(response?.paging, summary.data ?? undefined),
    fetching: list.isFetching,
    failed: false,
  };
}
