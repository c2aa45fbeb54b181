/**
 * What a list shows by right: toolbar buttons and row actions by the user's rights. (What it shows
 * without presets or without the default is in list-presets-missing.spec.ts.)
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { gridRows, waitForRows } from '../support/list-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

test.describe('rights', () => {
  const actionsOfFirstRow = async (page: import('@playwright/test').Page): Promise<string[]> => {
    await gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    // allInnerTexts does not wait: read the menu once it has opened (its items render together).
    await expect(page.getByRole('menuitem').first()).toBeVisible();
    const items = await page.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    return items;
  };

  test('admin: Create record, Bulk edit and every row action', async ({ browser }) => {
    const page = await browser.newPage({ storageState: await storageStateOf(ACCOUNTS.admin) });
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    await expect(page.getByRole('link', { name: 'Create record' })).toHaveAttribute('href', '/page/create');
    await expect(page.getByRole('link', { name: 'Bulk edit' })).toHaveAttribute('href', '/page/bulkedit');
    expect(await actionsOfFirstRow(page)).toEqual(['View', 'Edit', 'Delete']);
    await page.close();
  });

  test('editor: Create record, no Bulk edit, no Delete', async ({ browser }) => {
    const page = await browser.newPage({ storageState: await storageStateOf(ACCOUNTS.editor) });
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    await expect(page.getByRole('link', { name: 'Create record' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Bulk edit' })).toHaveCount(0);
    expect(await actionsOfFirstRow(page)).toEqual(['View', 'Edit']);
    await page.close();
  });

  test('viewer: no Create record, only View', async ({ browser }) => {
    const page = await browser.newPage({ storageState: await storageStateOf(ACCOUNTS.viewer) });
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    await expect(page.getByRole('link', { name: 'Create record' })).toHaveCount(0);
    expect(await actionsOfFirstRow(page)).toEqual(['View']);
    await page.close();
  });
});
