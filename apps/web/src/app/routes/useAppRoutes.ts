/**
 * The console's screens as the server publishes them (`GET /api/app-routes`): every screen pattern
 * with the right that guards it, and the order the home redirect tries the areas. The table is the
 * same for every signed-in user and fixed for a deployment, so it loads once per session. A failed
 * fetch is silent; callers show a retry notice instead of a false not-found page.
 */
import { appRoutesSchema } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../http/HttpContext.tsx';

export const APP_ROUTES_KEY = ['appRoutes'] as const;

export function useAppRoutes() {
  const http = useHttp();
  return useQuery({
    queryKey: APP_ROUTES_KEY,
    queryFn: async ({ signal }) =>
      appRoutesSchema.parse(await http.request<unknown>('/api/app-routes', { silent: true, signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
