/**
 * Loads one page of a list and its page summary. The page call keeps the old rows on
 * screen while the next page loads, and also when it fails: a failed load never looks like an empty
 * list. The failure is returned (not alerted) for the list screen to show inline with Retry. The
 * summary only changes with filters and page size, and fails silently: the pager then falls back to
 * the list call's `hasMore`.
 */
import { type Filter, type ListResponse, type PageSummary, pageSummarySchema, type Row } from '@bm/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useRef } from 'react';
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
  /** The last load failed: rows and paging are still those of the last load that worked. */
  failed: boolean;
  /** What failed, while `failed`. */
  error: unknown;
  /** Counts failures, so a repeat of the same failure is a new one. */
  errorUpdatedAt: number;
  /** Tries the failed load again. */
  retry: () => void;
}

const NO_ROWS: Row[] = [];

export function useListData({ source, filters, pageIndex, pageSize, sort }: ListDataInput): ListData {
  const http = useHttp();
  const params = listParams({ filters, pageIndex, pageSize, sort });
  const list = useQuery({
    queryKey: [...listKey(source), 'page', params],
    queryFn: ({ signal }) => http.request<ListResponse>(withParams(source, params), { signal, silent: true }),
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

  const lastGood = useRef<{ rows: Row[]; paging: PagingData } | null>(null);
  const retry = () => void list.refetch();
  if (list.isError) {
    const shown = lastGood.current ?? { rows: NO_ROWS, paging: { ...EMPTY_PAGING, pageSize } };
    return {
      ...shown,
      fetching: list.isFetching,
      failed: true,
      error: list.error,
      errorUpdatedAt: list.errorUpdatedAt,
      retry,
    };
  }
  const response = list.data;
  const shown = {
    rows: Array.isArray(response?.data) ? response.data : NO_ROWS,
    paging: mergePageSummary(response?.paging, summary.data ?? undefined),
  };
  if (response && !list.isPlaceholderData) lastGood.current = shown;
  return { ...shown, fetching: list.isFetching, failed: false, error: null, errorUpdatedAt: 0, retry };
}
