/**
 * Menu sync (docs/adr/0009-menu-sync.md): brings catalogue menu entries that a stored menu has never
 * been offered into it, once, and leaves everything staff changed alone.
 *
 * Each catalogue entry has a stable key: `link:<linkTo>` for an area's entry, `group:<name>` for a
 * menu group. `menu_catalog_entries` records which keys a menu has been offered. A key that is
 * recorded is never offered again, so an entry staff deleted stays deleted, and one they renamed,
 * moved, re-iconed or hid keeps their change. A key that is not recorded is added (unless an entry
 * with its link is already in the menu) and then recorded.
 */
import { type MenuItem, menuItemSchema } from '@bm/contracts';
import type pg from 'pg';
import { z } from 'zod';

const storedMenuSchema = z.array(menuItemSchema);

const groupKey = (name: string): string => `group:${name}`;
const linkKey = (linkTo: string): string => `link:${linkTo}`;

/** Every key of a catalogue menu (top-level groups of linked entries): its groups and entries. */
export function catalogueKeys(catalogue: readonly MenuItem[]): string[] {
  const keys: string[] = [];
  for (const group of catalogue) {
    keys.push(groupKey(group.name));
    for (const entry of group.submenu ?? []) if (entry.linkTo) keys.push(linkKey(entry.linkTo));
  }
  return keys;
}

export interface MenuMerge {
  /** The stored menu with the new entries added; the same content when nothing was added. */
  content: MenuItem[];
  /** Keys of the entries and groups this merge put into the menu. */
  added: string[];
  /** Catalogue keys not yet recorded as offered: all of them are recorded after the merge. */
  offeredNow: string[];
}

interface Place {
  list: MenuItem[];
  index: number;
}

function findByLink(items: MenuItem[], linkTo: string): Place | undefined {
  for (let index = 0; index < items.length; index++) {
    const item = items[index] as MenuItem;
    if (item.linkTo === linkTo) return { list: items, index };
    if (item.submenu) {
      const found = findByLink(item.submenu, linkTo);
      if (found) return found;
    }
  }
  return undefined;
}

function maxId(items: readonly MenuItem[]): number {
  let max = 0;
  for (const item of items) {
    max = Math.max(max, Number.isInteger(item.id) ? item.id : 0);
    if (item.submenu) max = Math.max(max, maxId(item.submenu));
  }
  return max;
}

/**
 * Where a catalogue group lives in the stored menu: the top-level item holding one of the group's
 * links (staff may have renamed it), else a top-level group of the same name.
 */
function locateGroup(menu: MenuItem[], group: MenuItem): number {
  const links = (group.submenu ?? []).flatMap((e) => (e.linkTo ? [e.linkTo] : []));
  const holding = menu.findIndex((top) => links.some((link) => top.submenu && findByLink(top.submenu, link)));
  if (holding >= 0) return holding;
  return menu.findIndex((top) => !top.linkTo && top.name === group.name);
}

/**
 * Merges a catalogue menu into a stored one. Pure: `stored` is not changed.
 *
 * - An entry whose key is recorded in `offered` is skipped, present or not.
 * - An entry whose link is already somewhere in the menu is only recorded.
 * - A new entry goes right after its nearest preceding catalogue sibling that is in the menu
 *   (wherever staff moved it), else right before its nearest following one, else at the end of its
 *   group. A group staff removed or never had is created, at the catalogue's position among the
 *   top-level items, holding only the new entries.
 * - New items get ids above every id in use (`minNextId` too, so ids of deleted items that
 *   favourites still name are not reused), are visible, and carry the catalogue's name, icon and right.
 */
export function mergeMenu(
  stored: readonly MenuItem[],
  catalogue: readonly MenuItem[],
  offered: ReadonlySet<string>,
  minNextId = 1,
): MenuMerge {
  const content = structuredClone(stored) as MenuItem[];
  const added: string[] = [];
  let nextId = Math.max(maxId(content) + 1, minNextId);
  const newItem = (from: MenuItem): MenuItem => {
    const item: MenuItem = { id: nextId++, name: from.name };
    if (from.icon !== undefined) item.icon = from.icon;
    if (from.linkTo !== undefined) item.linkTo = from.linkTo;
    if (from.right !== undefined) item.right = from.right;
    item.visible = true;
    return item;
  };

  /** The top-level index of catalogue group `gi`, created at the catalogue's position if missing. */
  const groupIndex = (gi: number): number => {
    const group = catalogue[gi] as MenuItem;
    const found = locateGroup(content, group);
    if (found >= 0) return found;
    let at = content.length;
    for (let before = gi - 1; before >= 0; before--) {
      const index = locateGroup(content, catalogue[before] as MenuItem);
      if (index >= 0) {
        at = index + 1;
        break;
      }
    }
    if (at === content.length) {
      for (let after = gi + 1; after < catalogue.length; after++) {
        const index = locateGroup(content, catalogue[after] as MenuItem);
        if (index >= 0) {
          at = index;
          break;
        }
      }
    }
    content.splice(at, 0, { ...newItem(group), submenu: [] });
    added.push(groupKey(group.name));
    return at;
  };

  for (let gi = 0; gi < catalogue.length; gi++) {
    const entries = catalogue[gi]?.submenu ?? [];
    for (let ei = 0; ei < entries.length; ei++) {
      const entry = entries[ei] as MenuItem;
      if (!entry.linkTo || offered.has(linkKey(entry.linkTo)) || findByLink(content, entry.linkTo)) continue;
      let place: Place | undefined;
      for (let before = ei - 1; before >= 0 && !place; before--) {
        const sibling = entries[before]?.linkTo;
        const found = sibling ? findByLink(content, sibling) : undefined;
        if (found) place = { list: found.list, index: found.index + 1 };
      }
      for (let after = ei + 1; after < entries.length && !place; after++) {
        const sibling = entries[after]?.linkTo;
        const found = sibling ? findByLink(content, sibling) : undefined;
        if (found) place = found;
      }
      if (!place) {
        const top = content[groupIndex(gi)] as MenuItem;
        top.submenu ??= [];
        place = { list: top.submenu, index: top.submenu.length };
      }
      place.list.splice(place.index, 0, newItem(entry));
      added.push(linkKey(entry.linkTo));
    }
  }

  const offeredNow = catalogueKeys(catalogue).filter((key) => !offered.has(key));
  return { content, added, offeredNow };
}

/**
 * Syncs one stored menu with the catalogue, inside the caller's transaction (which also holds the
 * catalogue sync's advisory lock, so instances starting together run this one after the other).
 * A menu that does not exist yet is created from the catalogue. Writes the menu row only when an
 * entry was added, so a start with nothing new leaves the menu untouched. A stored menu that is not
 * a menu tree (written around the editor) is left as it is and offered nothing, rather than failing
 * the start: its entries are offered once it is mended.
 */
export async function syncMenu(
  client: pg.PoolClient,
  menu: { id: number; name: string },
  catalogue: readonly MenuItem[],
): Promise<MenuMerge> {
  const { rows } = await client.query<{ content: MenuItem[] }>(
    'SELECT content FROM menus WHERE id = $1 FOR UPDATE',
    [menu.id],
  );
  let merge: MenuMerge;
  if (rows[0] && !storedMenuSchema.safeParse(rows[0].content).success) {
    return { content: rows[0].content, added: [], offeredNow: [] };
  }
  if (rows[0]) {
    const recorded = await client.query<{ key: string }>(
      'SELECT entry_key AS key FROM menu_catalog_entries WHERE menu_id = $1',
      [menu.id],
    );
    const favourites = await client.query<{ max: number | null }>(
      'SELECT max(menu_id) AS max FROM favorite_menu_entries',
    );
    merge = mergeMenu(
      rows[0].content,
      catalogue,
      new Set(recorded.rows.map((r) => r.key)),
      (favourites.rows[0]?.max ?? 0) + 1,
    );
    if (merge.added.length > 0) {
      await client.query('UPDATE menus SET content = $2, updated_at = now() WHERE id = $1', [
        menu.id,
        JSON.stringify(merge.content),
      ]);
    }
  } else {
    await client.query('INSERT INTO menus (id, name, content) VALUES ($1, $2, $3)', [
      menu.id,
      menu.name,
      JSON.stringify(catalogue),
    ]);
    const keys = catalogueKeys(catalogue);
    merge = { content: [...catalogue], added: keys, offeredNow: keys };
  }
  await client.query(
    `INSERT INTO menu_catalog_entries (menu_id, entry_key) SELECT $1, unnest($2::text[])
     ON CONFLICT (menu_id, entry_key) DO NOTHING`,
    [menu.id, merge.offeredNow],
  );
  return merge;
}
