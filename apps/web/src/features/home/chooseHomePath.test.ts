import type { MenuItem } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import type { ScreenState } from '../access/screenAvailability.ts';
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
      leaf(2, 'Widget menus', '/widgetmenu/list', 'BMTools/WidgetMenu/List'),
      leaf(3, 'Widget logs', '/widgetlogs/list', 'BMTools/WidgetLogs/List'),
    ],
  },
  {
    id: 4,
    name: 'Gadgets',
    submenu: [leaf(5, 'Gadget cars', '/gadgetCar/list', 'BMTools/GadgetCar/List')],
  },
  {
    id: 6,
    name: 'Content',
    submenu: [leaf(7, 'Widgets', '/widget/list', 'BMTools/Widget/List')],
  },
  {
    id: 8,
    name: 'Tools',
    submenu: [leaf(9, 'Gizmo', '/gizmoManagement', 'ViewGizmo')],
  },
];

/** The server's home order, in lower case; menu, widget logs and the rest are not in it. */
const homeOrder = ['gizmomanagement', 'widget', 'gadgetcar', 'widgetmenu'];

const rightsOf = (...rights: string[]): ReadonlySet<string> => new Set(rights);
/** Every screen opens unless a test says otherwise. */
const anyOpens = (): ScreenState => 'open';
const base = { afterLoginUrl: null, lastVisited: null, homeOrder, screenOf: anyOpens };
const choose = (rights: ReadonlySet<string>, menuItems: readonly MenuItem[] = menu) =>
  chooseHomePath({ ...base, menu: menuItems, rights });

describe('chooseHomePath', () => {
  it('prefers the stored after-login URL', () => {
    expect(
      chooseHomePath({
        ...base,
        menu,
        rights: rightsOf('BMTools/Widget/List'),
        afterLoginUrl: '/gadget/view/4',
        lastVisited: '/widget/list',
      }),
    ).toBe('/gadget/view/4');
  });

  it("follows the server's home order rather than menu order", () => {
    const rights = rightsOf(
      'BMTools/WidgetMenu/List',
      'BMTools/Widget/List',
      'ViewGizmo',
      'BMTools/GadgetCar/List',
    );
    expect(choose(rights)).toBe('/gizmoManagement');
  });

  it('skips areas whose right the user lacks, even when first in the order', () => {
    expect(choose(rightsOf('BMTools/GadgetCar/List', 'BMTools/WidgetMenu/List'))).toBe('/gadgetCar/list');
  });

  it('falls back to menu order for areas outside the order', () => {
    expect(choose(rightsOf('BMTools/WidgetLogs/List'))).toBe('/widgetlogs/list');
    expect(
      chooseHomePath({
        ...base,
        menu,
        rights: rightsOf('BMTools/Widget/List', 'ViewGizmo'),
        homeOrder: [],
      }),
    ).toBe('/widget/list');
  });

  it('puts ordered areas before the others', () => {
    expect(choose(rightsOf('BMTools/WidgetLogs/List', 'BMTools/WidgetMenu/List'))).toBe('/widgetmenu/list');
  });

  it('compares segments without regard to case', () => {
    const rights = rightsOf('BMTools/WidgetMenu/List', 'BMTools/GadgetCar/List');
    expect(chooseHomePath({ ...base, menu, rights, homeOrder: ['gadgetCar', 'widgetMenu'] })).toBe(
      '/gadgetCar/list',
    );
  });

  it('ignores hidden entries and entries without a right', () => {
    const odd: MenuItem[] = [
      { id: 1, name: 'Hidden', linkTo: '/widget/list', right: 'BMTools/Widget/List', visible: false },
      { id: 2, name: 'No right', linkTo: '/gadgetCar/list' },
      leaf(3, 'Widget logs', '/widgetlogs/list', 'BMTools/WidgetLogs/List'),
    ];
    expect(choose(rightsOf('BMTools/Widget/List', 'BMTools/WidgetLogs/List'), odd)).toBe('/widgetlogs/list');
  });

  it('skips links that leave the app', () => {
    const external: MenuItem[] = [
      leaf(1, 'Docs', 'https://docs.example.test', 'ViewGizmo'),
      leaf(2, 'Widgets', '/widget/list', 'BMTools/Widget/List'),
    ];
    expect(choose(rightsOf('ViewGizmo', 'BMTools/Widget/List'), external)).toBe('/widget/list');
  });

  it('returns to the page last visited while it still opens', () => {
    const rights = rightsOf('BMTools/Widget/List', 'ViewGizmo');
    expect(chooseHomePath({ ...base, menu, rights, lastVisited: '/gadget/view/4?tab=2' })).toBe(
      '/gadget/view/4?tab=2',
    );
    const gone = (link: string): ScreenState => (link.startsWith('/gadget/') ? 'denied' : 'open');
    expect(chooseHomePath({ ...base, menu, rights, lastVisited: '/gadget/view/4', screenOf: gone })).toBe(
      '/gizmoManagement',
    );
    expect(chooseHomePath({ ...base, menu, rights, lastVisited: 'https://evil.example' })).toBe(
      '/gizmoManagement',
    );
  });

  it('never lands on a screen that is not set up: a tool without an address, a missing preset', () => {
    const rights = rightsOf('ViewGizmo', 'BMTools/Widget/List', 'BMTools/GadgetCar/List');
    const unset = (link: string): ScreenState =>
      link === '/gizmoManagement' || link === '/widget/list' ? 'unset' : 'open';
    expect(chooseHomePath({ ...base, menu, rights, screenOf: unset })).toBe('/gadgetCar/list');
    // Links the route table does not know (page configs) may still be landed on.
    expect(chooseHomePath({ ...base, menu, rights, screenOf: () => 'unknown' })).toBe('/gizmoManagement');
  });

  it('gives null when nothing is permitted', () => {
    expect(choose(rightsOf())).toBeNull();
  });

  it('opens the first dashboard before the menu, after the page last visited', () => {
    const rights = rightsOf('BMTools/Widget/List');
    expect(chooseHomePath({ ...base, menu, rights, firstDashboard: '/dashboard/desk' })).toBe(
      '/dashboard/desk',
    );
    expect(
      chooseHomePath({
        ...base,
        menu,
        rights,
        firstDashboard: '/dashboard/desk',
        lastVisited: '/widget/list',
      }),
    ).toBe('/widget/list');
    expect(chooseHomePath({ ...base, menu, rights, firstDashboard: null })).not.toMatch(/^\/dashboard/);
  });
});
