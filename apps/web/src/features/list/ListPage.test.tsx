import type { AppRoute, Preset } from '@bm/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { ListPage } from './ListPage.tsx';

const route: AppRoute = {
  pattern: '/page/list',
  kind: 'list',
  right: 'BMTools/Page/List',
  listPath: '/page/list',
};
const definition = {
  source: '/api/pages',
  settings: { pageItems: 20 },
  rowActions: [
    { type: 'view', label: 'View', order: 1, pageUrl: '/page/view/{id}' },
    { type: 'delete', label: 'Delete', order: 2 },
  ],
  definition: [
    { key: 'id', mapKey: 'id', column: 'Id', type: 'number', primary: true, delete: true, sort: 'DESC' },
    { key: 'name', mapKey: 'name', column: 'Name', type: 'text' },
    {
      key: 'status',
      mapKey: 'status',
      column: 'Status',
      type: 'combobox',
      tags: { draft: { color: 'gray', label: 'Draft' } },
    },
  ],
};
const preset = (id: number, name: string, group: [number, string], extra: Partial<Preset> = {}): Preset => ({
  id,
  name,
  rightName: route.right,
  presetGroupId: group[0],
  presetGroup: { id: group[0], name: group[1] },
  isInUse: false,
  latestVersion: true,
  version: 1,
  parentId: null,
  totalItemCount: null,
  definition: JSON.stringify(definition),
  ...extra,
});
const rows = [
  { id: 2, name: 'Car hire Rome', status: 'draft' },
  { id: 1, name: 'Car hire Nice', status: 'published' },
];

function api(presets: Preset[]) {
  return stubHttp((path) => {
    if (path.startsWith('/api/presets/user/')) return presets;
    if (path === '/api/presets/group')
      return [{ id: 2, name: 'personal', read: true, write: true, edit: true, delete: true }];
    if (path.startsWith('/api/pages/page-summarize'))
      return { totalItemsCount: 2, totalPages: 1, pageIndex: 0, pageSize: 20, exact: true };
    if (path.startsWith('/api/pages?'))
      return { data: rows, paging: { pageIndex: 0, pageSize: 20, hasMore: false } };
    return undefined;
  });
}

// jsdom lays nothing out; give elements a size so the virtualiser renders rows.
const sizes = { clientHeight: 600, clientWidth: 1000, offsetHeight: 600, offsetWidth: 1000 } as const;
const originals = Object.fromEntries(
  Object.keys(sizes).map((key) => [key, Object.getOwnPropertyDescriptor(HTMLElement.prototype, key)]),
);
beforeAll(() => {
  for (const [key, value] of Object.entries(sizes)) {
    Object.defineProperty(HTMLElement.prototype, key, { configurable: true, get: () => value });
  }
});
afterAll(() => {
  for (const [key, descriptor] of Object.entries(originals)) {
    if (descriptor) Object.defineProperty(HTMLElement.prototype, key, descriptor);
  }
});

const rights = ['BMTools/Page/List', 'BMTools/Page/View', 'BMTools/Page/Create'];

describe('ListPage', () => {
  it('renders the in-use preset: toolbar by rights, columns, rows, tags and totals', async () => {
    const http = api([preset(1, 'default', [1, 'default'], { isInUse: true })]);
    renderWithApp(<ListPage route={route} />, { rights, route: '/page/list', services: { http } });
    const grid = await screen.findByRole('grid');
    expect(await within(grid).findByText('Car hire Rome')).toBeInTheDocument();
    expect(within(grid).getByText('Draft')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create record' })).toHaveAttribute('href', '/page/create');
    expect(screen.queryByRole('link', { name: 'Bulk edit' })).not.toBeInTheDocument();
    expect(await screen.findByRole('status', { name: 'Total rows' })).toHaveTextContent('2 rows');
    const call = http.client.request.mock.calls.find(([path]) => path.startsWith('/api/pages?'))?.[0] ?? '';
    expect(new URLSearchParams(call.split('?')[1]).get('sort')).toBe('["id=DESC"]');
    expect(http.client.request).toHaveBeenCalledWith(
      '/api/presets/user/BMTools%2FPage%2FList',
      expect.objectContaining({ silent: true }),
    );
  });

  it('shows only actions the user holds the right for', async () => {
    renderWithApp(<ListPage route={route} />, {
      rights,
      route: '/page/list',
      services: { http: api([preset(1, 'default', [1, 'default'])]) },
    });
    const grid = await screen.findByRole('grid');
    await userEvent.click(await within(grid).findByRole('button', { name: 'Actions for row 2' }));
    expect(await screen.findByRole('menuitem', { name: 'View' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Delete' })).not.toBeInTheDocument();
  });

  it('a Bulk Edit row action hands the list it was run from to the editor', async () => {
    const withBulk = {
      ...definition,
      rowActions: [{ type: 'bulkupdate', label: 'Bulk Edit', order: 3, pageUrl: '/page/bulkedit' }],
    };
    const { router } = renderWithApp(<ListPage route={route} />, {
      rights: [...rights, 'BMTools/Page/BulkEdit'],
      route: '/page/list?ignorestate=true&name=Rome',
      services: {
        http: api([preset(1, 'default', [1, 'default'], { definition: JSON.stringify(withBulk) })]),
      },
    });
    const grid = await screen.findByRole('grid');
    await userEvent.click(await within(grid).findByRole('button', { name: 'Actions for row 2' }));
    await userEvent.click(await screen.findByRole('menuitem', { name: 'Bulk Edit' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/bulkedit'));
    const handed = (router.state.location.state as { bulkTarget?: { criteria?: unknown; words: string[] } })
      .bulkTarget;
    expect(handed?.words.join(' ')).toMatch(/Rome/);
    expect(JSON.stringify(handed?.criteria)).toContain('Rome');
  });

  it('offers Export with the export right, unless hideexport, and sends the list as shown', async () => {
    const http = api([preset(1, 'default', [1, 'default'], { isInUse: true })]);
    const labelled = { ...route, label: 'Pages' };
    const view = renderWithApp(<ListPage route={labelled} />, {
      rights: [...rights, 'BMTools/Export/List'],
      route: '/page/list?ignorestate=true',
      services: { http },
    });
    await screen.findByRole('grid');
    await userEvent.click(screen.getByRole('button', { name: 'Export' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export to Excel' });
    const input = within(dialog).getByRole('textbox', { name: /File Name/ });
    await userEvent.clear(input);
    await userEvent.type(input, 'pages');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const body = http.client.request.mock.calls.find(([path]) => path === '/api/exports/send')?.[1]?.body as {
      values: { mapkey: string; value: string }[];
    };
    const values = Object.fromEntries(body.values.map((v) => [v.mapkey, v.value]));
    expect(values).toMatchObject({ fileName: 'pages.xlsx', pageName: 'Pages' });
    expect(JSON.parse(values.criteria ?? '')).toMatchObject({
      source: '/api/pages',
      sort: ['id=DESC'],
      selector: [
        { field: 'id', label: 'Id' },
        { field: 'name', label: 'Name' },
        { field: 'status', label: 'Status' },
      ],
    });
    view.unmount();

    for (const [granted, address] of [
      [rights, '/page/list'],
      [[...rights, 'BMTools/Export/List'], '/page/list?hideexport=true'],
    ] as const) {
      const other = renderWithApp(<ListPage route={route} />, {
        rights: [...granted],
        route: address,
        services: { http: api([preset(1, 'default', [1, 'default'])]) },
      });
      await screen.findByRole('grid');
      expect(screen.getByRole('link', { name: 'Create record' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Export' })).not.toBeInTheDocument();
      other.unmount();
    }
  });

  it('reloads the rows and the summary every refreshSeconds, as background calls', async () => {
    const refreshing = { ...definition, settings: { pageItems: 20, refreshSeconds: 1 } };
    const http = api([preset(1, 'default', [1, 'default'], { definition: JSON.stringify(refreshing) })]);
    const pageCalls = () => http.client.request.mock.calls.filter(([path]) => path.startsWith('/api/pages?'));
    const summaryCalls = () =>
      http.client.request.mock.calls.filter(([path]) => path.startsWith('/api/pages/page-summarize'));
    renderWithApp(<ListPage route={route} />, { rights, route: '/page/list', services: { http } });
    expect(await within(await screen.findByRole('grid')).findByText('Car hire Rome')).toBeInTheDocument();
    expect(pageCalls()).toHaveLength(1);
    expect(pageCalls()[0]?.[1]).toMatchObject({ background: false });
    await waitFor(() => expect(pageCalls().length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
    expect(pageCalls()[1]?.[1]).toMatchObject({ background: true });
    await waitFor(() => expect(summaryCalls().length).toBeGreaterThanOrEqual(2), { timeout: 3000 });
  });

  it('shows the empty notice without presets and the 428 page without the default', async () => {
    const { unmount } = renderWithApp(<ListPage route={route} />, { rights, services: { http: api([]) } });
    expect(await screen.findByText('No preset is available for this page.')).toBeInTheDocument();
    unmount();
    renderWithApp(<ListPage route={route} />, {
      rights,
      services: { http: api([preset(5, 'Mine', [2, 'personal'])]) },
    });
    expect(await screen.findByText('Precondition Required')).toBeInTheDocument();
  });

  it('says plainly that a deep link to a missing group was not followed, and falls back to the default', async () => {
    renderWithApp(<ListPage route={route} />, {
      rights,
      route: '/page/list?preset=Mine&presetgroup=Nowhere',
      services: {
        http: api([
          preset(1, 'default', [1, 'default']),
          preset(5, 'Mine', [2, 'personal'], { isInUse: true }),
        ]),
      },
    });
    expect(await screen.findByText(/^The preset group does not exist\. The link’s view/)).toBeInTheDocument();
    // A notice above the list, not a modal over it.
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Preset' })).toHaveValue('default'));
  });

  it('shows another sort in the same row elements: only their text changes, the bars stay', async () => {
    const http = stubHttp((path) => {
      const answer = api([preset(1, 'default', [1, 'default'])]).client.request as unknown as (
        p: string,
      ) => unknown;
      if (path.startsWith('/api/pages?')) {
        const sort = new URLSearchParams(path.split('?')[1]).get('sort');
        const data = sort === '["id=ASC"]' ? [...rows].reverse() : rows;
        return { data, paging: { pageIndex: 0, pageSize: 20, hasMore: false } };
      }
      return answer(path);
    });
    renderWithApp(<ListPage route={route} />, { rights, route: '/page/list', services: { http } });
    const grid = await screen.findByRole('grid');
    const firstRow = (await within(grid).findByText('Car hire Rome')).closest('tr');
    const presetPicker = screen.getByRole('combobox', { name: 'Preset' });
    await userEvent.click(within(grid).getByRole('button', { name: 'Id' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Sort ascending' }));
    await waitFor(() => expect(firstRow).toHaveTextContent('Car hire Nice'));
    // Kept by place: the first row element now shows the other record, nothing was rebuilt.
    expect(within(grid).getByText('Car hire Nice').closest('tr')).toBe(firstRow);
    expect(screen.getByRole('combobox', { name: 'Preset' })).toBe(presetPicker);
  });
});
