/**
 * Renders the screen for the current path: looks it up in the route table the server publishes and
 * puts it behind the access wrapper with the route's right; any other path is a dynamic page from the
 * page configs, or the 404 page. While the table loads it waits; if it fails to load it offers a
 * retry rather than a false 404.
 *
 * Entity screens (lists, and the record screens, which load their own code lazily) are part of the
 * first download; tool pages and dynamic pages are not on the way to a list, so their code loads
 * when such a path is opened, with the same loader meanwhile.
 */
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { AccessGuard, requireRight } from '../../features/access/AccessGuard.tsx';
import { EntityScreen } from '../../features/entity-pages/EntityScreen.tsx';
import { LoadFailedNotice } from '../../features/errors/LoadFailedNotice.tsx';
import { ScreenLoader } from '../../features/loading/ScreenLoader.tsx';
import { matchAppRoute } from '../routes/matchAppRoute.ts';
import { useAppRoutes } from '../routes/useAppRoutes.ts';

const ToolScreen = lazy(async () => ({
  default: (await import('../../features/tools/ToolScreen.tsx')).ToolScreen,
}));
const DynamicRoute = lazy(async () => ({
  default: (await import('../../features/dynamic-pages/DynamicRoute.tsx')).DynamicRoute,
}));

const loading = <ScreenLoader />;

export function RouteScreen() {
  const { pathname, search } = useLocation();
  const appRoutes = useAppRoutes();
  if (appRoutes.isPending) return loading;
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
  if (!match) {
    return (
      <Suspense fallback={loading}>
        <DynamicRoute key={`${pathname}${search}`} pathname={pathname} />
      </Suspense>
    );
  }
  const { route, id } = match;
  return (
    <AccessGuard rule={requireRight(route.right)}>
      {route.kind === 'tool' ? (
        <Suspense fallback={loading}>
          <ToolScreen key={pathname} toolKey={route.toolKey ?? ''} />
        </Suspense>
      ) : (
        // A new address (deep-linked preset or filters included) starts the screen afresh.
        <EntityScreen key={`${pathname}${search}`} route={route} id={id} table={table} />
      )}
    </AccessGuard>
  );
}
