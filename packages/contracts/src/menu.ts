/**
 * Menu tree, favourites and rights as they cross the wire.
 */
import { z } from 'zod';
import { int4IdSchema } from './ids.ts';

export interface MenuItem {
  id: number;
  name: string;
  icon?: string | undefined;
  linkTo?: string | undefined;
  right?: string | undefined;
  visible?: boolean | undefined;
  submenu?: MenuItem[] | undefined;
}

export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({
    id: z.number().int(),
    name: z.string().min(1),
    icon: z.string().optional(),
    linkTo: z.string().optional(),
    right: z.string().optional(),
    visible: z.boolean().optional(),
    submenu: z.array(menuItemSchema).optional(),
  }),
);

/** `GET /api/menu/json/1`: `content` is JSON text of `MenuItem[]`, already cut to the caller's rights. */
export const menuResponseSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  content: z.string(),
});
export type MenuResponse = z.infer<typeof menuResponseSchema>;

/** A favourite is a linked menu item: its id and its link. */
export const favoriteSchema = z.object({
  menuId: int4IdSchema,
  path: z.string().min(1).max(500),
});
export type Favorite = z.infer<typeof favoriteSchema>;

/** `GET /api/userRights` → right names (contract, fixed). */
export const userRightsSchema = z.array(z.string());

/**
 * What a menu the editor saves may hold (the server refuses more): items in all, levels of
 * nesting, and the length of a name and of the other texts.
 */
export const MENU_LIMITS = { items: 500, depth: 5, name: 100, text: 500 } as const;

/** The fields of a stored menu item; any other key is refused by the save. */
export const MENU_ITEM_KEYS = ['id', 'name', 'icon', 'linkTo', 'right', 'visible', 'submenu'] as const;

/** `GET /api/menu/rights` (behind the Menu Edit right): every right name, sorted, for the editor. */
export const MENU_RIGHTS_PATH = '/api/menu/rights';
export const menuRightsSchema = z.array(z.string());
