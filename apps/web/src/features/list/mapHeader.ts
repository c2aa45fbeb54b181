/**
 * A map list's header record: read from the record's own list with a paged filter on its id
 * (pageSize 20, pageIndex 0), and the title its template makes of it.
 */
import type { ListResponse, MapHeader, Row } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { withParams } from './listParams.ts';

export function headerPath(header: Pick<MapHeader, 'source'>, id: number): string {
  const params = new URLSearchParams({
    filters: JSON.stringify({ operation: 'eq', name: 'id', type: 'number', value: id }),
    pageSize: '20',
    pageIndex: '0',
  });
  return withParams(header.source, params.toString());
}

/** A title template (`{name} · {code}`) filled from the record; a missing field leaves nothing. */
export function headerTitle(template: string, record: Row): string {
  return template
    .replace(/\{(\w+)\}/g, (_m, key: string) => {
      const value = Object.hasOwn(record, key) ? record[key] : undefined;
      return value === null || value === undefined ? '' : String(value);
    })
    .replace(/^[\s·]+|[\s·]+$/g, '');
}

/** The query key of every map header record: invalidated after each map action. */
export const MAP_HEADER_KEY = 'map-header';

export function useMapHeader(header: MapHeader | undefined, id: number | undefined) {
  const http = useHttp();
  return useQuery({
    queryKey: [MAP_HEADER_KEY, header?.source, id],
    enabled: header !== undefined && id !== undefined,
    queryFn: async ({ signal }): Promise<Row | null> => {
      if (!header || id === undefined) return null;
      const answer = await http.request<ListResponse>(headerPath(header, id), { signal, silent: true });
      return answer.data?.[0] ?? null;
    },
  });
}
