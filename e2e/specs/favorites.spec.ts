/** Favourites: a star on a linked entry, kept on the server, listed in the Favorites tab. */
import { expect } from '@playwright/test';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { allMenuTab, favoritesTab, menuLink, navbar, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

// The demo editor, who has no favourites in the seed and gets none from another spec: the test
// starts from none, and leaves none behind for a later run of it in the same worker.
const editor = ACCOUNTS.editor;
test.use({ signedInAs: editor });

test('a starred entry survives a reload in the Favorites tab, and unstarring empties it', async ({
  page,
}) => {
  await page.goto('/');
  await waitForShell(page, editor.email);

  await favoritesTab(page).click();
  await expect(navbar(page).getByText('No favorites found')).toBeVisible();
  await expect(
    navbar(page).getByText('Activate stars prev to menu items to make them favorites.'),
  ).toBeVisible();

  await allMenuTab(page).click();
  await openGroup(page, 'Content');
  const added = page.waitForResponse(
    (r) => r.url().includes('/api/menu/addfavorite') && r.request().method() === 'POST',
  );
  await navbar(page).getByRole('button', { name: 'Add Reviews to favorites' }).click();
  expect((await added).ok()).toBe(true);
  await expect(navbar(page).getByRole('button', { name: 'Remove Reviews from favorites' })).toBeVisible();

  await page.reload();
  await waitForShell(page, editor.email);
  await favoritesTab(page).click();
  await expect(menuLink(page, 'Reviews')).toBeVisible();
  await expect(navbar(page).getByText('No favorites found')).toHaveCount(0);

  // A favourite is a working link.
  await menuLink(page, 'Reviews').click();
  await expect(page).toHaveURL((url) => url.pathname === '/review/list');

  const removed = page.waitForResponse(
    (r) => r.url().includes('/api/menu/removefavorite') && r.request().method() === 'DELETE',
  );
  await navbar(page).getByRole('button', { name: 'Remove Reviews from favorites' }).click();
  expect((await removed).ok()).toBe(true);
  await expect(navbar(page).getByText('No favorites found')).toBeVisible();

  await page.reload();
  await waitForShell(page, editor.email);
  await favoritesTab(page).click();
  await expect(navbar(page).getByText('No favorites found')).toBeVisible();
});
