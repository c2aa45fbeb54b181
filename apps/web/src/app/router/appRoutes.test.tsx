import { type AppRoutes, entityRoutes, type MenuItem } from '@bm/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { RIGHTS_KEY } from '../../features/access/useUserRights.ts';
import { FAVORITES_KEY, MENU_KEY } from '../../features/menu/menuQueries.ts';
import { type RequestHandler, stubHttp, stubSession, testConfig } from '../../test/testServices.tsx';
import type { Session } from '../auth/session.ts';
import { AppProviders } from '../providers/AppProviders.tsx';
import { createQueryClient } from '../providers/createQueryClient.ts';
import { appRoutes } from './appRoutes.tsx';

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    submenu: [{ id: 2, name: 'Widgets', linkTo: '/widget/list', right: 'BMTools/Widget/List' }],
  },
  {
    id: 3,
    name: 'Tools',
    submenu: [
      { id: 4, name: 'Gizmo', linkTo: '/gizmoManagement', right: 'ViewGizmoTool' },
      { id: 5, name: 'Gadget', linkTo: '/gadgetManagement', right: 'ViewGadgetTool' },
    ],
  },
];
// The Create right is held, but the server publishes no create screen for widgets.
const rights = ['BMTools/Widget/List', 'BMTools/Widget/Create', 'ViewGizmoTool', 'ViewGadgetTool'];

/** What the server answers on `GET /api/app-routes`. */
const serverRoutes: AppRoutes = {
  routes: [
    { pattern: '/gizmoManagement', kind: 'tool', right: 'ViewGizmoTool', toolKey: 'gizmo' },
    { pattern: '/gadgetManagement', kind: 'tool', right: 'ViewGadgetTool', toolKey: 'gadget' },
    ...entityRoutes({ segment: 'widget', entity: 'Widget', actions: ['List', 'Edit', 'View'] }),
  ],
  homeOrder: ['gizmomanagement', 'gadgetmanagement', 'widget'],
};

const answerRoutes: RequestHandler = (path) => (path === '/api/app-routes' ? serverRoutes : undefined);

function renderApp(path: string, session: Session = stubSession(), handler: RequestHandler = answerRoutes) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(RIGHTS_KEY, rights);
  queryClient.setQueryData(MENU_KEY, menu);
  queryClient.setQueryData(FAVORITES_KEY, []);
  const http = stubHttp(handler);
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const config = { ...testConfig, toolUrls: { gizmo: 'https://gizmo.example.test/' } };
  render(
    <AppProviders env="test" services={{ config, session, http, queryClient }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, http };
}

// Tool and dynamic pages load lazily; load their modules once up front so each test waits for a
// render, not for the modules' first transform. React still shows the loader first and reveals the
// page after a short throttle, so the waits for those pages allow a little longer.
beforeAll(async () => {
  await Promise.all([
    import('../../features/tools/ToolScreen.tsx'),
    import('../../features/dynamic-pages/DynamicRoute.tsx'),
  ]);
});

const LAZY_PAGE = { timeout: 3000 };

describe('app routes', () => {
  it("sends / to the first permitted entry in the server's home order", async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/gizmoManagement'));
  });

  it('renders an entity screen with its title and the no-preset notice', async () => {
    renderApp('/widget/list');
    expect(await screen.findByText('No preset is available for this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Widgets' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Widgets'));
  });

  it('shows the not-found page for unknown paths and non-numeric ids', async () => {
    renderApp('/widget/edit/abc');
    expect(await screen.findByText('Oops! Page not found', {}, LAZY_PAGE)).toBeInTheDocument();
  });

  it("shows the not-found page for a screen absent from the server's table, right or not", async () => {
    renderApp('/widget/create');
    expect(await screen.findByText('Oops! Page not found', {}, LAZY_PAGE)).toBeInTheDocument();
    expect(screen.queryByText('403')).not.toBeInTheDocument();
  });

  it('shows the access-denied screen for a screen without its right', async () => {
    renderApp('/widget/edit/7');
    expect(await screen.findByText('403')).toBeInTheDocument();
  });

  it('offers a retry when the route table fails to load, and recovers', async () => {
    let failing = true;
    renderApp('/widget/list', stubSession(), (path) => {
      if (path !== '/api/app-routes') return undefined;
      if (failing) throw new Error('offline');
      return serverRoutes;
    });
    expect(await screen.findByText("The app's screens could not be loaded.")).toBeInTheDocument();
    expect(screen.queryByText('Oops! Page not found')).not.toBeInTheDocument();
    failing = false;
    await userEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No preset is available for this page.')).toBeInTheDocument();
  });

  it('offers a retry on / when the route table fails to load', async () => {
    renderApp('/', stubSession(), (path) => {
      if (path === '/api/app-routes') throw new Error('offline');
      return undefined;
    });
    expect(await screen.findByText("The app's screens could not be loaded.")).toBeInTheDocument();
  });

  it('routes the 428 page', async () => {
    renderApp('/428');
    expect(await screen.findByText('Precondition Required')).toBeInTheDocument();
    expect(
      screen.getByText(
        'The requested page is missing the default preset, please contact your administrator.',
      ),
    ).toBeInTheDocument();
  });

  it('frames a configured tool', async () => {
    renderApp('/gizmoManagement');
    expect(await screen.findByTitle('Gizmo', {}, LAZY_PAGE)).toHaveAttribute(
      'src',
      'https://gizmo.example.test/',
    );
  });

  it('explains a tool without an address', async () => {
    renderApp('/gadgetManagement');
    expect(
      await screen.findByText('No address is configured for this tool.', {}, LAZY_PAGE),
    ).toBeInTheDocument();
  });

  it('hides the menu and header by query-string switches', async () => {
    renderApp('/widget/list?HideMenu=true&hideheader=1');
    await screen.findByText('No preset is available for this page.');
    expect(screen.queryByRole('textbox', { name: 'Search menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'editor@bmtools.local' })).not.toBeInTheDocument();
  });

  it('shows the shell with the user menu otherwise', async () => {
    renderApp('/widget/list');
    expect(await screen.findByRole('textbox', { name: 'Search menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'editor@bmtools.local' })).toBeInTheDocument();
  });

  it('shows the loading bar while calls are in flight', async () => {
    const { http } = renderApp('/widget/list');
    await screen.findByText('No preset is available for this page.');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    act(() => http.loading.begin());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => http.loading.end());
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows the sign-in view to a signed-out visitor and keeps the address', async () => {
    const session = stubSession({ status: 'signedOut', user: null });
    renderApp('/widget/edit/4?x=1', session);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/widget/edit/4?x=1');
  });

  it('sends a failed sign-in return to /error', async () => {
    const session = stubSession({ status: 'unknown', user: null });
    session.completeSignIn = async () => {
      throw new Error('no api scope');
    };
    const { router } = renderApp('/callback?code=1&state=2', session);
    await waitFor(() => expect(router.state.location.pathname).toBe('/error'));
    expect(await screen.findByRole('button', { name: 'Sign in again' })).toBeInTheDocument();
  });
});
