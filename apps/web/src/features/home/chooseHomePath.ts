/**
 * Where `/` leads once menu, rights and routes have loaded: the stored after-login URL, else the
 * first menu entry with a link and a held right, checked in the order the server publishes
 * (`homeOrder`, first path segments) and then, for entries outside that order, in menu order.
 */
import type { MenuItem } from '@bm/contracts';
import { isInAppPath } from '../../app/auth/afterLoginUrl.ts';
import { firstSegment, linkedItems } from '../menu/menuTree.ts';

export interface HomeChoiceInput {
  menu: readonly MenuItem[];
  rights: ReadonlySet<string>;
  afterLoginUrl: string | null;
  /** First path segments in the order to try them. */
  homeOrder: readonly string[];
}

/** The path to go to, or null when the user may open nothing. */
export function chooseHomePath({ menu, rights, afterLoginUrl, homeOrder }: HomeChoiceInput): string | null {
  if (afterLoginUrl) return afterLoginUrl;
  const order = homeOrder.map((segment) => segment.toLowerCase());
  const rank = (item: MenuItem): number => {
    const index = order.indexOf(firstSegment(item.linkTo ?? ''));
    return index === -1 ? order.length : index;
  };
  const permitted = linkedItems(menu).filter(
    (item) => item.right !== undefined && rights.has(item.right) && isInAppPath(item.linkTo ?? ''),
  );
  // A stable sort keeps menu order among entries of equal rank.
  const [first] = [...permitted].sort((a, b) => rank(a) - rank(b));
  return first?.linkTo ?? null;
}
