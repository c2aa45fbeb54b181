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
 *
 * A page or summary never loaded before is asked for during the render that first needs it, not
 * from the effect that subscribes to it: the list screen's first render and commit (its bars, menus
 * and grid measuring themselves) then run while the call is in flight instead of before it leaves.
 * With the session's token readable at once, the HTTP client calls `fetch` in that same render.
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
  /** The search box text (`q`), combined with the filters by the server. */
  search?: string | undefined;
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
type QueryContext = { signal: AbortSignal; queryKey: QueryKey };
/** How long what a call started ahead of its query loaded counts as fresh for that query. */
const PREFETCH_FRESH_MS = 5_000;

export function useListData({
  source,
  filters,
  search,
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
    queryFn: async ({ signal, queryKey }: QueryContext) => {
      const response = await http.request<ListResponse>(withParams(source, params), {
        signal,
        silent: true,
        background: reloading(queryKey),
      });
      markRowsArrived();
      return response;
    },
  });
  // When each call started ahead of its query (below), by kind and params: what it loaded counts as
  // fresh for a moment, so the query that takes it over does not load it again when the call beat
  // the query's subscription (which comes after the render is committed).
  const started = useRef(new Map<string, number>());
  const startedKey = (queryKey: QueryKey) => `${String(queryKey[2])} ${String(queryKey[3])}`;
  const markStarted = (queryKey: QueryKey) => {
    const now = Date.now();
    for (const [key, at] of started.current) if (now - at >= PREFETCH_FRESH_MS) started.current.delete(key);
    started.current.set(startedKey(queryKey), now);
  };
  const freshAfterStart = (query: { queryKey: QueryKey; state: { dataUpdatedAt: number } }) => {
    const at = started.current.get(startedKey(query.queryKey));
    return at !== undefined && query.state.dataUpdatedAt >= at && Date.now() - at < PREFETCH_FRESH_MS
      ? PREFETCH_FRESH_MS
      : 0;
  };
  // What this list started in a render: each at most once while it is on screen. A failure then
  // stays a failure with its Retry (the queries do not try again when they subscribe), as it did
  // when the queries sent their own calls; a list opened again tries a failed load anew.
  const startedHere = useRef(new Set<string>());
  /** Starts a query never loaded, or failed, in this render (see the file's comment). */
  const startInRender = (options: {
    queryKey: QueryKey;
    queryFn: (context: QueryContext) => Promise<unknown>;
  }) => {
    if (source === '') return;
    const state = queryClient.getQueryState(options.queryKey);
    if (state !== undefined && (state.status !== 'error' || state.fetchStatus !== 'idle')) return;
    const key = startedKey(options.queryKey);
    if (startedHere.current.has(key)) return;
    startedHere.current.add(key);
    markStarted(options.queryKey);
    void queryClient.prefetchQuery(options);
  };

  const params = listParams({ filters, search, pageIndex, pageSize, sort });
  const shownPage = pageQuery(params);
  startInRender(shownPage);
  const list = useQuery({
    ...shownPage,
    placeholderData: keepPreviousData,
    staleTime: freshAfterStart,
    retryOnMount: false,
    refetchInterval,
    // No source (none given, or one the list refused): nothing to fetch.
    enabled: source !== '',
  });
  const prefetch = (next: { pageIndex: number; pageSize: number; sort: string[] }) => {
    const nextParams = listParams({ filters, search, ...next });
    if (nextParams === params || source === '') return Promise.resolve();
    const options = pageQuery(nextParams);
    markStarted(options.queryKey);
    return queryClient.prefetchQuery({ ...options, staleTime: 0 });
  };
  const summaryParams = listParams({ filters, search, pageIndex: 0, pageSize, sort: [] });
  const summaryQuery = {
    queryKey: [...listKey(source), 'summary', summaryParams],
    queryFn: async ({ signal, queryKey }: QueryContext): Promise<PageSummary | null> => {
      const body = await http.request<unknown>(withParams(summaryPath(source), summaryParams), {
        silent: true,
        signal,
        background: reloading(queryKey),
      });
      const parsed = pageSummarySchema.safeParse(body);
      return parsed.success ? parsed.data : null;
    },
  };
  startInRender(summaryQuery);
  const summary = useQuery({
    ...summaryQuery,
    placeholderData: keepPreviousData,
    staleTime: freshAfterStart,
    retryOnMount: false,
    refetchInterval,
    // No source (none given, or one the list refused): nothing to fetch.
    enabled: source !== '',
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
