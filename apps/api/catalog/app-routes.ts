/**
 * The routes the console publishes to the web (`GET /api/app-routes`): every screen of every area
 * with the right that guards it, derived from the area index with the shared rules of
 * `@bm/contracts`, and the order in which `/` tries the areas. An entity's routes carry what its
 * screens say about it: its label, one record's name (`singular`) and the field that names a record
 * (`titleField`), so the web knows nothing of any area but what it is sent here.
 */
import {
  type AppRoute,
  type AppRoutes,
  entityRoutes,
  firstPathSegment,
  segmentOfListPath,
} from '@bm/contracts';
import { AREAS, type Area } from './areas.ts';

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
    titleField: area.titleField,
    requiredParam: area.requiredParam,
    mapQueue: area.mapQueue,
    references: area.references,
    related: area.related,
    search: area.search,
    history: area.history,
  });
}

export function deriveAppRoutes(areas: readonly Area[] = AREAS): AppRoutes {
  return {
    routes: areas.flatMap(routesOf),
    homeOrder: areas.filter((a) => a.home).map((a) => firstPathSegment(a.linkTo)),
  };
}
