/**
 * Filter values that cannot go wrong: a number box takes only a number, a date box the product's
 * YYYY-MM-DD (never the browser's locale format), Escape in an open value list closes only that
 * list, and "Go to page" beyond the last page says so.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { columnMenu, headerButton, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

async function openMenu(page: Page, label: string) {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await headerButton(page, label).click();
  const menu = columnMenu(page, label);
  await expect(menu).toBeVisible();
  return menu;
}

test('a number filter takes digits only', async ({ page }) => {
  const menu = await openMenu(page, 'Priority');
  const value = menu.getByLabel('Condition 1 value');
  await value.pressSequentially('a1b2c');
  await expect(value).toHaveValue('12');
});

test('a date filter uses YYYY-MM-DD and says when it is not a date', async ({ page }) => {
  const menu = await openMenu(page, 'Published');
  const value = menu.getByLabel('Condition 1 value');
  // A text box, not the browser's date box with its locale format.
  expect(await value.evaluate((input) => (input as HTMLInputElement).type)).toBe('text');
  await expect(value).toHaveAttribute('placeholder', 'YYYY-MM-DD');
  await value.fill('2026-02-30');
  await expect(menu.getByText('Not a date')).toBeVisible();
  await value.fill('2026-02-28');
  await expect(menu.getByText('Not a date')).toHaveCount(0);
});

test('Escape closes the open value list, not the column menu', async ({ page }) => {
  const menu = await openMenu(page, 'Status');
  await menu.getByLabel('Condition 1 value').first().click();
  await expect(menu.getByRole('listbox')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu.getByRole('listbox')).toBeHidden();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
});

test('Go to page beyond the last page says how many there are', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const jump = page.getByRole('textbox', { name: 'Go to page' });
  await jump.fill('99999');
  await jump.press('Enter');
  await expect(
    page.getByRole('alert').filter({ hasText: /^There (are only [\d,]+ pages|is only 1 page)$/ }),
  ).toBeVisible();
  await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'data-active',
    'true',
  );
});
