/**
 * Cuts the stored menu to what a caller may see (entities §6): an item shows only if its right is
 * held, a group only if one of its children shows. Items marked invisible are dropped too.
 */
import type { MenuItem } from '@bm/contracts';
export declare function cutMenu(items: readonly MenuItem[], rights: ReadonlySet<string>): MenuItem[];
