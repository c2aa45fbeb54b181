/**
 * `screenState` bound to the loaded route table, rights and runtime config; null until the table and
 * rights have loaded, so callers never judge a link on partial knowledge.
 */
import { useCallback } from 'react';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { useAppRoutes } from '../../app/routes/useAppRoutes.ts';
import { type ScreenState, screenState } from './screenAvailability.ts';
import { useUserRights } from './useUserRights.ts';

export function useScreenState(): ((link: string) => ScreenState) | null {
  const config = useRuntimeConfig();
  const appRoutes = useAppRoutes();
  const { query, rights } = useUserRights();
  const routes = appRoutes.data?.routes;
  const ready = routes !== undefined && query.isSuccess;
  const judge = useCallback(
    (link: string) => screenState(link, { routes: routes ?? [], rights, config }),
    [routes, rights, config],
  );
  return ready ? judge : null;
}
