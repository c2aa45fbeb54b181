/**
 * Stars and unstars a linked menu item: POST addfavorite or DELETE removefavorite, shown at once,
 * rolled back if the call fails, then refetched.
 */
import type { Favorite } from '@bm/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { FAVORITES_KEY } from './menuQueries.ts';

export interface FavoriteToggle extends Favorite {
  /** Whether the item is a favourite now; the toggle does the opposite. */
  favorite: boolean;
}

export function useToggleFavorite() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ menuId, path, favorite }: FavoriteToggle) =>
      http.request(favorite ? '/api/menu/removefavorite' : '/api/menu/addfavorite', {
        method: favorite ? 'DELETE' : 'POST',
        body: { menuId, path },
      }),
    onMutate: async ({ menuId, path, favorite }) => {
      await queryClient.cancelQueries({ queryKey: FAVORITES_KEY });
      const previous = queryClient.getQueryData<Favorite[]>(FAVORITES_KEY);
      const others = (previous ?? []).filter((f) => f.menuId !== menuId);
      queryClient.setQueryData<Favorite[]>(FAVORITES_KEY, favorite ? others : [...others, { menuId, path }]);
      return { previous };
    },
    onError: (_error, _toggle, context) => {
      queryClient.setQueryData(FAVORITES_KEY, context?.previous);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: FAVORITES_KEY }),
  });
}
