/**
 * The page title rule: the menu entry whose link's first path segment matches
 * the current URL's, else the configured app name.
 */
import type { MenuItem } from '@bm/contracts';
import { firstSegment, linkedItems } from '../menu/menuTree.ts';

export function pageTitle(pathname: string, menu: readonly MenuItem[], appName: string): string {
  const segment = firstSegment(pathname);
  if (!segment) return appName;
  const entry = linkedItems(menu).find((item) => firstSegment(item.linkTo ?? '') === segment);
  return entry?.name ?? appName;
}
