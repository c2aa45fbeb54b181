import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { chooseHomePath } from './chooseHomePath.ts';

const leaf = (id: number, name: string, linkTo: string, right: string): MenuItem => ({
  id,
  name,
  linkTo,
  right,
});

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Administration',
    submenu: [
      leaf(2, 'Menus', '/menu/list', 'BMTools/Menu/List'),
      leaf(3, 'API logs', '/apilogs/list', 'BMTools/ApiLogs/List'),
    ],
  },
  {
    id: 4,
    name: 'Merchant',
    submenu: [leaf(5, 'Cars', '/merchantmapcar/list', 'BMTools/MerchantCar/List')],
  },
  {
    id: 6,
    name: 'Content',
    submenu: [leaf(7, 'Pages', '/page/list', 'BMTools/Page/List')],
  },
  {
    id: 8,
    name: 'Tools',
    submenu: [leaf(9, 'Reconciliation', '/reconcilitationManagement', 'ViewReconTool')],
  },
];

const rightsOf = (...rights: string[]): ReadonlySet<string> => new Set(rights);

describe('chooseHomePath', () => {
  it('prefers the stored after-login URL', () => {
    expect(
      chooseHomePath({ menu, rights: rightsOf('BMTools/Page/List'), afterLoginUrl: '/review/list' }),
    ).toBe('/review/list');
  });

  it('follows the spec order rather than menu order', () => {
    const rights = rightsOf(
      'BMTools/Menu/List',
      'BMTools/Page/List',
      'ViewReconTool',
      'BMTools/MerchantCar/List',
    );
    expect(chooseHomePath({ menu, rights, afterLoginUrl: null })).toBe('/reconcilitationManagement');
  });

  it('skips areas whose right the user lacks, even when first in the order', () => {
    const rights = rightsOf('BMTools/MerchantCar/List', 'BMTools/Menu/List');
    expect(chooseHomePath({ menu, rights, afterLoginUrl: null })).toBe('/merchantmapcar/list');
  });

  it('falls back to menu order for areas outside the list', () => {
    expect(chooseHomePath({ menu, rights: rightsOf('BMTools/ApiLogs/List'), afterLoginUrl: null })).toBe(
      '/apilogs/list',
    );
  });

  it('puts listed areas before unlisted ones', () => {
    const rights = rightsOf('BMTools/ApiLogs/List', 'BMTools/Menu/List');
    expect(chooseHomePath({ menu, rights, afterLoginUrl: null })).toBe('/menu/list');
  });

  it('ignores hidden entries and entries without a right', () => {
    const odd: MenuItem[] = [
      { id: 1, name: 'Hidden', linkTo: '/page/list', right: 'BMTools/Page/List', visible: false },
      { id: 2, name: 'No right', linkTo: '/preset/list' },
      leaf(3, 'Reviews', '/review/list', 'BMTools/Review/List'),
    ];
    const rights = rightsOf('BMTools/Page/List', 'BMTools/Review/List');
    expect(chooseHomePath({ menu: odd, rights, afterLoginUrl: null })).toBe('/review/list');
  });

  it('skips links that leave the app', () => {
    const external: MenuItem[] = [
      leaf(1, 'Docs', 'https://docs.example.test', 'ViewMongo'),
      leaf(2, 'Pages', '/page/list', 'BMTools/Page/List'),
    ];
    const rights = rightsOf('ViewMongo', 'BMTools/Page/List');
    expect(chooseHomePath({ menu: external, rights, afterLoginUrl: null })).toBe('/page/list');
  });

  it('gives null when nothing is permitted', () => {
    expect(chooseHomePath({ menu, rights: rightsOf(), afterLoginUrl: null })).toBeNull();
  });
});
