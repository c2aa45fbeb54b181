/**
 * The default menu (id 1): every area grouped as staff expect, each entry guarded by the right of
 * its list page. Inserted whole into a new database; an existing one is only given the entries it has
 * never been offered, and staff's changes stand (docs/adr/0009-menu-sync.md).
 */
import type { MenuItem } from '@bm/contracts';
import type { MenuGroup } from '../areas/manifest.ts';
import { AREAS, menuRight } from './areas.ts';

export const MAIN_MENU_ID = 1;
export const MAIN_MENU_NAME = 'Main menu';

const GROUPS: readonly { name: MenuGroup; icon: string }[] = [
  { name: 'Price-watch', icon: 'chart-line' },
  { name: 'Merchant', icon: 'building-store' },
  { name: 'Content', icon: 'file-text' },
  { name: 'Reservations & payments', icon: 'calendar' },
  { name: 'Exception management', icon: 'alert-triangle' },
  { name: 'Tools', icon: 'tool' },
  { name: 'Administration', icon: 'settings' },
];

export function defaultMenu(): MenuItem[] {
  let nextId = 1;
  return GROUPS.map((group) => {
    const id = nextId++;
    return {
      id,
      name: group.name,
      icon: group.icon,
      visible: true,
      submenu: AREAS.filter((a) => a.group === group.name).map((area) => ({
        id: nextId++,
        name: area.label,
        icon: area.icon,
        linkTo: area.linkTo,
        right: menuRight(area),
        visible: true,
      })),
    };
  });
}
