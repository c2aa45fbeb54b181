/**
 * Where `/` leads once menu and rights have loaded: the stored
 * after-login URL, else the first menu entry with a link and a held right, checked in a fixed order
 * (tools, then content areas, price-watch and merchant lists, menus) and then in menu order.
 */
import type { MenuItem } from '@bm/contracts';
import { isInAppPath } from '../../app/auth/afterLoginUrl.ts';
import { firstSegment, linkedItems } from '../menu/menuTree.ts';

const HOME_ORDER: readonly string[] = [
  'mongoManagement',
  'replicationManagement',
  'searchReservation',
  'roadmapManagement',
  'campingMonkeyManagement',
  'carCompareManagement',
  'marketingManagement',
  'reconcilitationManagement',
  'page',
  'preset',
  'resource',
  'translationresource',
  'translationinterception',
  'reservation',
  'pricewatchLocation',
  'pricewatchOption',
  'pricewatchcar',
  'pricewatchcarClass',
  'pricewatchsupplier',
  'pricewatchIncludedItem',
  'pricewatchOffice',
  'merchantlocation',
  'merchantOption',
  'merchantmapcar',
  'merchantCarClass',
  'merchantSupplier',
  'merchantIncludedItem',
  'merchantOffice',
  'menu',
].map((segment) => segment.toLowerCase());

export interface HomeChoiceInput {
  menu: readonly MenuItem[];
  rights: ReadonlySet<string>;
  afterLoginUrl: string | null;
}

const rank = (item: MenuItem): number => {
  const index = HOME_ORDER.indexOf(firstSegment(item.linkTo ?? ''));
  return index === -1 ? HOME_ORDER.length : index;
};

/** The path to go to, or null when the user may open nothing. */
export function chooseHomePath({ menu, rights, afterLoginUrl }: HomeChoiceInput): string | null {
  if (afterLoginUrl) return afterLoginUrl;
  const permitted = linkedItems(menu).filter(
    (item) => item.right !== undefined && rights.has(item.right) && isInAppPath(item.linkTo ?? ''),
  );
  // A stable sort keeps menu order among entries of equal rank.
  const [first] = [...permitted].sort((a, b) => rank(a) - rank(b));
  return first?.linkTo ?? null;
}
