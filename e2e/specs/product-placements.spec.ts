/**
 * Product placement rules in Chromium: reached from the menu, listed, created through the generated
 * form (which then opens the new rule's edit page, or the list when Save and close was chosen) and
 * read back from the database.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { menuLink, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.editor });

const ruleRow = async (id: number) =>
  (await query<Record<string, unknown>>('SELECT * FROM product_placements WHERE id = $1', [id]))[0] ?? {};

async function fillRule(page: import('@playwright/test').Page, name: string): Promise<void> {
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await pickOption(page, 'Placement', 'Featured');
  await page.getByRole('textbox', { name: 'Country' }).fill('GB');
  await page.getByRole('textbox', { name: 'Supplier' }).fill('Avis');
  await page.getByRole('textbox', { name: 'Car class' }).fill('Compact');
  await page.getByRole('textbox', { name: 'Position' }).fill('4');
}

test('the menu leads to the list of rules, newest first', async ({ page }) => {
  await page.goto('/');
  await openGroup(page, 'Content');
  await menuLink(page, 'Product placement rules').click();
  await page.waitForURL(/\/productplacement\/list/);
  await expect(page.getByRole('columnheader', { name: 'Placement' })).toBeVisible();
  await expect(page.getByRole('row').nth(1)).toBeVisible();
});

test('create: Save opens the new rule at its edit page', async ({ page }) => {
  const name = `E2E rule ${Date.now()}`;
  await page.goto('/productplacement/create');
  await fillRule(page, name);
  await toolbarButton(page, 'Save').click();
  await page.waitForURL(/\/productplacement\/edit\/\d+$/);
  const id = Number(new URL(page.url()).pathname.split('/').pop());
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  expect(await ruleRow(id)).toMatchObject({
    name,
    placement: 'featured',
    country_code: 'GB',
    supplier: 'Avis',
    position: 4,
    created_by: ACCOUNTS.editor.email,
  });
});

test('create: Save and close returns to the list', async ({ page }) => {
  const name = `E2E closed rule ${Date.now()}`;
  await page.goto('/productplacement/create');
  await fillRule(page, name);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/productplacement\/list/);
  await expect
    .poll(async () => (await query('SELECT 1 FROM product_placements WHERE name = $1', [name])).length)
    .toBe(1);
});
