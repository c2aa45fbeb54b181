import { describe, expect, it } from 'vitest';
import { matchAppRoute } from './matchAppRoute.ts';
import { ROUTE_TABLE } from './routeTable.ts';

describe('matchAppRoute', () => {
  it('matches the six entity screens with their rights', () => {
    expect(matchAppRoute('/page/list')?.route.right).toBe('BMTools/Page/List');
    expect(matchAppRoute('/page/create')?.route.right).toBe('BMTools/Page/Create');
    expect(matchAppRoute('/page/edit/12')).toMatchObject({ id: 12, route: { kind: 'edit' } });
    expect(matchAppRoute('/reservation/view/3')?.route.right).toBe('BMTools/Reservation/View');
    expect(matchAppRoute('/reservation/7/getmap')?.route.right).toBe('BMTools/Reservation/GetMap');
    expect(matchAppRoute('/merchantmapcar/7/map')?.route.right).toBe('BMTools/MerchantCar/Map');
  });

  it('accepts numeric ids only', () => {
    expect(matchAppRoute('/page/edit/abc')).toBeNull();
    expect(matchAppRoute('/page/view/1e3')).toBeNull();
    expect(matchAppRoute('/pricewatchcar/x1/getmap')).toBeNull();
    expect(matchAppRoute('/page/edit/0042')?.id).toBe(42);
  });

  it('keeps the lowercase merchant car class view right', () => {
    expect(matchAppRoute('/merchantCarClass/view/5')?.route.right).toBe('BMTools/merchantcarclass/View');
    expect(matchAppRoute('/merchantCarClass/edit/5')?.route.right).toBe('BMTools/MerchantCarClass/Edit');
  });

  it('matches tool pages with their tool rights', () => {
    expect(matchAppRoute('/reconcilitationManagement')?.route).toMatchObject({
      kind: 'tool',
      right: 'ViewReconTool',
      toolKey: 'reconciliation',
    });
    expect(matchAppRoute('/mongoManagement')?.route.right).toBe('ViewMongo');
  });

  it('names the parent list page', () => {
    expect(matchAppRoute('/pricewatchOffice/9/map')?.route.listPath).toBe('/pricewatchOffice/list');
  });

  it('offers map screens only for map-capable entities', () => {
    expect(matchAppRoute('/page/3/getmap')).toBeNull();
    expect(matchAppRoute('/insurance/3/getmap')).not.toBeNull();
  });

  it('matches nothing for unknown paths', () => {
    expect(matchAppRoute('/nope')).toBeNull();
    expect(matchAppRoute('/page/list/extra')).toBeNull();
    expect(matchAppRoute('/page')).toBeNull();
  });

  it('has one pattern per screen', () => {
    const patterns = ROUTE_TABLE.map((r) => r.pattern.toLowerCase());
    expect(new Set(patterns).size).toBe(patterns.length);
  });
});
