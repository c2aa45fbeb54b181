/**
 * Renders the screen for the current path: looks it up in the route table and puts it behind the
 * access wrapper with the route's right; any other path is a dynamic page from the page configs, or the 404 page.
 */
import { useLocation } from 'react-router';
import { AccessGuard, requireRight } from '../../features/access/AccessGuard.tsx';
import { DynamicRoute } from '../../features/dynamic-pages/DynamicRoute.tsx';
import { EntityScreen } from '../../features/entity-pages/EntityScreen.tsx';
import { ToolPage } from '../../features/tools/ToolPage.tsx';
import { matchAppRoute } from '../routes/matchAppRoute.ts';

export function RouteScreen() {
  const { pathname, search } = useLocation();
  const match = matchAppRoute(pathname);
  // A path the table does not know may be a dynamic page (a page config); else the 404 page.
  if (!match) return <DynamicRoute key={`${pathname}${search}`} pathname={pathname} />;
  const { route } = match;
  return (
    <AccessGuard rule={requireRight(route.right)}>
      {route.kind === 'tool' ? (
        <ToolPage key={pathname} toolKey={route.toolKey ?? ''} />
      ) : (
        // A new address (deep-linked preset or filters included) starts the screen afresh.
        <EntityScreen key={`${pathname}${search}`} route={route} />
      )}
    </AccessGuard>
  );
}
