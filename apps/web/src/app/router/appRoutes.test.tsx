import type { MenuItem } from '@bm/contracts';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RIGHTS_KEY } from '../../features/access/useUserRights.ts';
import { FAVORITES_KEY, MENU_KEY } from '../../features/menu/menuQueries.ts';
import { stubHttp, stubSession, testConfig } from '../../test/testServices.tsx';
import type { Session } from '../auth/session.ts';
import { AppProviders } from '../providers/AppProviders.tsx';
import { createQueryClient } from '../providers/createQueryClient.ts';
import { appRoutes } from './appRoutes.tsx';

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    submenu: [{ id: 2, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' }],
  },
  {
    id: 3,
    name: 'Tools',
    submenu: [
      { id: 4, name: 'Roadmap', linkTo: '/roadmapManagement', right: 'ViewRoadmapTool' },
      { id: 5, name: 'Marketing', linkTo: '/marketingManagement', right: 'ViewMarketingTool' },
    ],
  },
];
const rights = ['BMTools/Page/List', 'ViewRoadmapTool', 'ViewMarketingTool'];

function renderApp(path: string, session: Session = stubSession()) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(RIGHTS_KEY, rights);
  queryClient.setQueryData(MENU_KEY, menu);
  queryClient.setQueryData(FAVORITES_KEY, []);
  const http = stubHttp();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  render(
    <AppProviders env="test" services={{ config: testConfig, session, http, queryClient }}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { router, http };
}

describe('app routes', () => {
  it('sends / to the first permitted entry in the spec order', async () => {
    const { router } = renderApp('/');
    await waitFor(() => expect(router.state.location.pathname).toBe('/roadmapManagement'));
  });

  it('renders an entity screen with its title and the no-preset notice', async () => {
    renderApp('/page/list');
    expect(await screen.findByText('No preset is available for this page.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Pages' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Pages'));
  });

  it('shows the not-found page for unknown paths and non-numeric ids', async () => {
    renderApp('/page/edit/abc');
    expect(await screen.findByText('Oops! Page not found')).toBeInTheDocument();
  });

  it('shows the 401 screen for a screen without its right', async () => {
    renderApp('/page/edit/7');
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
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
    renderApp('/roadmapManagement');
    expect(await screen.findByTitle('Roadmap')).toHaveAttribute('src', 'https://roadmap.example.test/');
  });

  it('explains a tool without an address', async () => {
    renderApp('/marketingManagement');
    expect(await screen.findByText('No address is configured for this tool.')).toBeInTheDocument();
  });

  it('hides the menu and header by query-string switches', async () => {
    renderApp('/page/list?HideMenu=true&hideheader=1');
    await screen.findByText('No preset is available for this page.');
    expect(screen.queryByRole('textbox', { name: 'Search menu' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'editor@bmtools.local' })).not.toBeInTheDocument();
  });

  it('shows the shell with the user menu otherwise', async () => {
    renderApp('/page/list');
    expect(await screen.findByRole('textbox', { name: 'Search menu' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'editor@bmtools.local' })).toBeInTheDocument();
  });

  it('shows the loading bar while calls are in flight', async () => {
    const { http } = renderApp('/page/list');
    await screen.findByText('No preset is available for this page.');
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
    act(() => http.loading.begin());
    expect(screen.getByRole('progressbar', { name: 'Loading' })).toBeInTheDocument();
    act(() => http.loading.end());
    expect(screen.queryByRole('progressbar', { name: 'Loading' })).not.toBeInTheDocument();
  });

  it('shows the sign-in view to a signed-out visitor and keeps the address', async () => {
    const session = stubSession({ status: 'signedOut', user: null });
    renderApp('/page/edit/4?x=1', session);
    await userEvent.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(session.signIn).toHaveBeenCalledWith('/page/edit/4?x=1');
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
