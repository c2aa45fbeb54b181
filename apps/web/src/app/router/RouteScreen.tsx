/**
 * Renders the screen for the current path: looks it up in the route table the server publishes and
 * puts it behind the access wrapper with the route's right; any other path is a dynamic page from the
 * page configs, or the 404 page. While the table loads it waits; if it fails to load it offers a
 * retry rather than a false 404.
 */
import { Center, Loader } from '@mantine/core';
import { useLocation } from 'react-router';
import { AccessGuard, requireRight } from '../../features/access/AccessGuard.tsx';
import { DynamicRoute } from '../../features/dynamic-pages/DynamicRoute.tsx';
import { EntityScreen } from '../../features/entity-pages/EntityScreen.tsx';
import { LoadFailedNotice } from '../../features/errors/LoadFailedNotice.tsx';
import { ToolScreen } from '../../features/tools/ToolScreen.tsx';
import { matchAppRoute } from '../routes/matchAppRoute.ts';
import { useAppRoutes } from '../routes/useAppRoutes.ts';

export function RouteScreen() {
  const { pathname, search } = useLocation();
  const appRoutes = useAppRoutes();
  if (appRoutes.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (appRoutes.isError) {
    return (
      <LoadFailedNotice
        message="The app's screens could not be loaded."
        onRetry={() => void appRoutes.refetch()}
      />
    );
  }
  const table = appRoutes.data.routes;
  const match = matchAppRoute(pathname, table);
  // A path the table does not know may be a dynamic page (a page config); else the 404 page.
  if (!match) return <DynamicRoute key={`${pathname}${search}`} pathname={pathname} />;
  const { route, id } = match;
  return (
    <AccessGuard rule={requireRight(route.right)}>
      {route.kind === 'tool' ? (
        <ToolScreen key={pathname} toolKey={route.toolKey ?? ''} />
      ) : (
        // A new address (deep-linked preset or filters included) starts the screen afresh.
        <EntityScreen key={`${pathname}${search}`} route={route} id={id} table={table} />
      )}
    </AccessGuard>
  );
}
