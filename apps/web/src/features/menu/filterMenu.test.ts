import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { filterMenu } from './filterMenu.ts';

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    submenu: [
      { id: 2, name: 'Pages', linkTo: '/page/list' },
      { id: 3, name: 'Resources', linkTo: '/resource/list' },
      { id: 4, name: 'Secret pages', linkTo: '/x/list', visible: false },
    ],
  },
  {
    id: 5,
    name: 'Price-watch',
    submenu: [
      {
        id: 6,
        name: 'Nested',
        submenu: [{ id: 7, name: 'Widget classes', linkTo: '/widgetClass/list' }],
      },
    ],
  },
  { id: 8, name: 'Menus', linkTo: '/menu/list' },
];

const names = (items: MenuItem[]): string[] =>
  items.flatMap((item) => [item.name, ...(item.submenu ? names(item.submenu) : [])]);

describe('filterMenu', () => {
  it('returns the visible tree with nothing opened for an empty query', () => {
    const result = filterMenu(menu, '  ');
    expect(names(result.items)).not.toContain('Secret pages');
    expect(names(result.items)).toContain('Pages');
    expect(result.openIds.size).toBe(0);
  });

  it('filters by name case-insensitively and opens the groups holding matches', () => {
    const result = filterMenu(menu, 'PAGE');
    expect(names(result.items)).toEqual(['Content', 'Pages']);
    expect([...result.openIds]).toEqual([1]);
  });

  it('opens every level down to a deep match', () => {
    const result = filterMenu(menu, 'widget');
    expect(names(result.items)).toEqual(['Price-watch', 'Nested', 'Widget classes']);
    expect(new Set(result.openIds)).toEqual(new Set([5, 6]));
  });

  it('keeps a matching group whole but closed', () => {
    const result = filterMenu(menu, 'content');
    expect(names(result.items)).toEqual(['Content', 'Pages', 'Resources']);
    expect(result.openIds.size).toBe(0);
  });

  it('returns nothing when no name matches', () => {
    expect(filterMenu(menu, 'zzz').items).toEqual([]);
  });
});
