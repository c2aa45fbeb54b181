/**
 * The default menu (id 1): every area grouped as staff expect, each entry guarded by the right of
 * its list page. Inserted once; afterwards the menu editor owns it.
 */
import type { MenuItem } from '@bm/contracts';
export declare const MAIN_MENU_ID = 1;
export declare const MAIN_MENU_NAME = 'Main menu';
export declare function defaultMenu(): MenuItem[];
