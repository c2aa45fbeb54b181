/**
 * The native tools' server calls (ADR 0017): the database and replication pages' reads, the
 * reservation search and cancelling a query. Answers are parsed with the shared contracts. Reads
 * are silent (the page shows its own error state with a retry); a refused cancel is alerted.
 */
import {
  type CancelQueryResult,
  cancelQueryResultSchema,
  databaseInfoSchema,
  replicationInfoSchema,
  reservationSearchResultSchema,
  TOOL_PATHS,
} from '@bm/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';

const DATABASE_KEY = ['tools', 'database'] as const;

export function useDatabaseInfo() {
  const http = useHttp();
  return useQuery({
    queryKey: DATABASE_KEY,
    queryFn: async ({ signal }) =>
      databaseInfoSchema.parse(await http.request<unknown>(TOOL_PATHS.database, { silent: true, signal })),
  });
}

export function useReplicationInfo() {
  const http = useHttp();
  return useQuery({
    queryKey: ['tools', 'replication'],
    queryFn: async ({ signal }) =>
      replicationInfoSchema.parse(
        await http.request<unknown>(TOOL_PATHS.replication, { silent: true, signal }),
      ),
  });
}

export interface SearchFilters {
  q: string;
  from: string;
  to: string;
  status: string[];
}

/** Searches once the text has 2 characters; every filter change is a new search. */
export function useReservationSearch(filters: SearchFilters) {
  const http = useHttp();
  const q = filters.q.trim();
  return useQuery({
    queryKey: ['tools', 'search', { ...filters, q }],
    enabled: q.length >= 2,
    placeholderData: keepPreviousData,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({ q });
      if (filters.from) params.set('from', filters.from);
      if (filters.to) params.set('to', filters.to);
      if (filters.status.length > 0) params.set('status', filters.status.join(','));
      const answer = await http.request<unknown>(`${TOOL_PATHS.search}?${params}`, { silent: true, signal });
      return reservationSearchResultSchema.parse(answer).hits;
    },
  });
}

export function useCancelQuery() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (pid: number): Promise<CancelQueryResult> =>
      cancelQueryResultSchema.parse(
        await http.request<unknown>(TOOL_PATHS.cancel, { method: 'POST', body: { pid } }),
      ),
    onSettled: () => client.invalidateQueries({ queryKey: DATABASE_KEY }),
  });
}
