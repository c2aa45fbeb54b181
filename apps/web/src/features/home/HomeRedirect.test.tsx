import type { AppRoutes, MenuItem } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAfterLoginUrl } from '../../app/auth/afterLoginUrl.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';
import { rememberLastVisited } from './lastVisited.ts';

const menu: MenuItem[] = [
  { id: 1, name: 'Widget menus', linkTo: '/widgetmenu/list', right: 'BMTools/WidgetMenu/List' },
  { id: 2, name: 'Widgets', linkTo: '/widget/list', right: 'BMTools/Widget/List' },
];

const appRoutes: AppRoutes = { routes: [], homeOrder: ['widget', 'widgetmenu'] };

describe('HomeRedirect', () => {
  it("goes to the first permitted entry in the server's home order", async () => {
    const { router } = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/WidgetMenu/List', 'BMTools/Widget/List'],
      appRoutes,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/widget/list'));
  });

  it('loads the home order from the server', async () => {
    const http = stubHttp((path) =>
      path === '/api/app-routes' ? { routes: [], homeOrder: ['widgetmenu'] } : undefined,
    );
    const { router } = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/WidgetMenu/List', 'BMTools/Widget/List'],
      services: { http },
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/widgetmenu/list'));
  });

  it('restores the after-login URL once', async () => {
    storeAfterLoginUrl(sessionStorage, '/widget/edit/4?tab=2');
    const { router } = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/WidgetMenu/List'],
      appRoutes,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/widget/edit/4'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(sessionStorage.length).toBe(0);
  });

  it('says nothing is set up when the user may open nothing', async () => {
    renderWithApp(<HomeRedirect />, { path: '/', menu: [], rights: [], appRoutes });
    expect(await screen.findByText('Nothing is set up for your role yet')).toBeInTheDocument();
    expect(screen.queryByText(/Unauthorized/)).not.toBeInTheDocument();
  });

  it('returns to the page the user last visited, while it still opens', async () => {
    const routes: AppRoutes = {
      routes: [
        { pattern: '/widget/list', kind: 'list', right: 'BMTools/Widget/List', listPath: '/widget/list' },
        { pattern: '/widget/view/:id', kind: 'view', right: 'BMTools/Widget/View', listPath: '/widget/list' },
      ],
      homeOrder: ['widget', 'widgetmenu'],
    };
    rememberLastVisited(localStorage, 'sub-1', '/widget/view/7?tab=2');
    const first = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/Widget/List', 'BMTools/Widget/View'],
      appRoutes: routes,
    });
    await waitFor(() => expect(first.router.state.location.pathname).toBe('/widget/view/7'));
    first.unmount();
    // Without the View right any more, the remembered page is passed over.
    const second = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/Widget/List'],
      appRoutes: routes,
    });
    await waitFor(() => expect(second.router.state.location.pathname).toBe('/widget/list'));
  });

  it('never lands on a tool without an address', async () => {
    const routes: AppRoutes = {
      routes: [
        { pattern: '/gizmoManagement', kind: 'tool', right: 'ViewGizmo', toolKey: 'gizmo' },
        { pattern: '/widget/list', kind: 'list', right: 'BMTools/Widget/List', listPath: '/widget/list' },
      ],
      homeOrder: ['gizmomanagement', 'widget'],
    };
    const { router } = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu: [{ id: 9, name: 'Gizmo', linkTo: '/gizmoManagement', right: 'ViewGizmo' }, ...menu],
      rights: ['ViewGizmo', 'BMTools/Widget/List'],
      appRoutes: routes,
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/widget/list'));
  });
});
