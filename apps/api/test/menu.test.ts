import { type AppRoute, appRoutesSchema, type MenuItem } from '@bm/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { signIn } from './sign-in.ts';
import { startTestServer, type TestServer } from './test-server.ts';

let server: TestServer;
const tokens: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  for (const name of ['admin', 'editor', 'mapper', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});

const call = (who: string, path: string, init: RequestInit = {}) =>
  fetch(`${server.baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${tokens[who]}`, 'content-type': 'application/json', ...init.headers },
  });

async function menuOf(who: string): Promise<MenuItem[]> {
  const response = await call(who, '/api/menu/json/1');
  expect(response.status).toBe(200);
  const body = (await response.json()) as { id: number; name: string; content: string };
  expect(body.id).toBe(1);
  return JSON.parse(body.content) as MenuItem[];
}

const leaves = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => (i.submenu ? leaves(i.submenu) : [i]));

describe('GET /api/menu/json/1', () => {
  it('gives the admin every group', async () => {
    const menu = await menuOf('admin');
    expect(menu.map((g) => g.name)).toEqual([
      'Price-watch',
      'Merchant',
      'Content',
      'Reservations & payments',
      'Exception management',
      'Tools',
      'Administration',
    ]);
    const links = leaves(menu).map((l) => l.linkTo);
    for (const link of [
      '/resource/list',
      '/translationresource/list',
      '/translationinterception/list',
      '/mongoManagement',
    ]) {
      expect(links).toContain(link);
    }
  });

  it('cuts the mapper to price-watch and merchant areas', async () => {
    const menu = await menuOf('mapper');
    expect(menu.map((g) => g.name)).toEqual(['Price-watch', 'Merchant']);
    expect(leaves(menu).map((l) => l.linkTo)).toContain('/pricewatchLocation/list');
  });

  it('cuts the editor to content areas and menus', async () => {
    const menu = await menuOf('editor');
    expect(menu.map((g) => g.name)).toEqual(['Content', 'Administration']);
    expect(leaves(menu).map((l) => l.name)).toEqual([
      'Pages',
      'Interceptions',
      'Interception triggers',
      'Product placement rules',
      'Location keywords',
      'Reviews',
      'Menus',
    ]);
  });

  it('shows only items whose right the caller holds', async () => {
    for (const who of ['admin', 'editor', 'mapper', 'viewer']) {
      const rights = new Set((await (await call(who, '/api/userRights')).json()) as string[]);
      for (const leaf of leaves(await menuOf(who))) expect(rights.has(leaf.right as string)).toBe(true);
    }
  });

  it('answers 404 for an unknown menu', async () => {
    expect((await call('admin', '/api/menu/json/99')).status).toBe(404);
  });

  it('leaves out stored entries that are not menu items instead of failing', async () => {
    const { rows } = await server.db.query<{ content: unknown }>('SELECT content FROM menus WHERE id = 1');
    const original = rows[0]?.content;
    try {
      await server.db.query(
        `UPDATE menus SET content = jsonb_insert(content, '{0}', 'null') || '[{"name": 5}]' WHERE id = 1`,
      );
      const menu = await menuOf('admin');
      expect(menu.map((g) => g.name)).toContain('Content');
      expect(menu).not.toContain(null);
    } finally {
      await server.db.query('UPDATE menus SET content = $1 WHERE id = 1', [JSON.stringify(original)]);
    }
  });
});

describe('GET /api/userRights', () => {
  it('gives the viewer no right that changes data or exports', async () => {
    const rights = (await (await call('viewer', '/api/userRights')).json()) as string[];
    expect(rights).toContain('BMTools/Page/List');
    expect(rights).toContain('ViewMongo');
    expect(
      rights.filter((r) => /\/(Create|Edit|Delete|BulkEdit|Publish|Map|GetMap|SetIsActiveCustomer)$/.test(r)),
    ).toEqual([]);
    expect(rights).not.toContain('BMTools/Export/List');
  });

  it('keeps the spec spellings of exceptional rights', async () => {
    const rights = (await (await call('admin', '/api/userRights')).json()) as string[];
    expect(rights).toEqual(
      expect.arrayContaining([
        'BMTools/merchantcarclass/View',
        'BMTools/EMException/List',
        'ViewLocation',
        'EditLocation',
        'CreateLocation',
        'BMTools/Export/List',
        'BMTools/Interception/Publish',
        'BMTools/CustomerReservation/SetIsActiveCustomer',
      ]),
    );
  });
});

describe('GET /api/app-routes', () => {
  it('publishes a screen for every menu link, guarded by the same right', async () => {
    const response = await call('admin', '/api/app-routes');
    expect(response.status).toBe(200);
    const { routes } = appRoutesSchema.parse(await response.json());
    for (const leaf of leaves(await menuOf('admin'))) {
      const route = routes.find((r) => r.pattern.toLowerCase() === leaf.linkTo?.toLowerCase());
      expect(route, leaf.linkTo).toBeDefined();
      expect(route?.right).toBe(leaf.right);
    }
  });

  it('derives every entity screen from its actions, with the spelling an area declares', async () => {
    const { routes } = appRoutesSchema.parse(await (await call('viewer', '/api/app-routes')).json());
    const rightOf = (pattern: string) => routes.find((r) => r.pattern === pattern)?.right;
    expect(rightOf('/page/edit/:id')).toBe('BMTools/Page/Edit');
    expect(rightOf('/page/bulkedit')).toBe('BMTools/Page/BulkEdit');
    expect(rightOf('/merchantCarClass/view/:id')).toBe('BMTools/merchantcarclass/View');
    expect(rightOf('/reservation/:id/getmap')).toBe('BMTools/Reservation/GetMap');
    // No screen for an action the area does not allow: presets are never created by hand.
    expect(rightOf('/preset/create')).toBeUndefined();
    expect(routes.find((r) => r.pattern === '/roadmapManagement')).toMatchObject({
      kind: 'tool',
      right: 'ViewRoadmapTool',
      toolKey: 'roadmap',
    });
    // Every right a route names exists.
    const rights = new Set((await (await call('admin', '/api/userRights')).json()) as string[]);
    for (const route of routes) expect(rights.has(route.right), route.pattern).toBe(true);
  });

  it('says which preset screens have their default preset, as the presets table stands now', async () => {
    const routesNow = async () =>
      appRoutesSchema.parse(await (await call('admin', '/api/app-routes')).json()).routes;
    const flag = (routes: AppRoute[], pattern: string) =>
      routes.find((r) => r.pattern === pattern)?.hasPreset;
    let routes = await routesNow();
    expect(flag(routes, '/page/create')).toBe(true);
    expect(flag(routes, '/reservation/view/:id')).toBe(true);
    // Reservations are never edited or created by hand; exports are made by a list's Export button,
    // never by a form.
    expect(flag(routes, '/reservation/edit/:id')).toBe(false);
    expect(flag(routes, '/reservation/create')).toBe(false);
    expect(flag(routes, '/pricewatchLocation/list')).toBe(true);
    expect(flag(routes, '/export/list')).toBe(true);
    expect(flag(routes, '/export/create')).toBe(false);
    expect(flag(routes, '/menu/list')).toBe(true);
    // A list-and-map-list-only area has no form screens at all.
    expect(flag(routes, '/merchantOffice/edit/:id')).toBeUndefined();
    expect(flag(routes, '/merchantOffice/list')).toBe(true);
    expect(flag(routes, '/roadmapManagement')).toBeUndefined();
    // Map lists are preset screens too.
    expect(flag(routes, '/merchantlocation/:id/getmap')).toBe(true);
    expect(flag(routes, '/reservation/:id/getmap')).toBe(true);
    // An administrator adds the missing preset: the next load says so.
    await server.db.query(
      `INSERT INTO presets (name, right_name, preset_group_id, version, definition)
       VALUES ('default', 'BMTools/Reservation/Create', 1, 1, '{"definition": []}')`,
    );
    routes = await routesNow();
    expect(flag(routes, '/reservation/create')).toBe(true);
    await server.db.query(`DELETE FROM presets WHERE right_name = 'BMTools/Reservation/Create'`);
  });

  it('orders the home redirect: tools first, then pages, and menus last', async () => {
    const { homeOrder } = appRoutesSchema.parse(await (await call('editor', '/api/app-routes')).json());
    expect(homeOrder.slice(0, 9)).toEqual([
      'mongomanagement',
      'replicationmanagement',
      'searchreservation',
      'roadmapmanagement',
      'campingmonkeymanagement',
      'carcomparemanagement',
      'marketingmanagement',
      'reconcilitationmanagement',
      'page',
    ]);
    expect(homeOrder.at(-1)).toBe('menu');
  });

  it('answers 401 without a token', async () => {
    expect((await fetch(`${server.baseUrl}/api/app-routes`)).status).toBe(401);
  });
});

describe('favourites', () => {
  it('adds, lists and removes the caller’s own favourites', async () => {
    expect(await (await call('editor', '/api/menu/favorites')).json()).toEqual([]);
    const add = await call('editor', '/api/menu/addfavorite', {
      method: 'POST',
      body: JSON.stringify({ menuId: 17, path: '/page/list' }),
    });
    expect(add.status).toBe(201);
    expect(await (await call('editor', '/api/menu/favorites')).json()).toEqual([
      { menuId: 17, path: '/page/list' },
    ]);
    // Another user's favourites are their own.
    expect(await (await call('viewer', '/api/menu/favorites')).json()).toEqual([]);
    const remove = await call('editor', '/api/menu/removefavorite', {
      method: 'DELETE',
      body: JSON.stringify({ menuId: 17, path: '/page/list' }),
    });
    expect(remove.status).toBe(204);
    expect(await (await call('editor', '/api/menu/favorites')).json()).toEqual([]);
  });

  it('answers 400 naming the field for a bad favourite', async () => {
    const response = await call('editor', '/api/menu/addfavorite', {
      method: 'POST',
      body: JSON.stringify({ menuId: 'x', path: '/page/list' }),
    });
    expect(response.status).toBe(400);
    const body = (await response.json()) as { message: string; errors: Record<string, string> };
    expect(body.message).toContain('menuId');
    expect(Object.keys(body.errors)).toEqual(['menuId']);
  });
});

describe('POST /api/logs', () => {
  it('stores an entry with the caller’s email', async () => {
    const response = await call('viewer', '/api/logs', {
      method: 'POST',
      body: JSON.stringify({
        level: 'warn',
        message: 'denied viewer@bmtools.local',
        url: '/reservation/list',
      }),
    });
    expect(response.status).toBe(204);
    const { rows } = await server.db.query('SELECT level, message, url, user_email FROM client_logs');
    expect(rows).toEqual([
      {
        level: 'warn',
        message: 'denied viewer@bmtools.local',
        url: '/reservation/list',
        user_email: 'viewer@bmtools.local',
      },
    ]);
  });

  it('refuses an oversized or malformed entry', async () => {
    const big = await call('viewer', '/api/logs', {
      method: 'POST',
      body: JSON.stringify({ level: 'error', message: 'x'.repeat(20_000), url: '/' }),
    });
    expect(big.status).toBe(413);
    const bad = await call('viewer', '/api/logs', {
      method: 'POST',
      body: JSON.stringify({ level: 'fatal', message: 'x', url: '/' }),
    });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { message: string }).message).toContain('level');
  });

  it('needs a token', async () => {
    const response = await fetch(`${server.baseUrl}/api/logs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level: 'info', message: 'x', url: '/' }),
    });
    expect(response.status).toBe(401);
  });
});
