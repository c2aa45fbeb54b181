/**
 * Where `/` leads once menu, rights, routes and dashboards have loaded: the stored after-login URL;
 * else the page the user last visited, if it still opens for them; else the first dashboard that
 * shows them anything (docs/adr/0029-dashboards.md); else the first menu entry with a link, a held
 * right and a screen that opens (never a tool without an address or a screen without its default
 * preset), checked in the order the server publishes (`homeOrder`, first path segments) and then, for
 * entries outside that order, in menu order.
 */
import type { MenuItem } from '@bm/contracts';
import { isInAppPath } from '../../app/auth/afterLoginUrl.ts';
import type { ScreenState } from '../access/screenAvailability.ts';
import { firstSegment, linkedItems } from '../menu/menuTree.ts';

export interface HomeChoiceInput {
  menu: readonly MenuItem[];
  rights: ReadonlySet<string>;
  afterLoginUrl: string | null;
  /** The in-app address the user last had open, from an earlier visit. */
  lastVisited: string | null;
  /** First path segments in the order to try them. */
  homeOrder: readonly string[];
  /** Whether a link's screen opens for the user. */
  screenOf: (link: string) => ScreenState;
  /** The first dashboard with a panel the user may see (its path), if any. */
  firstDashboard?: string | null | undefined;
}

/** The path to go to, or null when the user may open nothing. */
export function chooseHomePath({
  menu,
  rights,
  afterLoginUrl,
  lastVisited,
  homeOrder,
  screenOf,
  firstDashboard,
}: HomeChoiceInput): string | null {
  if (afterLoginUrl) return afterLoginUrl;
  if (lastVisited && isInAppPath(lastVisited) && screenOf(lastVisited) === 'open') return lastVisited;
  if (firstDashboard) return firstDashboard;
  const order = homeOrder.map((segment) => segment.toLowerCase());
  const rank = (item: MenuItem): number => {
    const index = order.indexOf(firstSegment(item.linkTo ?? ''));
    return index === -1 ? order.length : index;
  };
  const permitted = linkedItems(menu).filter((item) => {
    const link = item.linkTo ?? '';
    if (item.right === undefined || !rights.has(item.right) || !isInAppPath(link)) return false;
    const state = screenOf(link);
    return state === 'open' || state === 'unknown';
  });
  // A stable sort keeps menu order among entries of equal rank.
  const [first] = [...permitted].sort((a, b) => rank(a) - rank(b));
  return first?.linkTo ?? null;
}
