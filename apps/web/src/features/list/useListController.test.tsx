import type { AppRoute, Preset } from '@bm/contracts';
import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HttpError } from '../../app/http/HttpError.ts';
import { SERVER_FAULT_MESSAGE } from '../../app/http/plainError.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { usePresetActions } from '../presets/usePresetActions.ts';
import { type ListController, useListController } from './useListController.ts';

const route: AppRoute = {
  pattern: '/page/list',
  kind: 'list',
  right: 'BMTools/Page/List',
  listPath: '/page/list',
};
const definition = {
  source: '/api/pages',
  settings: { pageItems: 20, bulkEdit: true },
  rowActions: [
    { type: 'view', label: 'View', order: 1, pageUrl: '/page/view/{id}' },
    { type: 'delete', label: 'Delete', order: 2 },
  ],
  definition: [
    { key: 'id', mapKey: 'id', column: 'Id', type: 'number', primary: true, delete: true },
    { key: 'name', mapKey: 'name', column: 'Name', type: 'text' },
  ],
};
const preset: Preset = {
  id: 1,
  name: 'default',
  rightName: route.right,
  presetGroupId: 1,
  presetGroup: { id: 1, name: 'default' },
  isInUse: true,
  latestVersion: true,
  version: 1,
  parentId: null,
  totalItemCount: null,
  definition: JSON.stringify(definition),
};

/** A screen of its own over the list engine: no ListView, only the controller. */
function Probe({ onRender }: { onRender: (list: ListController) => void }) {
  const presetActions = usePresetActions(route.right);
  const list = useListController({
    route,
    preset,
    firstVisit: true,
    chosen: false,
    presets: [preset],
    groups: [],
    presetActions,
    onChoose: () => undefined,
  });
  onRender(list);
  return <p>{list.data.rows.map((r) => String(r.name)).join(', ') || 'no rows'}</p>;
}

describe('useListController', () => {
  it('drives a list without ListView: rows, row actions, filters, bulk target and the title', async () => {
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize'))
        return { totalItemsCount: 1, totalPages: 1, pageIndex: 0, pageSize: 20, exact: true };
      if (path.startsWith('/api/pages?')) {
        const filters = new URLSearchParams(path.split('?')[1]).get('filters');
        const rows = [
          { id: 2, name: 'Car hire Rome' },
          { id: 1, name: 'Car hire Nice' },
        ];
        return { data: filters?.includes('Rome') ? rows.slice(0, 1) : rows, paging: { hasMore: false } };
      }
      return undefined;
    });
    let list: ListController | undefined;
    renderWithApp(<Probe onRender={(l) => (list = l)} />, {
      rights: ['BMTools/Page/List', 'BMTools/Page/View', 'BMTools/Page/BulkEdit'],
      route: '/page/list?ignorestate=true',
      services: { http },
    });
    expect(await screen.findByText('Car hire Rome, Car hire Nice')).toBeInTheDocument();
    expect(list?.rowActions.map((a) => a.label)).toEqual(['View']);
    expect(list?.canCreate).toBe(false);
    expect(list?.canBulkEdit).toBe(true);
    expect(list?.bulkTarget).toEqual({ source: '/api/pages', criteria: undefined, words: [] });
    expect(list?.presets.title).toBe('default');

    act(() => {
      void list?.setColumnFilter('name', [{ conjunction: 'and', operator: 'contains', value: 'Rome' }]);
    });
    expect(await screen.findByText('Car hire Rome')).toBeInTheDocument();
    expect(JSON.stringify(list?.bulkTarget?.criteria)).toContain('Rome');
    expect(list?.state.pageIndex).toBe(0);
    // ignorestate: the user's changes never mark the view as modified.
    expect(list?.presets.title).toBe('default');

    act(() => {
      void list?.setSort('id', 'ASC');
    });
    await waitFor(() => {
      const calls = http.client.request.mock.calls.map(([path]) => path);
      expect(calls.some((p) => p.startsWith('/api/pages?') && p.includes('sort=%5B%22id%3DASC'))).toBe(true);
    });
  });

  it('asks for its first page and summary while it first renders, before any effect, and once each', async () => {
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize'))
        return { totalItemsCount: 1, totalPages: 1, pageIndex: 0, pageSize: 20, exact: true };
      if (path.startsWith('/api/pages?'))
        return { data: [{ id: 1, name: 'Car hire Nice' }], paging: { hasMore: false } };
      return undefined;
    });
    const calls = (prefix: string) =>
      http.client.request.mock.calls.map(([path]) => path).filter((p) => p.startsWith(prefix));
    const atFirstRender: number[] = [];
    renderWithApp(
      <Probe
        onRender={() => {
          if (atFirstRender.length === 0)
            atFirstRender.push(calls('/api/pages?').length, calls('/api/pages/page-summarize').length);
        }}
      />,
      { rights: ['BMTools/Page/List'], route: '/page/list?ignorestate=true', services: { http } },
    );
    // Both calls were out during the first render: the screen's first commit does not hold them up.
    expect(atFirstRender).toEqual([1, 1]);
    expect(await screen.findByText('Car hire Nice')).toBeInTheDocument();
    await waitFor(() => expect(calls('/api/pages/page-summarize')).toHaveLength(1));
    // The queries took over what those calls loaded instead of loading it again once subscribed.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls('/api/pages?')).toHaveLength(1);
    expect(calls('/api/pages/page-summarize')).toHaveLength(1);
  });

  it('sends a first load that fails at once only once, and tries it again when opened anew', async () => {
    let broken = true;
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize')) return null;
      if (!path.startsWith('/api/pages?')) return undefined;
      if (broken) throw new HttpError('boom', path, 'GET', 500, { message: 'boom' });
      return { data: [{ id: 1, name: 'Car hire Nice' }], paging: { hasMore: false } };
    });
    const pageCalls = () =>
      http.client.request.mock.calls.map(([path]) => path).filter((p) => p.startsWith('/api/pages?'));
    let list: ListController | undefined;
    const first = renderWithApp(<Probe onRender={(l) => (list = l)} />, {
      rights: ['BMTools/Page/List'],
      route: '/page/list?ignorestate=true',
      services: { http },
    });
    await waitFor(() => expect(list?.loadError).toBe(SERVER_FAULT_MESSAGE));
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Failed before the query subscribed: the failure shows with its Retry, it is not sent again.
    expect(pageCalls()).toHaveLength(1);
    first.unmount();

    broken = false;
    renderWithApp(<Probe onRender={(l) => (list = l)} />, {
      rights: ['BMTools/Page/List'],
      route: '/page/list?ignorestate=true',
      services: { http, queryClient: first.queryClient },
    });
    expect(await screen.findByText('Car hire Nice')).toBeInTheDocument();
    expect(pageCalls()).toHaveLength(2);
  });

  it('starts the call of a new sort or page from the click, before the list renders, and only once', async () => {
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize'))
        return { totalItemsCount: 60, totalPages: 3, pageIndex: 0, pageSize: 20, exact: true };
      // The sorted rows take a moment (a round trip), as they do in a browser.
      if (path.startsWith('/api/pages?') && path.includes('sort=%5B%22name%3DDESC'))
        return new Promise((resolve) =>
          setTimeout(
            () => resolve({ data: [{ id: 2, name: 'Car hire Rome' }], paging: { hasMore: true } }),
            40,
          ),
        );
      if (path.startsWith('/api/pages?'))
        return { data: [{ id: 1, name: 'Car hire Nice' }], paging: { hasMore: true } };
      return undefined;
    });
    let list: ListController | undefined;
    let renders = 0;
    const shown: string[] = [];
    renderWithApp(
      <Probe
        onRender={(l) => {
          list = l;
          renders += 1;
          shown.push(`${l.state.sort[0]?.direction ?? 'none'} ${String(l.data.rows[0]?.name)}`);
        }}
      />,
      { rights: ['BMTools/Page/List'], route: '/page/list?ignorestate=true', services: { http } },
    );
    expect(await screen.findByText('Car hire Nice')).toBeInTheDocument();
    const listCalls = () =>
      http.client.request.mock.calls.map(([path]) => path).filter((p) => p.startsWith('/api/pages?'));
    const sorted = (p: string) => p.includes('sort=%5B%22name%3DDESC');

    // The arranged columns keep their identity while the layout holds (the grid's rows stay memoised).
    const arranged = list?.arranged;
    expect(arranged).toBeDefined();

    let rendersAtCall = -1;
    act(() => {
      list?.setSort('name', 'DESC');
      // The call is out before React has rendered the new sort.
      if (listCalls().some(sorted)) rendersAtCall = renders;
    });
    expect(rendersAtCall).toBeGreaterThan(0);
    expect(renders).toBe(rendersAtCall);
    await waitFor(() => expect(list?.state.sort).toEqual([{ key: 'name', direction: 'DESC' }]));
    await waitFor(() => expect(list?.data.fetching).toBe(false));
    // The new sort showed together with its rows: never the arrow over the rows of the old sort.
    expect(shown).toContain('DESC Car hire Rome');
    expect(shown).not.toContain('DESC Car hire Nice');
    expect(list?.arranged).toBe(arranged);
    // The query joined the call in flight: one call for the new sort.
    expect(listCalls().filter(sorted)).toHaveLength(1);

    act(() => {
      void list?.setPage(2);
    });
    await waitFor(() => expect(list?.data.fetching).toBe(false));
    const paged = listCalls().filter((p) => p.includes('pageIndex=2'));
    expect(paged).toHaveLength(1);
    expect(sorted(paged[0] ?? '')).toBe(true);
  });

  it('keeps the rows and the sort when a sort fails, says why in plain words, and retries', async () => {
    let broken = true;
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize'))
        return { totalItemsCount: 2, totalPages: 1, pageIndex: 0, pageSize: 20, exact: true };
      if (!path.startsWith('/api/pages?')) return undefined;
      const sorted = path.includes('sort=%5B%22name');
      if (sorted && broken)
        throw new HttpError('column "name_sort" does not exist', path, 'GET', 500, {
          message: 'column "name_sort" does not exist',
        });
      const rows = [
        { id: 2, name: 'Car hire Rome' },
        { id: 1, name: 'Car hire Nice' },
      ];
      return { data: sorted ? rows.reverse() : rows, paging: { hasMore: false } };
    });
    let list: ListController | undefined;
    renderWithApp(<Probe onRender={(l) => (list = l)} />, {
      rights: ['BMTools/Page/List'],
      route: '/page/list?ignorestate=true',
      services: { http },
    });
    expect(await screen.findByText('Car hire Rome, Car hire Nice')).toBeInTheDocument();

    act(() => {
      void list?.setSort('name', 'ASC');
    });
    await waitFor(() => expect(list?.loadError).toBe(SERVER_FAULT_MESSAGE));
    // The old rows stay, and the sort is back to the one they were loaded with.
    expect(screen.getByText('Car hire Rome, Car hire Nice')).toBeInTheDocument();
    await waitFor(() => expect(list?.state.sort).toEqual([]));
    expect(list?.data.rows).toHaveLength(2);
    expect(list?.data.paging.totalItemsCount).toBe(2);

    broken = false;
    act(() => {
      void list?.retryLoad();
    });
    expect(await screen.findByText('Car hire Nice, Car hire Rome')).toBeInTheDocument();
    expect(list?.state.sort).toEqual([{ key: 'name', direction: 'ASC' }]);
    expect(list?.loadError).toBeNull();
  });

  it('keeps the filter the user typed when a filtered load fails, and a retry loads it', async () => {
    let broken = true;
    const http = stubHttp((path) => {
      if (path.startsWith('/api/pages/page-summarize')) return null;
      if (!path.startsWith('/api/pages?')) return undefined;
      if (path.includes('Rome') && broken) throw new HttpError('Failed to fetch', path, 'GET');
      const rows = [
        { id: 2, name: 'Car hire Rome' },
        { id: 1, name: 'Car hire Nice' },
      ];
      return { data: path.includes('Rome') ? rows.slice(0, 1) : rows, paging: { hasMore: false } };
    });
    let list: ListController | undefined;
    renderWithApp(<Probe onRender={(l) => (list = l)} />, {
      rights: ['BMTools/Page/List'],
      route: '/page/list?ignorestate=true',
      services: { http },
    });
    expect(await screen.findByText('Car hire Rome, Car hire Nice')).toBeInTheDocument();
    act(() => {
      void list?.setColumnFilter('name', [{ conjunction: 'and', operator: 'contains', value: 'Rome' }]);
    });
    await waitFor(() => expect(list?.loadError).toMatch(/could not be reached/));
    expect(list?.loadError).not.toMatch(/Failed to fetch/);
    expect(screen.getByText('Car hire Rome, Car hire Nice')).toBeInTheDocument();
    expect(list?.state.filters.name).toHaveLength(1);

    broken = false;
    act(() => {
      void list?.retryLoad();
    });
    expect(await screen.findByText('Car hire Rome')).toBeInTheDocument();
  });
});
