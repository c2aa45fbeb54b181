/**
 * Menus over real HTTP: the list counts items, a save of a menu tree is checked against the menu
 * schema, the published pages and the existing rights (each refusal a 400 naming the item), a
 * valid save is what the shell reads next, ids are made unique, favourites of edited items are
 * cleared, the main menu stays, and the rights per role hold.
 */
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiCaller, saveValues, startSignedIn } from '../../test/api-caller.ts';
import type { TestServer } from '../../test/test-server.ts';

let server: TestServer;
let db: pg.Client;
const tokens: Record<string, string> = {};
const call = apiCaller(() => server.baseUrl, tokens);

beforeAll(async () => {
  ({ server, db } = await startSignedIn(tokens));
});
afterAll(async () => {
  await db.end();
});

const API = '/api/menu';
const PAGE_LIST = 'BMTools/Page/List';

const create = (who: string, values: Record<string, unknown>) =>
  call(who, 'POST', API, { storeProcedure: 'bm_menu_save', values: saveValues(values) });

async function newMenu(content: unknown = [{ id: 1, name: 'Menu Name' }]): Promise<number> {
  const { status, body } = await create('admin', { name: 'Menu', content });
  expect(status, JSON.stringify(body)).toBe(201);
  return Number(body.id);
}

async function rowVersion(id: number): Promise<number> {
  const { body } = await call('admin', 'GET', `${API}/${id}`);
  return Number(body.rowVersion);
}

const update = async (who: string, id: number, values: Record<string, unknown>) =>
  call(who, 'PUT', `${API}/${id}`, {
    storeProcedure: 'bm_menu_save',
    values: saveValues({ ...values, rowVersion: await rowVersion(id) }),
  });

describe('the menu list', () => {
  it('lists the stored menus with their number of items', async () => {
    const { status, body } = await call('admin', 'GET', `${API}?pageSize=50`);
    expect(status).toBe(200);
    const main = (body.data as Record<string, unknown>[]).find((r) => r.id === 1);
    expect(main).toMatchObject({ name: 'Main menu' });
    expect(Number(main?.itemCount)).toBeGreaterThan(40);
  });
});

describe('saving a menu tree', () => {
  const refusals: [string, unknown, string][] = [
    [
      'a blank item name',
      [{ id: 1, name: 'Top', submenu: [{ id: 2, name: '  ' }] }],
      'Item 1.1: name is a required field',
    ],
    [
      'an unknown link',
      [{ id: 1, name: 'Nope', linkTo: '/nope' }],
      'Item "Nope": link /nope is not a page of the console',
    ],
    ['a link with a parameter', [{ id: 1, name: 'Edit', linkTo: '/page/edit/:id' }], 'Item "Edit": link'],
    [
      'an unknown right',
      [{ id: 1, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Nope/List' }],
      'Item "Pages": right BMTools/Nope/List does not exist',
    ],
    ['not a list', { id: 1, name: 'x' }, 'The menu must be a list of items'],
    ['an item that is not an object', [{ id: 1, name: 'A' }, 'B'], 'Item 2: is not a menu item'],
    ['a name that is not text', [{ id: 1, name: 5 }], 'Item 1: name must be text'],
    [
      'a submenu that is not a list',
      [{ id: 1, name: 'A', submenu: 'x' }],
      'Item "A": submenu must be a list',
    ],
    [
      'visible that is not a flag',
      [{ id: 1, name: 'A', visible: 'yes' }],
      'Item "A": visible must be true or false',
    ],
    ['an id that is not a number', [{ id: 'x', name: 'A' }], 'Item "A": id must be a whole number'],
    [
      'an unknown field',
      [{ id: 1, name: 'A', colour: 'red' }],
      'Item "A": colour is not a field of a menu item',
    ],
    ['a bad icon name', [{ id: 1, name: 'A', icon: '<svg>' }], 'Item "A": icon <svg> is not an icon name'],
    ['no items', [], 'required field'],
    [
      'nesting too deep',
      [
        {
          name: 'L1',
          submenu: [
            {
              name: 'L2',
              submenu: [
                {
                  name: 'L3',
                  submenu: [{ name: 'L4', submenu: [{ name: 'L5', submenu: [{ name: 'L6' }] }] }],
                },
              ],
            },
          ],
        },
      ],
      'Item "L5": menus nest at most 5 levels deep',
    ],
    [
      'too many items',
      Array.from({ length: 501 }, (_, i) => ({ id: i + 1, name: `Item ${i}` })),
      'The menu has more than 500 items',
    ],
  ];

  it.each(refusals)('refuses %s with 400 naming the item', async (_, content, message) => {
    const id = await newMenu();
    const { status, body } = await update('admin', id, { content });
    expect(status).toBe(400);
    expect(body.errors?.content).toContain(message);
    // A create is checked the same way.
    const created = await create('admin', { name: 'Menu', content });
    expect(created.status).toBe(400);
    expect(created.body.errors?.content).toContain(message);
  });

  it('refuses a blank menu name', async () => {
    const id = await newMenu();
    const { status, body } = await update('admin', id, { name: '   ' });
    expect(status).toBe(400);
    expect(body.errors).toEqual({ name: 'required field' });
  });

  it('stores a valid tree, normalised, and the shell reads it at once', async () => {
    const id = await newMenu();
    const content = [
      {
        id: 7,
        name: ' Content ',
        icon: 'file-text',
        linkTo: '',
        right: '',
        submenu: [
          { id: 7, name: 'Pages', icon: 'file', linkTo: '/page/list', right: PAGE_LIST, visible: true },
          { name: 'Filtered pages', linkTo: '/page/list?name=Home', right: PAGE_LIST, submenu: [] },
          { id: 9, name: 'Hidden', linkTo: '/mongoManagement', right: 'ViewMongo', visible: false },
        ],
      },
    ];
    const saved = await update('admin', id, { name: 'Second menu', content });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);

    const record = await call('admin', 'GET', `${API}/${id}`);
    expect(record.body.name).toBe('Second menu');
    const stored = record.body.content as Record<string, unknown>[];
    expect(stored).toEqual([
      {
        id: 7,
        name: 'Content',
        icon: 'file-text',
        submenu: [
          {
            id: expect.any(Number),
            name: 'Pages',
            icon: 'file',
            linkTo: '/page/list',
            right: PAGE_LIST,
            visible: true,
          },
          {
            id: expect.any(Number),
            name: 'Filtered pages',
            linkTo: '/page/list?name=Home',
            right: PAGE_LIST,
          },
          { id: 9, name: 'Hidden', linkTo: '/mongoManagement', right: 'ViewMongo', visible: false },
        ],
      },
    ]);
    const ids = [7, ...((stored[0]?.submenu ?? []) as { id: number }[]).map((i) => i.id)];
    expect(new Set(ids).size).toBe(4);
    expect(Math.min(...ids.slice(1, 3))).toBeGreaterThan(9);

    const shell = await call('editor', 'GET', `/api/menu/json/${id}`);
    expect(shell.status).toBe(200);
    expect(JSON.parse(String(shell.body.content))).toEqual([
      {
        id: 7,
        name: 'Content',
        icon: 'file-text',
        submenu: [
          expect.objectContaining({ name: 'Pages', linkTo: '/page/list' }),
          expect.objectContaining({ name: 'Filtered pages' }),
        ],
      },
    ]);
    const list = await call('admin', 'GET', `${API}?pageSize=50`);
    const row = (list.body.data as Record<string, unknown>[]).find((r) => r.id === id);
    expect(Number(row?.itemCount)).toBe(4);
  });

  it('refuses a stale edit', async () => {
    const id = await newMenu();
    const version = await rowVersion(id);
    const values = saveValues({ name: 'First', rowVersion: version });
    expect((await call('admin', 'PUT', `${API}/${id}`, { values })).status).toBe(200);
    expect((await call('admin', 'PUT', `${API}/${id}`, { values })).status).toBe(409);
  });

  it("clears the main menu's favourites whose item was edited or removed", async () => {
    const { rows } = await db.query<{
      content: { id: number; submenu?: { id: number; linkTo?: string }[] }[];
    }>('SELECT content FROM menus WHERE id = 1');
    const original = rows[0]?.content ?? [];
    const [first, second] = original[0]?.submenu ?? [];
    if (!first?.linkTo || !second?.linkTo) throw new Error('the main menu has linked entries');
    await db.query(
      `INSERT INTO favorite_menu_entries (user_email, menu_id, path) VALUES
       ('admin@bmtools.local', $1, $2), ('editor@bmtools.local', $3, $4)`,
      [first.id, first.linkTo, second.id, second.linkTo],
    );
    try {
      // The editor gives an edited item no id: the save makes a new one, so its favourite goes.
      const edited = structuredClone(original);
      const group = edited[0] as { submenu: Record<string, unknown>[] };
      group.submenu[1] = { ...group.submenu[1], id: undefined, name: 'Renamed' };
      const { status } = await update('admin', 1, { content: edited });
      expect(status).toBe(200);
      const left = await db.query<{ menu_id: number }>('SELECT menu_id FROM favorite_menu_entries');
      expect(left.rows.map((r) => r.menu_id)).toEqual([first.id]);
    } finally {
      await db.query('DELETE FROM favorite_menu_entries');
      await update('admin', 1, { content: original });
    }
  });
});

describe('rights', () => {
  it('lists right names to those who may edit menus', async () => {
    const { status, body } = await call('editor', 'GET', '/api/menu/rights');
    expect(status).toBe(200);
    expect(body as unknown as string[]).toContain(PAGE_LIST);
    expect((await call('viewer', 'GET', '/api/menu/rights')).status).toBe(403);
    expect((await call('mapper', 'GET', '/api/menu/rights')).status).toBe(403);
  });

  it('holds List, Create, Edit and Delete per role', async () => {
    const id = await newMenu();
    // The editor lists, creates and edits menus, but deletes none.
    expect((await call('editor', 'GET', API)).status).toBe(200);
    expect((await create('editor', { name: 'Editor menu', content: [{ name: 'Menu Name' }] })).status).toBe(
      201,
    );
    expect((await update('editor', id, { name: 'By the editor' })).status).toBe(200);
    expect((await call('editor', 'DELETE', `${API}/${id}`, {})).status).toBe(403);
    // The viewer lists them only; the mapper not even that.
    expect((await call('viewer', 'GET', API)).status).toBe(200);
    expect((await call('viewer', 'GET', `${API}/${id}`)).status).toBe(403);
    expect((await update('viewer', id, { name: 'No' })).status).toBe(403);
    expect((await create('viewer', { name: 'No', content: [{ name: 'No' }] })).status).toBe(403);
    expect((await call('mapper', 'GET', API)).status).toBe(403);
    // The admin deletes; the main menu stays.
    expect((await call('admin', 'DELETE', `${API}/${id}`, {})).status).toBe(200);
    expect((await call('admin', 'GET', `${API}/${id}`)).status).toBe(404);
    const main = await call('admin', 'DELETE', `${API}/1`, {});
    expect(main.status).toBe(409);
    expect(main.body.message).toContain('the console shell');
  });
});
