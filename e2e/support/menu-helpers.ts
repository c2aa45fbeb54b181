/** The menu editor's tree and the stored menus, for the menu editor specs. */
import type { Locator, Page } from '@playwright/test';
import { query } from './db.ts';

export interface Item {
  id: number;
  name: string;
  linkTo?: string;
  submenu?: Item[];
}

const tree = (page: Page): Locator => page.getByRole('tree', { name: 'Items' });
export const item = (page: Page, name: string): Locator =>
  tree(page).getByRole('treeitem', { name, exact: true });
export const itemButton = (page: Page, name: string): Locator =>
  page.getByRole('toolbar', { name: 'Menu items' }).getByRole('button', { name, exact: true });
export const itemName = (page: Page): Locator => page.getByRole('textbox', { name: 'Item name' });

/** The stored tree as names only: `Name` or `Name(child, child)`. */
export const outline = (items: readonly Item[]): string =>
  items.map((i) => (i.submenu?.length ? `${i.name}(${outline(i.submenu)})` : i.name)).join(', ');

export async function storedMenu(id: number): Promise<{ name: string; content: Item[] }> {
  const [row] = await query<{ name: string; content: Item[] }>(
    'SELECT name, content FROM menus WHERE id = $1',
    [id],
  );
  if (!row) throw new Error(`menu ${id} is not stored`);
  return row;
}
