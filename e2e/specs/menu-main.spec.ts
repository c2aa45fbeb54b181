/**
 * A change to the main menu shows in the shell at once (and is undone after). The main menu is what
 * every user of the worker's database sees: the test puts it back before it ends, for the worker's
 * later specs that read the menu.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { item, itemButton, itemName, storedMenu } from '../support/menu-helpers.ts';
import { menuLink } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

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
