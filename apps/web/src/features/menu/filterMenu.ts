/**
 * Menu search: keeps items whose name contains the query, case-insensitively,
 * with the groups that lead to them, and names the groups to open so every match shows.
 */
import type { MenuItem } from '@bm/contracts';
import { isVisible } from './menuTree.ts';

export interface FilteredMenu {
  items: MenuItem[];
  /** Groups holding a match, to be shown open. */
  openIds: ReadonlySet<number>;
}

function visibleTree(items: readonly MenuItem[]): MenuItem[] {
  return items
    .filter(isVisible)
    .map((item) => (item.submenu ? { ...item, submenu: visibleTree(item.submenu) } : item));
}

export function filterMenu(items: readonly MenuItem[], query: string): FilteredMenu {
  const needle = query.trim().toLowerCase();
  if (!needle) return { items: visibleTree(items), openIds: new Set() };
  const openIds = new Set<number>();

  const walk = (list: readonly MenuItem[]): MenuItem[] =>
    list.filter(isVisible).flatMap((item): MenuItem[] => {
      const children = item.submenu ? walk(item.submenu) : [];
      if (children.length > 0) {
        openIds.add(item.id);
        return [{ ...item, submenu: children }];
      }
      if (!item.name.toLowerCase().includes(needle)) return [];
      // A matching group keeps its whole subtree, closed: its children did not match themselves.
      return [item.submenu ? { ...item, submenu: visibleTree(item.submenu) } : item];
    });

  return { items: walk(items), openIds };
}
