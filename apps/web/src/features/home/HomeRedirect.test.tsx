import type { MenuItem } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeAfterLoginUrl } from '../../app/auth/afterLoginUrl.ts';
import { renderWithApp } from '../../test/testServices.tsx';
import { HomeRedirect } from './HomeRedirect.tsx';

const menu: MenuItem[] = [
  { id: 1, name: 'Menus', linkTo: '/menu/list', right: 'BMTools/Menu/List' },
  { id: 2, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' },
];

describe('HomeRedirect', () => {
  it('goes to the first permitted entry in the spec order', async () => {
    const { router } = renderWithApp(<HomeRedirect />, {
      path: '/',
      menu,
      rights: ['BMTools/Menu/List', 'BMTools/Page/List'],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/page/list'));
  });

  it('restores the after-login URL once', async () => {
    storeAfterLoginUrl(sessionStorage, '/review/edit/4?tab=2');
    const { router } = renderWithApp(<HomeRedirect />, { path: '/', menu, rights: ['BMTools/Menu/List'] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/review/edit/4'));
    expect(router.state.location.search).toBe('?tab=2');
    expect(sessionStorage.length).toBe(0);
  });

  it('shows the 401 screen when nothing is permitted', async () => {
    renderWithApp(<HomeRedirect />, { path: '/', menu: [], rights: [] });
    expect(await screen.findByText('Unauthorized')).toBeInTheDocument();
  });
});
