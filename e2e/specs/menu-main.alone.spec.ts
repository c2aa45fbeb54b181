/**
 * A change to the main menu shows in the shell at once (and is undone after). The main menu is what
 * every user sees: while the test's item is in it, accounts with the item's right see the group it
 * was added to, so this file runs alone, after every other spec (the `alone` project in
 * playwright.config.ts).
 */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, storageStateOf } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { item, itemButton, itemName, storedMenu } from '../support/menu-helpers.ts';
import { menuLink } from '../support/shell.ts';

test.use({ storageState: storageStateOf(ACCOUNTS.admin) });

test('a change to the main menu shows in the shell at once', async ({ page }) => {
  const original = await storedMenu(1);
  try {
    await page.goto('/menu/edit/1');
    await waitForForm(page);
    const last = original.content.at(-1);
    if (!last) throw new Error('the main menu is empty');
    await item(page, last.name).click();
    await itemButton(page, 'Add item').click();
    await itemName(page).fill('E2E pages');
    await page.getByRole('combobox', { name: 'Link' }).fill('/page/list');
    await page.getByRole('combobox', { name: 'Right' }).fill('BMTools/Page/List');
    await page.getByRole('option', { name: 'BMTools/Page/List', exact: true }).click();

    await toolbarButton(page, 'Save').click();
    await expect(menuLink(page, 'E2E pages')).toBeVisible();
  } finally {
    await query('UPDATE menus SET name = $1, content = $2 WHERE id = 1', [
      original.name,
      JSON.stringify(original.content),
    ]);
  }
});
