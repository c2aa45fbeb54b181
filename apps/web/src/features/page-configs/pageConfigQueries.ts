/**
 * Page configs (`GET /api/pageconfigs`, contract): dynamic pages and their action rights. The fetch
 * is silent: without page configs there are simply no dynamic pages.
 */
import type { PageConfig } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';

const PAGE_CONFIGS_KEY = ['pageConfigs'] as const;

const isAction = (value: unknown): boolean => {
  const a = value as Record<string, unknown>;
  return (
    typeof a === 'object' && a !== null && typeof a.action === 'string' && typeof a.rightName === 'string'
  );
};

export function readPageConfigs(body: unknown): PageConfig[] {
  if (!Array.isArray(body)) return [];
  return body.flatMap((raw): PageConfig[] => {
    const c = raw as Record<string, unknown>;
    if (typeof c !== 'object' || c === null || typeof c.route !== 'string' || typeof c.pageType !== 'string')
      return [];
    const actions = Array.isArray(c.actions) ? c.actions.filter(isAction) : [];
    return [
      {
        route: c.route,
        pageType: c.pageType,
        api: typeof c.api === 'string' ? c.api : '',
        pageName: typeof c.pageName === 'string' ? c.pageName : '',
        actions: actions.map((a) => {
          const action = a as Record<string, unknown>;
          return {
            action: String(action.action),
            rightName: String(action.rightName),
            sqlQuery: typeof action.sqlQuery === 'string' ? action.sqlQuery : '',
            databaseName: typeof action.databaseName === 'string' ? action.databaseName : '',
          };
        }),
      },
    ];
  });
}

export function usePageConfigs() {
  const http = useHttp();
  return useQuery({
    queryKey: PAGE_CONFIGS_KEY,
    queryFn: async ({ signal }) =>
      readPageConfigs(await http.request<unknown>('/api/pageconfigs', { silent: true, signal })),
    staleTime: 5 * 60_000,
    retry: false,
  });
}
