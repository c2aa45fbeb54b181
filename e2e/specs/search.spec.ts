/** Menu search: filters by name and opens the matching groups. */
import { expect } from '@playwright/test';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { menuGroup, menuLink, menuSearch, navbar } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('search keeps matching entries and opens their groups', async ({ page }) => {
  await page.goto('/');
  await waitForShell(page, ACCOUNTS.admin.email);

  await menuSearch(page).fill('car class');
  // Both groups holding a 'Car classes' entry are open and show it; nothing else is left.
  await expect(menuGroup(page, 'Price-watch')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuGroup(page, 'Merchant')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuLink(page, 'Car classes')).toHaveCount(2);
  await expect(navbar(page).getByRole('link')).toHaveCount(2);
  for (const group of [
    'Content',
    'Reservations & payments',
    'Exception management',
    'Tools',
    'Administration',
  ]) {
    await expect(menuGroup(page, group)).toHaveCount(0);
  }

  // Case does not matter.
  await menuSearch(page).fill('PAGES');
  await expect(menuGroup(page, 'Content')).toHaveAttribute('aria-expanded', 'true');
  await expect(menuLink(page, 'Pages')).toBeVisible();
  await expect(menuGroup(page, 'Price-watch')).toHaveCount(0);

  await menuSearch(page).fill('no such entry');
  await expect(navbar(page).getByRole('link')).toHaveCount(0);

  // Clearing the search brings the whole menu back.
  await menuSearch(page).fill('');
  await expect(menuGroup(page, 'Administration')).toBeVisible();
  await expect(menuGroup(page, 'Price-watch')).toBeVisible();
});
