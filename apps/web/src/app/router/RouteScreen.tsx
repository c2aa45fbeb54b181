/**
 * Renders the screen for the current path: looks it up in the route table and puts it behind the
 * access wrapper with the route's right; an unknown path (or a non-numeric id) is the 404 page.
 */
import { useLocation } from 'react-router';
import { AccessGuard, anyoneSignedIn, requireRight } from '../../features/access/AccessGuard.tsx';
import { EntityScreen } from '../../features/entity-pages/EntityScreen.tsx';
import { NotFoundPage } from '../../features/errors/NotFoundPage.tsx';
import { ToolPage } from '../../features/tools/ToolPage.tsx';
import { matchAppRoute } from './matchAppRoute.ts';

export function RouteScreen() {
  const { pathname } = useLocation();
  const match = matchAppRoute(pathname);
  if (!match) {
    return (
      <AccessGuard rule={anyoneSignedIn}>
        <NotFoundPage />
      </AccessGuard>
    );
  }
  const { route } = match;
  return (
    <AccessGuard rule={requireRight(route.right)}>
      {route.kind === 'tool' ? (
        <ToolPage key={pathname} toolKey={route.toolKey ?? ''} />
      ) : (
        <EntityScreen key={pathname} />
      )}
    </AccessGuard>
  );
}
