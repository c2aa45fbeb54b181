/**
 * Finds the screen for a path in the route table the server publishes. Ids must be numeric,
 * so `/{segment}/edit/abc` matches nothing and ends on the not-found page.
 */
import type { AppRoute } from '@bm/contracts';
import { matchPath } from 'react-router';

export interface MatchedRoute {
  route: AppRoute;
  id: number | undefined;
}

const NUMERIC_ID = /^\d+$/;

export function matchAppRoute(pathname: string, table: readonly AppRoute[]): MatchedRoute | null {
  for (const route of table) {
    const match = matchPath({ path: route.pattern, caseSensitive: false, end: true }, pathname);
    if (!match) continue;
    const rawId = match.params.id;
    if (rawId === undefined) return { route, id: undefined };
    if (!NUMERIC_ID.test(rawId)) return null;
    return { route, id: Number(rawId) };
  }
  return null;
}
