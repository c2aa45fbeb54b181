import type { MenuItem } from '@bm/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp, stubHttp } from '../../test/testServices.tsx';
import { MenuNavbar } from './MenuNavbar.tsx';

const menu: MenuItem[] = [
  {
    id: 1,
    name: 'Content',
    submenu: [
      { id: 2, name: 'Pages', linkTo: '/page/list', right: 'BMTools/Page/List' },
      { id: 3, name: 'Resources', linkTo: '/resource/list', right: 'BMTools/Resource/List' },
    ],
  },
  {
    id: 4,
    name: 'Tools',
    submenu: [{ id: 5, name: 'Roadmap', linkTo: '/roadmapManagement', right: 'ViewRoadmapTool' }],
  },
];

describe('MenuNavbar', () => {
  it('opens and closes groups with their +/- buttons', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    expect(screen.queryByRole('link', { name: 'Roadmap' })).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Expand Tools' }));
    expect(await screen.findByRole('link', { name: 'Roadmap' })).toHaveAttribute(
      'href',
      '/roadmapManagement',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Collapse Tools' }));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Roadmap' })).not.toBeInTheDocument());
  });

  it('opens the group holding the current page', () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [], route: '/resource/edit/3' });
    expect(screen.getByRole('button', { name: 'Collapse Content' })).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByRole('link', { name: 'Resources' })).toHaveAttribute('aria-current', 'page');
  });

  it('filters by name and opens the groups holding matches', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search menu' }), 'RES');
    // The groups holding matches open with a transition (see below): wait for it, as the user does.
    expect(await screen.findByRole('link', { name: 'Resources' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tools/ })).not.toBeInTheDocument();
  });

  it('says "No matches" when the search finds nothing', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    await userEvent.type(screen.getByRole('textbox', { name: 'Search menu' }), 'zzz');
    expect(screen.getByRole('status')).toHaveTextContent('No matches');
  });

  it('moves from the search into the results with the arrow keys, and back', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    const search = screen.getByRole('textbox', { name: 'Search menu' });
    await userEvent.type(search, 'es');
    // The groups holding matches open with a transition; the user sees the results before moving.
    await screen.findByRole('link', { name: 'Resources' });
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Pages' })).toHaveFocus();
    await userEvent.keyboard('{ArrowDown}');
    expect(screen.getByRole('link', { name: 'Resources' })).toHaveFocus();
    await userEvent.keyboard('{ArrowUp}{ArrowUp}');
    expect(search).toHaveFocus();
  });

  it('focuses the search on / unless the user is typing', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    const search = screen.getByRole('textbox', { name: 'Search menu' });
    await userEvent.keyboard('/');
    expect(search).toHaveFocus();
    await userEvent.keyboard('a/b');
    expect(search).toHaveValue('a/b');
  });

  it('stars an item through addfavorite', async () => {
    const http = stubHttp();
    renderWithApp(<MenuNavbar />, { menu, favorites: [], services: { http }, route: '/page/list' });
    await userEvent.click(screen.getByRole('button', { name: 'Add Pages to favorites' }));
    expect(http.client.request).toHaveBeenCalledWith('/api/menu/addfavorite', {
      method: 'POST',
      body: { menuId: 2, path: '/page/list' },
    });
    expect(await screen.findByRole('button', { name: 'Remove Pages from favorites' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
  });

  it('unstars an item through removefavorite', async () => {
    const http = stubHttp((path) => (path === '/api/menu/favorites' ? [] : undefined));
    renderWithApp(<MenuNavbar />, {
      menu,
      favorites: [{ menuId: 2, path: '/page/list' }],
      services: { http },
      route: '/page/list',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Remove Pages from favorites' }));
    expect(http.client.request).toHaveBeenCalledWith('/api/menu/removefavorite', {
      method: 'DELETE',
      body: { menuId: 2, path: '/page/list' },
    });
    await waitFor(() =>
      expect(http.client.request).toHaveBeenCalledWith('/api/menu/favorites', expect.anything()),
    );
  });

  it('lists favourites by their menu names', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [{ menuId: 5, path: '/roadmapManagement' }] });
    await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(screen.getByRole('link', { name: 'Roadmap' })).toBeInTheDocument();
  });

  it('shows the empty favourites texts', async () => {
    renderWithApp(<MenuNavbar />, { menu, favorites: [] });
    await userEvent.click(screen.getByRole('tab', { name: 'Favorites' }));
    expect(screen.getByText('No favorites found')).toBeInTheDocument();
    expect(screen.getByText('Activate stars prev to menu items to make them favorites.')).toBeInTheDocument();
  });

  it('offers a retry when the menu fails to load', async () => {
    const http = stubHttp((path) => {
      if (path === '/api/menu/json/1') throw new Error('down');
      return [];
    });
    renderWithApp(<MenuNavbar />, { services: { http } });
    expect(await screen.findByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
