import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { defaultMenu } from '../../catalog/menu.ts';
import { catalogueKeys, mergeMenu } from './sync-menu.ts';

const leaf = (id: number, name: string, linkTo: string): MenuItem => ({
  id,
  name,
  icon: 'table',
  linkTo,
  right: `R${linkTo}`,
  visible: true,
});

// The catalogue of the new version: Content gains Reviews between Pages and Resources, Tools is new.
const catalogue: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    icon: 'file-text',
    visible: true,
    submenu: [
      leaf(2, 'Pages', '/page/list'),
      leaf(3, 'Reviews', '/review/list'),
      leaf(4, 'Resources', '/resource/list'),
    ],
  },
  {
    id: 5,
    name: 'Merchant',
    icon: 'building-store',
    visible: true,
    submenu: [leaf(6, 'Cars', '/merchantcar/list')],
  },
  { id: 7, name: 'Tools', icon: 'tool', visible: true, submenu: [leaf(8, 'Roadmap', '/roadmap')] },
  {
    id: 9,
    name: 'Administration',
    icon: 'settings',
    visible: true,
    submenu: [leaf(10, 'Menus', '/menu/list')],
  },
];

// What the previous version offered: everything but Reviews and the Tools group.
const previous = new Set(
  catalogueKeys(catalogue).filter((k) => !['link:/review/list', 'group:Tools', 'link:/roadmap'].includes(k)),
);

const leaves = (items: readonly MenuItem[]): MenuItem[] =>
  items.flatMap((i) => (i.submenu ? leaves(i.submenu) : [i]));

describe('mergeMenu', () => {
  it('adds new entries at the catalogue position and keeps staff changes', () => {
    const stored: MenuItem[] = [
      {
        id: 1,
        name: 'Editorial', // renamed by staff
        icon: 'file-text',
        visible: true,
        submenu: [
          { ...leaf(2, 'Web pages', '/page/list'), visible: false }, // renamed and hidden
          leaf(4, 'Resources', '/resource/list'),
        ],
      },
      // Merchant › Cars deleted by staff, and the Merchant group with it.
      {
        id: 9,
        name: 'Administration',
        icon: 'settings',
        visible: true,
        submenu: [leaf(10, 'Menus', '/menu/list')],
      },
      { id: 20, name: 'Staff links', submenu: [leaf(21, 'Wiki', '/wiki')] },
    ];
    const before = structuredClone(stored);
    const merge = mergeMenu(stored, catalogue, previous);

    expect(stored).toEqual(before);
    expect(merge.added).toEqual(['link:/review/list', 'group:Tools', 'link:/roadmap']);
    expect(merge.offeredNow).toEqual(['link:/review/list', 'group:Tools', 'link:/roadmap']);
    expect(merge.content.map((g) => g.name)).toEqual(['Editorial', 'Tools', 'Administration', 'Staff links']);
    const editorial = merge.content[0]?.submenu ?? [];
    expect(editorial.map((e) => [e.name, e.visible])).toEqual([
      ['Web pages', false],
      ['Reviews', true],
      ['Resources', true],
    ]);
    expect(editorial[1]).toEqual({
      id: 22,
      name: 'Reviews',
      icon: 'table',
      linkTo: '/review/list',
      right: 'R/review/list',
      visible: true,
    });
    expect(merge.content[1]).toEqual({
      id: 23,
      name: 'Tools',
      icon: 'tool',
      visible: true,
      submenu: [
        { id: 24, name: 'Roadmap', icon: 'table', linkTo: '/roadmap', right: 'R/roadmap', visible: true },
      ],
    });
    expect(leaves(merge.content).map((l) => l.linkTo)).not.toContain('/merchantcar/list');
  });

  it('changes nothing once every entry has been offered', () => {
    const stored: MenuItem[] = [
      { id: 1, name: 'Content', submenu: [leaf(2, 'Pages', '/page/list')] },
      { id: 9, name: 'Administration', submenu: [leaf(10, 'Menus', '/menu/list')] },
    ];
    const first = mergeMenu(stored, catalogue, previous);
    expect(first.added).toEqual(['link:/review/list', 'group:Tools', 'link:/roadmap']);
    const offered = new Set([...previous, ...first.offeredNow]);
    const second = mergeMenu(first.content, catalogue, offered);
    expect(second.added).toEqual([]);
    expect(second.offeredNow).toEqual([]);
    expect(second.content).toEqual(first.content);
  });

  it('follows a sibling staff moved to another group', () => {
    const stored: MenuItem[] = [
      { id: 1, name: 'Content', submenu: [leaf(4, 'Resources', '/resource/list')] },
      { id: 5, name: 'Favourites', submenu: [leaf(2, 'Pages', '/page/list')] },
    ];
    const merge = mergeMenu(stored, catalogue.slice(0, 1), new Set(['group:Content', 'link:/page/list']));
    // Reviews follows Pages, its preceding catalogue sibling, into the staff's group.
    expect(merge.content[1]?.submenu?.map((e) => e.linkTo)).toEqual(['/page/list', '/review/list']);
    // Resources was never recorded but is already in the menu: it is recorded, not added twice.
    expect(merge.added).toEqual(['link:/review/list']);
    expect(merge.offeredNow).toEqual(['link:/review/list', 'link:/resource/list']);
    expect(leaves(merge.content).filter((l) => l.linkTo === '/resource/list')).toHaveLength(1);
  });

  it('puts an entry with no sibling left into its group found by name, and a new group before its successor', () => {
    const stored: MenuItem[] = [
      { id: 1, name: 'Content', submenu: [] },
      { id: 9, name: 'Administration', submenu: [leaf(10, 'Menus', '/menu/list')] },
    ];
    const offered = new Set(['group:Content', 'group:Administration', 'link:/menu/list']);
    const merge = mergeMenu(
      stored,
      [catalogue[0] as MenuItem, catalogue[2] as MenuItem, catalogue[3] as MenuItem],
      offered,
    );
    expect(merge.content.map((g) => g.name)).toEqual(['Content', 'Tools', 'Administration']);
    expect(merge.content[0]?.submenu?.map((e) => e.linkTo)).toEqual([
      '/page/list',
      '/review/list',
      '/resource/list',
    ]);
  });

  it('does not reuse an id a favourite may still name', () => {
    const stored: MenuItem[] = [{ id: 1, name: 'Content', submenu: [leaf(2, 'Pages', '/page/list')] }];
    const merge = mergeMenu(stored, catalogue.slice(0, 1), new Set(['group:Content', 'link:/page/list']), 40);
    expect(merge.content[0]?.submenu?.map((e) => e.id)).toEqual([2, 40, 41]);
  });
});

describe('catalogueKeys', () => {
  it('names every group and linked entry of the default menu once', () => {
    const keys = catalogueKeys(defaultMenu());
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys).toContain('group:Content');
    expect(keys).toContain('link:/page/list');
  });
});
