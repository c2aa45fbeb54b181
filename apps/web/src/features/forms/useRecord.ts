/**
 * One record (`GET {path}/{id}`), with its rowVersion; with no id it resolves to an empty
 * object (create mode). It is loaded once per screen and again only when asked (after a save), so
 * a background refetch never overwrites what the user is typing. A failure is not alerted: the
 * screen says it once, in place of the record (RecordLoadState).
 */
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { recordPath } from './recordPaths.ts';
import type { RecordScreen } from './recordScreen.ts';

export type StoredRecord = Record<string, unknown>;

export const rowVersionOf = (record: StoredRecord | undefined): number | undefined => {
  const v = record?.rowVersion;
  return typeof v === 'number'
    ? v
    : typeof v === 'string' && v !== '' && Number.isFinite(Number(v))
      ? Number(v)
      : undefined;
};

/** `{api}/{id}`, with the sqlViewName and databaseName a page config names. */
function recordUrl(api: string, id: number, query?: RecordScreen['recordQuery']): string {
  const params = new URLSearchParams();
  if (query?.sqlViewName) params.set('sqlViewName', query.sqlViewName);
  if (query?.databaseName) params.set('databaseName', query.databaseName);
  const text = params.toString();
  return text ? `${recordPath(api, id)}?${text}` : recordPath(api, id);
}

export function useRecord(
  api: string | undefined,
  id: number | undefined,
  query?: RecordScreen['recordQuery'],
) {
  const http = useHttp();
  return useQuery({
    queryKey: ['record', api, id, query?.sqlViewName, query?.databaseName],
    queryFn: async ({ signal }): Promise<StoredRecord> => {
      if (id === undefined || !api) return {};
      const body = await http.request<unknown>(recordUrl(api, id, query), { signal, silent: true });
      return typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as StoredRecord) : {};
    },
    enabled: api !== undefined,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
