import type { AppRoutes, MenuItem } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAfterLoginUrl } from '../../app/auth/afterLoginUrl.ts';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';

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

  it('shows the 401 screen when nothing is permitted', async () => {
    renderWithApp(<HomeRedirect />, { path: '/', menu: [], rights: [], appRoutes });
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });
});
