/**
 * The routes the console publishes to the web (`GET /api/app-routes`): every screen of every area
 * with the right that guards it, derived from the area index with the shared rules of
 * `@bm/contracts`, and the order in which `/` tries the areas.
 */
import {
  type AppRoute,
  type AppRoutes,
  entityRoutes,
  firstPathSegment,
  segmentOfListPath,
} from '@bm/contracts';
import { AREAS, type Area } from '../../catalog/areas.ts';

function routesOf(area: Area): AppRoute[] {
  if (area.kind === 'tool')
    return [{ pattern: area.linkTo, kind: 'tool', right: area.right, toolKey: area.toolKey }];
  return entityRoutes({
    segment: segmentOfListPath(area.linkTo),
    entity: area.entity,
    actions: area.actions,
    rightOverrides: area.rightOverrides,
    label: area.label,
    singular: area.singular,
    requiredParam: area.requiredParam,
  });
}

export function deriveAppRoutes(areas: readonly Area[] = AREAS): AppRoutes {
  return {
    routes: areas.flatMap(routesOf),
    homeOrder: areas.filter((a) => a.home).map((a) => firstPathSegment(a.linkTo)),
  };
}
