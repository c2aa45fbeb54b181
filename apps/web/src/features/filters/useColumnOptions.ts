/**
 * A select column's filter options. Fixed options need no call; a `source` path is asked once with
 * the dropdown page size (1000) and cached per column, refreshed when older than 5 minutes.
 * A failed lookup is alerted by the HTTP client.
 */
import type { ColumnDefinition } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { optionsFromRows, staticOptions } from './columnOptions.ts';
import type { OptionItem } from './describeCondition.ts';
import { filterKindOf } from './filterTypes.ts';

const OPTIONS_MAX_AGE_MS = 5 * 60_000;
const DROPDOWN_PAGE_SIZE = 1000;
const NONE: OptionItem[] = [];

export function useColumnOptions(column: ColumnDefinition, enabled: boolean) {
  const http = useHttp();
  const fixed = staticOptions(column);
  const source = column.source;
  const query = useQuery({
    queryKey: ['filter-options', column.key, source],
    queryFn: async ({ signal }) => {
      const sep = source?.includes('?') ? '&' : '?';
      const body = await http.request<unknown>(`${source}${sep}pageSize=${DROPDOWN_PAGE_SIZE}`, { signal });
      const rows = Array.isArray(body) ? body : (body as { data?: unknown } | null)?.data;
      return optionsFromRows(rows, column);
    },
    enabled: enabled && fixed === undefined && !!source && filterKindOf(column.type) === 'select',
    staleTime: OPTIONS_MAX_AGE_MS,
    gcTime: 2 * OPTIONS_MAX_AGE_MS,
  });
  return { options: fixed ?? query.data ?? NONE, loading: query.isFetching };
}
