/**
 * Loads one page of a list and its page summary. The page call keeps the old rows on
 * screen while the next page loads, and also when it fails: a failed load never looks like an empty
 * list. The failure is returned (not alerted) for the list screen to show inline with Retry. The
 * summary only changes with filters and page size, and fails silently: the pager then falls back to
 * the list call's `hasMore`. A list whose preset sets `refreshSeconds` reloads both every that many
 * seconds while the tab is visible; such a reload of rows already on screen shows no loading bar.
 * `prefetch` starts the call for another page or sort at once, from the click that asks for it, and
 * says when it has landed, so the list can show the change together with its rows (the query then
 * takes the rows from the cache, or joins the call still in flight).
 */
import { type Filter, type ListResponse, type PageSummary, pageSummarySchema, type Row } from '@bm/contracts';
import { keepPreviousData, type QueryKey, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { EMPTY_PAGING, mergePageSummary, type PagingData } from '../grid/pagingState.ts';
import { markRowsArrived } from '../grid/paintMarks.ts';
import { listParams, summaryPath, withParams } from './listParams.ts';

export const listKey = (source: string) => ['list', source] as const;

interface ListDataInput {
  source: string;
  filters: Filter | undefined;
  pageIndex: number;
  pageSize: number;
  sort: string[];
  /** Reload every this many seconds while the tab is visible; undefined: only when asked. */
  refreshSeconds?: number | undefined;
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
  /**
   * Starts loading the page with this paging and sort (and the current filters) now; resolves once
   * it has loaded or failed (never rejects).
   */
  prefetch: (next: { pageIndex: number; pageSize: number; sort: string[] }) => Promise<void>;
}

const NO_ROWS: Row[] = [];
/** How long rows a prefetch loaded count as fresh for the query that takes them over. */
const PREFETCH_FRESH_MS = 5_000;

export function useListData({
  source,
  filters,
  pageIndex,
  pageSize,
  sort,
  refreshSeconds,
}: ListDataInput): ListData {
  const http = useHttp();
  const queryClient = useQueryClient();
  // Only while the tab is visible: TanStack's refetchIntervalInBackground stays false.
  const refetchInterval = refreshSeconds === undefined ? false : refreshSeconds * 1000;
  // A periodic reload of what is already on screen: the loading bar would flash every few seconds.
  const reloading = (queryKey: QueryKey): boolean =>
    refreshSeconds !== undefined && queryClient.getQueryState(queryKey)?.status === 'success';
  const pageQuery = (params: string) => ({
    queryKey: [...listKey(source), 'page', params],
    queryFn: async ({ signal, queryKey }: { signal: AbortSignal; queryKey: QueryKey }) => {
      const response = await http.request<ListResponse>(withParams(source, params), {
        signal,
        silent: true,
        background: reloading(queryKey),
      });
      markRowsArrived();
      return response;
    },
  });
  const params = listParams({ filters, pageIndex, pageSize, sort });
  // When each prefetch (below) started, by its params: rows it loaded count as fresh for a moment,
  // so the query that takes them over does not load them again when the prefetch beat the render.
  const prefetched = useRef(new Map<string, number>());
  const list = useQuery({
    ...pageQuery(params),
    placeholderData: keepPreviousData,
    staleTime: (query) => {
      const started = prefetched.current.get(String(query.queryKey[3]));
      return started !== undefined &&
        query.state.dataUpdatedAt >= started &&
        Date.now() - started < PREFETCH_FRESH_MS
        ? PREFETCH_FRESH_MS
        : 0;
    },
    refetchInterval,
  });
  const prefetch = (next: { pageIndex: number; pageSize: number; sort: string[] }) => {
    const nextParams = listParams({ filters, ...next });
    if (nextParams === params) return Promise.resolve();
    const now = Date.now();
    for (const [key, started] of prefetched.current)
      if (now - started >= PREFETCH_FRESH_MS) prefetched.current.delete(key);
    prefetched.current.set(nextParams, now);
    return queryClient.prefetchQuery({ ...pageQuery(nextParams), staleTime: 0 });
  };
  const summaryParams = listParams({ filters, pageIndex: 0, pageSize, sort: [] });
  const summary = useQuery({
    queryKey: [...listKey(source), 'summary', summaryParams],
    queryFn: async ({ signal, queryKey }): Promise<PageSummary | null> => {
      const body = await http.request<unknown>(withParams(summaryPath(source), summaryParams), {
        silent: true,
        signal,
        background: reloading(queryKey),
      });
      const parsed = pageSummarySchema.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval,
  });
  // The same rows loading again (the periodic reload) is not shown as loading.
  const fetching =
    list.isFetching && !(refreshSeconds !== undefined && list.isSuccess && !list.isPlaceholderData);

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
      prefetch,
    };
  }
  const response = list.data;
  const shown = {
    rows: Array.isArray(response?.data) ? response.data : NO_ROWS,
    paging: mergePageSummary(response?.paging, summary.data ?? undefined),
  };
  if (response && !list.isPlaceholderData) lastGood.current = shown;
  return { ...shown, fetching, failed: false, error: null, errorUpdatedAt: 0, retry, prefetch };
}
