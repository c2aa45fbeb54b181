import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { cutMenu } from './cut-menu.ts';

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    submenu: [
      { id: 2, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' },
      { id: 3, name: 'Reviews', linkTo: '/review/list', right: 'BMTools/Review/List' },
    ],
  },
  {
    id: 4,
    name: 'Tools',
    submenu: [{ id: 5, name: 'Roadmap', linkTo: '/roadmapManagement', right: 'ViewRoadmapTool' }],
  },
  { id: 6, name: 'Hidden', linkTo: '/x', right: 'X', visible: false },
];

describe('cutMenu', () => {
  it('keeps only items whose right is held, and groups with a kept child', () => {
    const cut = cutMenu(menu, new Set(['BMTools/Page/List', 'X'])).items;
    expect(cut).toEqual([{ id: 1, name: 'Content', submenu: [menu[0]?.submenu?.[0]] }]);
  });
  it('returns nothing for a caller without rights', () => {
    expect(cutMenu(menu, new Set()).items).toEqual([]);
  });
  it('drops groups whose children are all cut, at any depth', () => {
    const nested: MenuItem[] = [
      {
        id: 1,
        name: 'A',
        submenu: [{ id: 2, name: 'B', submenu: [{ id: 3, name: 'C', right: 'R', linkTo: '/c' }] }],
      },
    ];
    expect(cutMenu(nested, new Set(['Q'])).items).toEqual([]);
    expect(cutMenu(nested, new Set(['R'])).items).toEqual(nested);
  });

  it('leaves out entries that are not menu items instead of failing the whole menu', () => {
    const stored: unknown = [
      null,
      'Pages',
      { id: 1, name: '' },
      { id: 'two', name: 'Bad id', linkTo: '/x/list' },
      {
        id: 3,
        name: 'Content',
        submenu: [null, { id: 4, name: 'Pages', linkTo: '/page/list', right: 'P' }, 7],
      },
    ];
    const { items, malformed } = cutMenu(stored, new Set(['P']));
    expect(items).toEqual([
      { id: 3, name: 'Content', submenu: [{ id: 4, name: 'Pages', linkTo: '/page/list', right: 'P' }] },
    ]);
    expect(malformed).toBe(6);
    expect(cutMenu({ not: 'a list' }, new Set()).items).toEqual([]);
    expect(cutMenu(null, new Set()).malformed).toBe(1);
  });
});
