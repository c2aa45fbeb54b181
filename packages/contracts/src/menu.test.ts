import { describe, expect, it } from 'vitest';
import { favoriteSchema, menuItemSchema } from './menu.ts';

describe('menuItemSchema', () => {
  it('accepts nested submenus', () => {
    const item = { id: 1, name: 'Content', submenu: [{ id: 2, name: 'Pages', linkTo: '/page/list' }] };
    expect(menuItemSchema.parse(item)).toEqual(item);
  });
  it('rejects an item without a name', () => {
    expect(menuItemSchema.safeParse({ id: 3, name: '' }).success).toBe(false);
  });
});

describe('favoriteSchema', () => {
  it('requires a positive menu id and a path', () => {
    expect(favoriteSchema.safeParse({ menuId: 0, path: '/page/list' }).success).toBe(false);
    expect(favoriteSchema.safeParse({ menuId: 4, path: '' }).success).toBe(false);
    expect(favoriteSchema.parse({ menuId: 4, path: '/page/list' })).toEqual({
      menuId: 4,
      path: '/page/list',
    });
  });
});
