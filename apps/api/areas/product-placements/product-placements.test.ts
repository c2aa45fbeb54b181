/**
 * Product placement rules over real HTTP: the create answer's id, the form rules and the table's
 * checks, the rights of each role, and an upgrade from a database of the previous version (where
 * the area had no table and no menu entry) that keeps what staff changed in the menu.
 */
import type { MenuItem } from '@bm/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/config.ts';
import { migrateDownTo } from '../../src/db/migrate.ts';
import { type RunningServer, startServer } from '../../src/server.ts';
import { apiCaller } from '../../test/api-caller.ts';
import { signIn } from '../../test/sign-in.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { freePort } from '../../test/test-server.ts';

let database: TestDatabase;
let server: RunningServer & { baseUrl: string };
const tokens: Record<string, string> = {};

async function start(): Promise<RunningServer & { baseUrl: string }> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
  });
  return { ...(await startServer(config, () => {})), baseUrl: `http://localhost:${port}` };
}

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.submenu ? leaves(i.submenu) : [i]));
const without = (items: MenuItem[], link: string): MenuItem[] =>
  items
    .filter((i) => i.linkTo !== link)
    .map((i) => (i.submenu ? { ...i, submenu: without(i.submenu, link) } : i));
const renamed = (items: MenuItem[], link: string, name: string): MenuItem[] =>
  items.map((i) =>
    i.linkTo === link ? { ...i, name } : i.submenu ? { ...i, submenu: renamed(i.submenu, link, name) } : i,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  // The previous version: its migrations undone (no table, no generated SQL), a menu that never
  // had the entry, and a menu item staff renamed.
  await migrateDownTo(database.url, '1700000009600_product-placements');
  const { db } = database;
  const gone = await db.query(
    "SELECT to_regclass('product_placements') AS t, to_regclass('v_product_placements') AS v",
  );
  expect(gone.rows).toEqual([{ t: null, v: null }]);
  await db.query("DELETE FROM menu_catalog_entries WHERE entry_key = 'link:/productplacement/list'");
  const { rows } = await db.query<{ content: MenuItem[] }>('SELECT content FROM menus WHERE id = 1');
  const previous = renamed(
    without(rows[0]?.content ?? [], '/productplacement/list'),
    '/page/list',
    'Web pages',
  );
  await db.query('UPDATE menus SET content = $1 WHERE id = 1', [JSON.stringify(previous)]);

  server = await start();
  // The price-watch catalogue went with the undone migrations: the country and the supplier the
  // rules pick (their form picks them from it, and the save accepts only its values).
  await db.query(
    `INSERT INTO pricewatch_locations (location_type_id, name, code)
     VALUES (2, 'Portugal', 'PT'), (2, 'Spain', 'ES')`,
  );
  await db.query("INSERT INTO pricewatch_suppliers (name, code) VALUES ('Hertz', 'ZE'), ('Avis', 'ZI')");
  for (const name of ['admin', 'editor', 'viewer']) {
    tokens[name] = (await signIn(server.baseUrl, `${name}@bmtools.local`, name)).accessToken;
  }
});
afterAll(async () => {
  await server?.close();
});

const call = apiCaller(() => server.baseUrl, tokens);

const rule = (fields: Record<string, unknown> = {}) =>
  Object.entries({
    name: 'Hertz compact featured in Portugal',
    placement: 'featured',
    countryCode: 'PT',
    supplier: 'Hertz',
    carClass: 'Compact',
    position: 3,
    isActive: true,
    validFrom: '2026-06-01',
    validTo: '2026-09-30',
    ...fields,
  }).map(([mapkey, value]) => ({ mapkey, value }));

describe('upgrading a database of the previous version', () => {
  it('creates the table, offers the new area in the menu and keeps the item staff renamed', async () => {
    const response = await call('admin', 'GET', '/api/menu/json/1');
    const menu = JSON.parse(response.body.content as string) as MenuItem[];
    const entry = leaves(menu).filter((l) => l.linkTo === '/productplacement/list');
    expect(entry).toEqual([
      expect.objectContaining({ name: 'Product placement rules', right: 'BMTools/ProductPlacement/List' }),
    ]);
    expect(leaves(menu).find((l) => l.linkTo === '/page/list')?.name).toBe('Web pages');
    const list = await call('admin', 'GET', '/api/productplacements');
    expect(list.status).toBe(200);
    expect(list.body.data).toEqual([]);
  });
});

describe('product placement rules', () => {
  it('answers a create with the new id, which the edit page then reads', async () => {
    const created = await call('editor', 'POST', '/api/productplacements', { values: rule() });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({ isSuccess: true, message: 'Rule created' });
    const stored = await call('editor', 'GET', `/api/productplacements/${created.body.id}`);
    expect(stored.body).toMatchObject({
      id: created.body.id,
      countryCode: 'PT',
      position: 3,
      validFrom: '2026-06-01',
      rowVersion: 1,
    });
  });

  it('refers to the price-watch country and supplier it names: their ids in the record and the list', async () => {
    const created = await call('editor', 'POST', '/api/productplacements', {
      values: rule({ name: 'Avis in Spain', countryCode: 'ES', supplier: 'Avis' }),
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const { rows } = await database.db.query<{ country: number; supplier: number }>(
      `SELECT (SELECT id FROM pricewatch_locations WHERE code = 'ES') AS country,
              (SELECT id FROM pricewatch_suppliers WHERE name = 'Avis') AS supplier`,
    );
    const ids = { countryId: rows[0]?.country, supplierId: rows[0]?.supplier };
    const stored = await call('editor', 'GET', `/api/productplacements/${created.body.id}`);
    expect(stored.body).toMatchObject({ countryCode: 'ES', supplier: 'Avis', ...ids });
    const filters = encodeURIComponent(
      JSON.stringify({ operation: 'eq', name: 'supplierId', type: 'number', value: ids.supplierId }),
    );
    const listed = await call('editor', 'GET', `/api/productplacements?filters=${filters}`);
    expect(listed.body.data).toEqual([expect.objectContaining({ id: created.body.id, ...ids })]);
  });

  it('refuses a bad country, position or date range with the field named, and writes nothing', async () => {
    const count = async () => (await call('admin', 'GET', '/api/productplacements?pageSize=1000')).body.data;
    const before = await count();
    const cases: [Record<string, unknown>, string][] = [
      [{ countryCode: 'es' }, 'countryCode'],
      // Two capitals, but no price-watch country; a supplier the price-watch does not know.
      [{ countryCode: 'XX' }, 'countryCode'],
      [{ supplier: 'Nobody Rentals' }, 'supplier'],
      [{ position: 0 }, 'position'],
      [{ position: 51 }, 'position'],
      [{ validFrom: '2026-10-01', validTo: '2026-09-01' }, 'validTo'],
      [{ supplier: '   ' }, 'supplier'],
    ];
    for (const [fields, field] of cases) {
      const response = await call('admin', 'POST', '/api/productplacements', { values: rule(fields) });
      expect(response.status, JSON.stringify(fields)).toBe(400);
      expect(Object.keys(response.body.errors ?? {}), JSON.stringify(response.body)).toContain(field);
    }
    expect(await count()).toEqual(before);
  });

  it('gives the editor create and edit but not delete, and the viewer only reading', async () => {
    const created = await call('editor', 'POST', '/api/productplacements', {
      values: rule({ name: 'Editor rule' }),
    });
    expect(created.status).toBe(201);
    expect((await call('editor', 'DELETE', `/api/productplacements/${created.body.id}`)).status).toBe(403);
    expect((await call('viewer', 'GET', `/api/productplacements/${created.body.id}`)).status).toBe(200);
    expect((await call('viewer', 'POST', '/api/productplacements', { values: rule() })).status).toBe(403);
    expect((await call('admin', 'DELETE', `/api/productplacements/${created.body.id}`)).status).toBe(200);
  });
});
