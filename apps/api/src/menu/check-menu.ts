/**
 * The server's check of a menu tree the editor saves (a `menutree` form field): the menu schema of
 * `@bm/contracts` (id, name, icon, linkTo, right, visible, submenu; nothing else), within
 * MENU_LIMITS, every link a page the console publishes (`GET /api/app-routes` patterns without
 * parameters, tool paths included) and every right one that exists. The first problem found is
 * the answer, naming the item: its name when it has one, else its position (`Item 2.1`).
 *
 * What passes is normalised as it is stored: texts trimmed, blank fields and empty submenus left
 * out, and each item a unique positive id: a missing or repeated id gets a fresh one, above every
 * id in the tree and every id a favourite names (favourites of the main menu name items by id, so
 * an id is never given to an item a favourite meant).
 */

import { MENU_ITEM_KEYS, MENU_LIMITS, type MenuItem } from '@bm/contracts';
import { deriveAppRoutes } from '../../catalog/app-routes.ts';
import type { Queryable } from '../db/pool.ts';

export interface MenuKnowledge {
  /** Paths of the console's pages a menu may link to. */
  links: ReadonlySet<string>;
  rights: ReadonlySet<string>;
  /** The lowest id a new item may take (above every id a favourite names). */
  minNextId: number;
}

export type MenuCheck = { ok: true; value: MenuItem[] } | { ok: false; message: string };

const ICON = /^[a-z0-9-]{1,50}$/;
const KEYS = new Set<string>(MENU_ITEM_KEYS);

/** The pages a menu may link to: every published route without `:params`. */
const menuLinks = (): Set<string> =>
  new Set(
    deriveAppRoutes()
      .routes.map((r) => r.pattern)
      .filter((p) => !p.includes(':')),
  );

export async function loadMenuKnowledge(db: Queryable): Promise<MenuKnowledge> {
  const rights = await db.query<{ name: string }>('SELECT name FROM rights');
  const favourites = await db.query<{ max: number | null }>(
    'SELECT max(menu_id) AS max FROM favorite_menu_entries',
  );
  return {
    links: menuLinks(),
    rights: new Set(rights.rows.map((r) => r.name)),
    minNextId: (favourites.rows[0]?.max ?? 0) + 1,
  };
}

class MenuProblem extends Error {}

/** A link's page: without its query string or fragment. */
const pathOf = (link: string): string => link.split(/[?#]/, 1)[0] ?? '';

export function checkMenuTree(value: unknown, known: MenuKnowledge): MenuCheck {
  let tree: unknown = value;
  if (typeof tree === 'string') {
    try {
      tree = JSON.parse(tree);
    } catch {
      return { ok: false, message: 'The menu is not JSON' };
    }
  }
  if (!Array.isArray(tree)) return { ok: false, message: 'The menu must be a list of items' };
  if (tree.length === 0) return { ok: false, message: 'The menu needs at least one item' };

  let count = 0;
  const seen = new Set<number>();
  let maxId = 0;
  /** Items whose id is missing or repeated, given fresh ids once the whole tree is read. */
  const fresh: MenuItem[] = [];

  const text = (
    raw: Record<string, unknown>,
    key: string,
    label: string,
    max: number,
  ): string | undefined => {
    const v = raw[key];
    if (v === undefined || v === null) return undefined;
    if (typeof v !== 'string') throw new MenuProblem(`${label}: ${key} must be text`);
    const trimmed = v.trim();
    if (trimmed.length > max) throw new MenuProblem(`${label}: ${key} is longer than ${max} characters`);
    if (trimmed.includes('\u0000')) throw new MenuProblem(`${label}: ${key} is not acceptable text`);
    return trimmed === '' ? undefined : trimmed;
  };

  const walk = (list: unknown[], depth: number, prefix: string): MenuItem[] =>
    list.map((raw, index) => {
      const position = `${prefix}${index + 1}`;
      count++;
      if (count > MENU_LIMITS.items) {
        throw new MenuProblem(`The menu has more than ${MENU_LIMITS.items} items`);
      }
      if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) {
        throw new MenuProblem(`Item ${position}: is not a menu item`);
      }
      const entry = raw as Record<string, unknown>;
      const rawName = typeof entry.name === 'string' ? entry.name.trim() : '';
      const label = rawName ? `Item "${rawName.slice(0, MENU_LIMITS.name)}"` : `Item ${position}`;
      for (const key of Object.keys(entry)) {
        if (!KEYS.has(key))
          throw new MenuProblem(`${label}: ${key.slice(0, 50)} is not a field of a menu item`);
      }
      const name = text(entry, 'name', label, MENU_LIMITS.name);
      if (!name) throw new MenuProblem(`${label}: name is a required field`);
      const item: MenuItem = { id: 0, name };

      const icon = text(entry, 'icon', label, 50);
      if (icon !== undefined) {
        if (!ICON.test(icon)) throw new MenuProblem(`${label}: icon ${icon} is not an icon name`);
        item.icon = icon;
      }
      const linkTo = text(entry, 'linkTo', label, MENU_LIMITS.text);
      if (linkTo !== undefined) {
        if (!known.links.has(pathOf(linkTo))) {
          throw new MenuProblem(`${label}: link ${linkTo} is not a page of the console`);
        }
        item.linkTo = linkTo;
      }
      const right = text(entry, 'right', label, MENU_LIMITS.text);
      if (right !== undefined) {
        if (!known.rights.has(right)) throw new MenuProblem(`${label}: right ${right} does not exist`);
        item.right = right;
      }
      if (entry.visible !== undefined && entry.visible !== null) {
        if (typeof entry.visible !== 'boolean')
          throw new MenuProblem(`${label}: visible must be true or false`);
        item.visible = entry.visible;
      }
      // The first item in tree order keeps an id; a later one with the same id gets a fresh one.
      const id = entry.id;
      if (id !== undefined && id !== null && !(typeof id === 'number' && Number.isSafeInteger(id))) {
        throw new MenuProblem(`${label}: id must be a whole number`);
      }
      if (typeof id === 'number' && id > 0 && id <= 2_147_483_647 && !seen.has(id)) {
        seen.add(id);
        maxId = Math.max(maxId, id);
        item.id = id;
      } else {
        fresh.push(item);
      }
      if (entry.submenu !== undefined && entry.submenu !== null) {
        if (!Array.isArray(entry.submenu)) throw new MenuProblem(`${label}: submenu must be a list of items`);
        if (entry.submenu.length > 0) {
          if (depth >= MENU_LIMITS.depth) {
            throw new MenuProblem(`${label}: menus nest at most ${MENU_LIMITS.depth} levels deep`);
          }
          item.submenu = walk(entry.submenu, depth + 1, `${position}.`);
        }
      }

      return item;
    });

  try {
    const items = walk(tree, 1, '');
    let next = Math.max(maxId + 1, known.minNextId);
    for (const item of fresh) item.id = next++;
    return { ok: true, value: items };
  } catch (error) {
    if (error instanceof MenuProblem) return { ok: false, message: error.message };
    throw error;
  }
}
