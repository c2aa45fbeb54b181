/**
 * Cuts the stored menu to what a caller may see: an item shows only if its right is
 * held, a group only if one of its children shows. Items marked invisible are dropped too.
 *
 * The stored content is JSON written by administrators, so it is not trusted to be well formed: an
 * entry that is not a menu item (null, a bare string, a missing name, a wrong type) is left out
 * rather than failing the whole menu, and the caller learns how many were left out so it can log
 * them. A group keeps its well-formed children.
 */
import { type MenuItem, menuItemSchema } from '@bm/contracts';

/** An item's own fields, without its children (checked one by one as the tree is walked). */
const ownFields = (item: object): unknown => {
  const { submenu: _children, ...own } = item as Record<string, unknown>;
  return own;
};

export interface CutMenu {
  items: MenuItem[];
  /** Entries left out because they are not menu items. */
  malformed: number;
}

export function cutMenu(items: unknown, rights: ReadonlySet<string>): CutMenu {
  let malformed = 0;
  const walk = (list: unknown): MenuItem[] => {
    if (!Array.isArray(list)) {
      malformed++;
      return [];
    }
    const kept: MenuItem[] = [];
    for (const raw of list as unknown[]) {
      if (typeof raw !== 'object' || raw === null || !menuItemSchema.safeParse(ownFields(raw)).success) {
        malformed++;
        continue;
      }
      const item = menuItemSchema.parse(ownFields(raw));
      if (item.visible === false) continue;
      const children = (raw as { submenu?: unknown }).submenu;
      if (Array.isArray(children) && children.length > 0) {
        const submenu = walk(children);
        if (submenu.length > 0) kept.push({ ...item, submenu });
      } else if (item.right ? rights.has(item.right) : Boolean(item.linkTo)) {
        kept.push(item);
      }
    }
    return kept;
  };
  const cut = walk(items);
  return { items: cut, malformed };
}
