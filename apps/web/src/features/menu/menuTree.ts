/** Walking the menu tree: visible items, linked leaves in menu order, and a link's first path segment. */
import type { MenuItem } from '@bm/contracts';

export const isVisible = (item: MenuItem): boolean => item.visible !== false;

/** Visible items that carry a link, depth first in menu order. */
export function linkedItems(items: readonly MenuItem[]): MenuItem[] {
  const found: MenuItem[] = [];
  const walk = (list: readonly MenuItem[]): void => {
    for (const item of list) {
      if (!isVisible(item)) continue;
      if (item.linkTo) found.push(item);
      if (item.submenu) walk(item.submenu);
    }
  };
  walk(items);
  return found;
}

/** Lower-cased first segment of a path or link, ignoring query and hash: '/Page/list?x=1' → 'page'. */
export function firstSegment(path: string): string {
  const clean = path.split(/[?#]/, 1)[0] ?? '';
  return (clean.split('/').find((part) => part !== '') ?? '').toLowerCase();
}
