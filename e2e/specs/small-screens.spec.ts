/**
 * Keyboard and small screens: "Skip to content" is the first stop; below 1280 px the navbar folds
 * behind the burger; at 390 px a list and a form scroll only inside the grid, never the page sideways.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { waitForForm } from '../support/form-helpers.ts';
import { waitForRows } from '../support/list-helpers.ts';
import { navbar } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const pageScrollsSideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);

test('the first Tab reaches "Skip to content", which moves focus to the page', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('#main-content')).toBeFocused();
});

test('the navbar folds behind the burger below 1280 px and shows from 1280 px', async ({ page }) => {
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await expect(navbar(page)).not.toBeInViewport();
  await page.getByRole('button', { name: 'Open navigation' }).click();
  await expect(navbar(page)).toBeInViewport();

  await page.setViewportSize({ width: 1440, height: 900 });
  await expect(page.getByRole('button', { name: /navigation/ })).toBeHidden();
  await expect(navbar(page)).toBeInViewport();
});

test('at 390 px a list and a form do not scroll the page sideways', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  expect(await pageScrollsSideways(page)).toBe(false);
  await page.goto('/page/create');
  await waitForForm(page);
  expect(await pageScrollsSideways(page)).toBe(false);
});
