/**
 * The signed-in user's right names (`GET /api/userRights`). A failed fetch
 * is silent; callers show a retry notice, never a false 401 screen.
 */
import { userRightsSchema } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';

export const RIGHTS_KEY = ['userRights'] as const;

export function useUserRights() {
  const http = useHttp();
  const query = useQuery({
    queryKey: RIGHTS_KEY,
    queryFn: async ({ signal }) =>
      userRightsSchema.parse(await http.request<unknown>('/api/userRights', { silent: true, signal })),
    staleTime: 5 * 60_000,
  });
  const rights = useMemo<ReadonlySet<string>>(() => new Set(query.data ?? []), [query.data]);
  return { query, rights };
}
