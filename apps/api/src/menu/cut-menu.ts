/**
 * Cuts the stored menu to what a caller may see: an item shows only if its right is
 * held, a group only if one of its children shows. Items marked invisible are dropped too.
 */
import type { MenuItem } from '@bm/contracts';

export function cutMenu(items: readonly MenuItem[], rights: ReadonlySet<string>): MenuItem[] {
  const kept: MenuItem[] = [];
  for (const item of items) {
    if (item.visible === false) continue;
    if (item.submenu && item.submenu.length > 0) {
      const submenu = cutMenu(item.submenu, rights);
      if (submenu.length > 0) kept.push({ ...item, submenu });
    } else if (item.right ? rights.has(item.right) : Boolean(item.linkTo)) {
      kept.push(item);
    }
  }
  return kept;
}
