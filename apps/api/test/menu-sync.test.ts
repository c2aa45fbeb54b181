/**
 * Menu sync at start (docs/adr/0009-menu-sync.md): a database whose menu staff edited, from an
 * earlier version, started with this one, over real HTTP against real servers.
 */
import type { MenuItem } from '@bm/contracts';
import { beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { migrateDownTo } from '../src/db/migrate.ts';
import { type RunningServer, startServer } from '../src/server.ts';
import { signIn } from './sign-in.ts';
import { createTestDatabase, type TestDatabase } from './test-database.ts';
import { freePort } from './test-server.ts';

let database: TestDatabase;
beforeEach(async () => {
  database = await createTestDatabase();
});

interface Started extends RunningServer {
  baseUrl: string;
}

async function start(): Promise<Started> {
  const port = await freePort();
  const config = loadConfig({
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: database.url,
    LOG_LEVEL: 'silent',
  });
  // The built-in provider's registered redirect is on localhost.
  return { ...(await startServer(config, () => {})), baseUrl: `http://localhost:${port}` };
}

async function storedMenu(): Promise<{ content: MenuItem[]; updatedAt: Date }> {
  const { rows } = await database.db.query<{ content: MenuItem[]; updated_at: Date }>(
    'SELECT content, updated_at FROM menus WHERE id = 1',
  );
  const row = rows[0];
  if (!row) throw new Error('no main menu');
  return { content: row.content, updatedAt: row.updated_at };
}

async function storeMenu(content: MenuItem[]): Promise<void> {
  await database.db.query('UPDATE menus SET content = $1 WHERE id = 1', [JSON.stringify(content)]);
}

/** The admin's menu over HTTP, as the SPA loads it. */
async function adminMenu(server: Started): Promise<MenuItem[]> {
  const { accessToken } = await signIn(server.baseUrl, 'admin@bmtools.local', 'admin');
  const response = await fetch(`${server.baseUrl}/api/menu/json/1`, {
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(response.status).toBe(200);
  return JSON.parse(((await response.json()) as { content: string }).content) as MenuItem[];
}

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.submenu ? leaves(i.submenu) : [i]));
const byLink = (items: readonly MenuItem[], linkTo: string): MenuItem[] =>
  leaves(items).filter((l) => l.linkTo === linkTo);
const groupOf = (items: readonly MenuItem[], name: string): MenuItem[] =>
  items.find((g) => g.name === name)?.submenu ?? [];

/** Staff's edits: Pages renamed, Chargebacks deleted, Exports hidden. */
function staffEdits(content: MenuItem[]): MenuItem[] {
  const edit = (items: MenuItem[]): MenuItem[] =>
    items
      .filter((i) => i.linkTo !== '/chargeback/list')
      .map((i) => {
        if (i.linkTo === '/page/list') return { ...i, name: 'Web pages' };
        if (i.linkTo === '/export/list') return { ...i, visible: false };
        return i.submenu ? { ...i, submenu: edit(i.submenu) } : i;
      });
  return edit(content);
}

function expectStaffEditsKept(content: MenuItem[], served: MenuItem[]): void {
  expect(byLink(content, '/page/list').map((l) => l.name)).toEqual(['Web pages']);
  expect(byLink(served, '/page/list').map((l) => l.name)).toEqual(['Web pages']);
  expect(byLink(content, '/chargeback/list')).toEqual([]);
  expect(byLink(served, '/chargeback/list')).toEqual([]);
  expect(byLink(content, '/export/list').map((l) => l.visible)).toEqual([false]);
  expect(byLink(served, '/export/list')).toEqual([]);
}

describe('starting a version whose catalogue gained an area', () => {
  it('adds the new area once, in its group and place, and keeps what staff changed', async () => {
    // The previous version had no Reviews area: its menu never had the entry, nor its record.
    const { content: seeded } = await storedMenu();
    const withoutReviews = (items: MenuItem[]): MenuItem[] =>
      items
        .filter((i) => i.linkTo !== '/review/list')
        .map((i) => (i.submenu ? { ...i, submenu: withoutReviews(i.submenu) } : i));
    await storeMenu(staffEdits(withoutReviews(seeded)));
    await database.db.query(
      "DELETE FROM menu_catalog_entries WHERE menu_id = 1 AND entry_key = 'link:/review/list'",
    );
    const { content: previous } = await storedMenu();
    expect(byLink(previous, '/review/list')).toEqual([]);

    // Two instances of the new version start at once on that database.
    const servers: Started[] = await Promise.all([start(), start()]);
    try {
      const { content, updatedAt } = await storedMenu();
      const served = await adminMenu(servers[1] as Started);
      const reviews = byLink(served, '/review/list');
      expect(reviews).toHaveLength(1);
      expect(reviews[0]).toMatchObject({ name: 'Reviews', right: 'BMTools/Review/List', visible: true });
      // In its catalogue group, right after its catalogue predecessor.
      const content_ = groupOf(served, 'Content').map((l) => l.linkTo);
      expect(
        content_.slice(
          content_.indexOf('/locationkeyword/list'),
          content_.indexOf('/locationkeyword/list') + 2,
        ),
      ).toEqual(['/locationkeyword/list', '/review/list']);
      // A fresh id: no other item of the menu has it.
      const ids = [...JSON.stringify(content).matchAll(/"id":(\d+)/g)].map((m) => m[1]);
      expect(new Set(ids).size).toBe(ids.length);
      expectStaffEditsKept(content, served);
      // Only the new entry changed.
      const withoutNew = (items: MenuItem[]): MenuItem[] =>
        items
          .filter((i) => i.linkTo !== '/review/list')
          .map((i) => (i.submenu ? { ...i, submenu: withoutNew(i.submenu) } : i));
      expect(withoutNew(content)).toEqual(previous);
      const { rows } = await database.db.query(
        "SELECT 1 FROM menu_catalog_entries WHERE menu_id = 1 AND entry_key = 'link:/review/list'",
      );
      expect(rows).toHaveLength(1);

      // A second start changes nothing.
      await Promise.all(servers.map((s) => s.close()));
      servers.length = 0;
      servers.push(await start());
      const again = await storedMenu();
      expect(again.content).toEqual(content);
      expect(again.updatedAt).toEqual(updatedAt);

      // Staff delete the new entry: it stays deleted at the next start.
      await storeMenu(withoutNew(content));
      await Promise.all(servers.map((s) => s.close()));
      servers.length = 0;
      servers.push(await start());
      expect(byLink(await adminMenu(servers[0] as Started), '/review/list')).toEqual([]);
    } finally {
      await Promise.all(servers.map((s) => s.close()));
    }
  });

  it('creates the group of a new area when staff removed that group', async () => {
    const { content: seeded } = await storedMenu();
    await storeMenu(seeded.filter((g) => g.name !== 'Tools'));
    await database.db.query(
      "DELETE FROM menu_catalog_entries WHERE menu_id = 1 AND entry_key = 'link:/roadmapManagement'",
    );
    const server = await start();
    try {
      const served = await adminMenu(server);
      expect(served.map((g) => g.name)).toEqual([
        'Price-watch',
        'Merchant',
        'Content',
        'Reservations & payments',
        'Exception management',
        'Tools',
        'Administration',
      ]);
      // Only the new area: the tools staff removed with the group stay removed.
      expect(groupOf(served, 'Tools').map((l) => l.linkTo)).toEqual(['/roadmapManagement']);
    } finally {
      await server.close();
    }
  });
});

describe('a stored menu that is not a menu tree', () => {
  it('is left as it is and does not stop the start; once mended it gets the new entries', async () => {
    const broken = [{ id: 1, name: 'Mine', submenu: [null, { id: 2, linkTo: '/x' }] }];
    await database.db.query('UPDATE menus SET content = $1 WHERE id = 1', [JSON.stringify(broken)]);
    await database.db.query(
      "DELETE FROM menu_catalog_entries WHERE menu_id = 1 AND entry_key = 'link:/review/list'",
    );
    const first = await start();
    await first.close();
    const { rows } = await database.db.query<{ content: unknown }>('SELECT content FROM menus WHERE id = 1');
    expect(rows[0]?.content).toEqual(broken);

    await storeMenu([{ id: 1, name: 'Mine', submenu: [{ id: 2, name: 'X', linkTo: '/x' }] }]);
    const second = await start();
    try {
      const served = await adminMenu(second);
      expect(served.map((g) => g.name)).toEqual(['Mine', 'Content']);
      expect(groupOf(served, 'Content').map((l) => l.linkTo)).toEqual(['/review/list']);
    } finally {
      await second.close();
    }
  });
});

describe('upgrading a database from before the menu sync', () => {
  it('keeps the entries staff deleted or renamed, and changes nothing after', async () => {
    // The version before had no record of offered entries: undo the migrations from that one on.
    await migrateDownTo(database.url, '1700000009400_menu-catalog-entries');
    const { content: seeded } = await storedMenu();
    await storeMenu(staffEdits(seeded));
    const { content: previous, updatedAt } = await storedMenu();

    const server = await start();
    try {
      const { content, updatedAt: after } = await storedMenu();
      expect(content).toEqual(previous);
      expect(after).toEqual(updatedAt);
      expectStaffEditsKept(content, await adminMenu(server));
      const { rows } = await database.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM menu_catalog_entries WHERE menu_id = 1 AND entry_key = 'link:/chargeback/list'",
      );
      expect(rows[0]?.n).toBe(1);
    } finally {
      await server.close();
    }
  });
});
