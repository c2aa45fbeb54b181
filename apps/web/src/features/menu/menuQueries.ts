/**
 * Menu and favourites through TanStack Query. Their fetch failures are silent: the
 * navbar offers a retry instead of an alert.
 */
import { favoriteSchema, type MenuItem, menuItemSchema, menuResponseSchema } from '@bm/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';

export const MENU_KEY = ['menu'] as const;
export const FAVORITES_KEY = ['favorites'] as const;
const FIVE_MINUTES = 5 * 60_000;

/** The menu call answers `{ id, name, content }` with the tree as JSON text in `content`. */
export function parseMenuResponse(body: unknown): MenuItem[] {
  const { content } = menuResponseSchema.parse(body);
  return menuItemSchema.array().parse(JSON.parse(content));
}

export function useMenu() {
  const http = useHttp();
  return useQuery({
    queryKey: MENU_KEY,
    queryFn: async ({ signal }) =>
      parseMenuResponse(await http.request<unknown>('/api/menu/json/1', { silent: true, signal })),
    staleTime: FIVE_MINUTES,
  });
}

export function useFavorites() {
  const http = useHttp();
  return useQuery({
    queryKey: FAVORITES_KEY,
    queryFn: async ({ signal }) =>
      favoriteSchema
        .array()
        .parse(await http.request<unknown>('/api/menu/favorites', { silent: true, signal })),
  });
}
