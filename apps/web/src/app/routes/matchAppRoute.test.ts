import { type AppRoute, entityRoutes } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { matchAppRoute } from './matchAppRoute.ts';

/** A small table as the server would publish it, with fictional areas. */
const TABLE: readonly AppRoute[] = [
  { pattern: '/gizmoManagement', kind: 'tool', right: 'ViewGizmo', toolKey: 'gizmo' },
  ...entityRoutes({
    segment: 'widget',
    entity: 'Widget',
    actions: ['List', 'Create', 'Edit', 'View', 'BulkEdit'],
  }),
  ...entityRoutes({
    segment: 'gadgetCar',
    entity: 'GadgetCar',
    actions: ['List', 'Edit', 'View', 'GetMap', 'Map'],
    rightOverrides: { View: 'BMTools/gadgetcar/View' },
  }),
];

const match = (pathname: string) => matchAppRoute(pathname, TABLE);

describe('matchAppRoute', () => {
  it('matches the entity screens with their rights', () => {
    expect(match('/widget/list')?.route.right).toBe('BMTools/Widget/List');
    expect(match('/widget/create')?.route.right).toBe('BMTools/Widget/Create');
    expect(match('/widget/edit/12')).toMatchObject({ id: 12, route: { kind: 'edit' } });
    expect(match('/widget/bulkedit')?.route.kind).toBe('bulkedit');
    expect(match('/gadgetCar/view/3')?.route.right).toBe('BMTools/gadgetcar/View');
    expect(match('/gadgetCar/7/getmap')?.route.right).toBe('BMTools/GadgetCar/GetMap');
    expect(match('/gadgetCar/7/map')?.route.right).toBe('BMTools/GadgetCar/Map');
  });

  it('ignores case in the path', () => {
    expect(match('/GADGETCAR/edit/5')?.route.right).toBe('BMTools/GadgetCar/Edit');
  });

  it('accepts numeric ids only', () => {
    expect(match('/widget/edit/abc')).toBeNull();
    expect(match('/widget/view/1e3')).toBeNull();
    expect(match('/gadgetCar/x1/getmap')).toBeNull();
    expect(match('/widget/edit/0042')?.id).toBe(42);
  });

  it('matches tool pages with their tool rights', () => {
    expect(match('/gizmoManagement')?.route).toMatchObject({
      kind: 'tool',
      right: 'ViewGizmo',
      toolKey: 'gizmo',
    });
  });

  it('names the parent list page', () => {
    expect(match('/gadgetCar/9/map')?.route.listPath).toBe('/gadgetCar/list');
  });

  it('knows only the screens in the table', () => {
    // The server publishes no route for an action an area does not allow.
    expect(match('/gadgetCar/create')).toBeNull();
    expect(match('/widget/3/getmap')).toBeNull();
    expect(matchAppRoute('/widget/list', [])).toBeNull();
  });

  it('matches nothing for unknown paths', () => {
    expect(match('/nope')).toBeNull();
    expect(match('/widget/list/extra')).toBeNull();
    expect(match('/widget')).toBeNull();
  });
});
