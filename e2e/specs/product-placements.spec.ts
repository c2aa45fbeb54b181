/**
 * Product placement rules in Chromium: reached from the menu, listed, created through the generated
 * form (which offers Save and close only, back to the list; its country and supplier picked from the
 * price-watch records), read back from the database and opened for editing.
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
  // The country and the supplier are picked from the price-watch records, by name.
  await pickOption(page, 'Country', 'GB - United Kingdom');
  await pickOption(page, 'Supplier', 'Avis');
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

test('create: Save and close stores the new rule, which then opens for editing with Save', async ({
  page,
}) => {
  const name = `E2E rule ${Date.now()}`;
  await page.goto('/productplacement/create');
  await fillRule(page, name);
  // Save (stay on the form) needs a record that exists: a create form offers Save and close only.
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/productplacement\/list/);
  const [created] = await query<{ id: number }>('SELECT id FROM product_placements WHERE name = $1', [name]);
  if (!created) throw new Error(`the rule ${name} was not stored`);
  expect(await ruleRow(created.id)).toMatchObject({
    name,
    placement: 'featured',
    country_code: 'GB',
    supplier: 'Avis',
    position: 4,
    created_by: ACCOUNTS.editor.email,
  });
  await page.goto(`/productplacement/edit/${created.id}`);
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(toolbarButton(page, 'Save')).toBeVisible();
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
