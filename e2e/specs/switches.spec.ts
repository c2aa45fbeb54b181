/** Query-string switches hidemenu and hideheader: case-insensitive, kept in session storage. */
import { expect } from '@playwright/test';
import { ACCOUNTS, userMenuButton } from '../support/auth.ts';
import { header, menuSearch, navbar } from '../support/shell.ts';
import { storageStateOf, test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });
const { email } = ACCOUNTS.admin;

test('without switches both header and menu show', async ({ page }) => {
  await page.goto('/page/list');
  await expect(userMenuButton(page, email)).toBeVisible();
  await expect(menuSearch(page)).toBeVisible();
});

test('?hidemenu=true hides the menu and keeps it hidden in this tab', async ({ page }) => {
  await page.goto('/page/list?hidemenu=true');
  await expect(userMenuButton(page, email)).toBeVisible();
  await expect(menuSearch(page)).toHaveCount(0);
  await expect(navbar(page).getByRole('link')).toHaveCount(0);

  // Kept in session storage: a later address without the switch still has no menu.
  await page.goto('/preset/list');
  await expect(userMenuButton(page, email)).toBeVisible();
  await expect(menuSearch(page)).toHaveCount(0);

  // Switched back off explicitly.
  await page.goto('/preset/list?HIDEMENU=false');
  await expect(menuSearch(page)).toBeVisible();
});

test('?HideHeader=TRUE hides the header, case-insensitively', async ({ page }) => {
  await page.goto('/page/list?HideHeader=TRUE');
  await expect(menuSearch(page)).toBeVisible();
  await expect(header(page)).toHaveCount(0);
  await expect(userMenuButton(page, email)).toHaveCount(0);

  await page.goto('/preset/list');
  await expect(menuSearch(page)).toBeVisible();
  await expect(header(page)).toHaveCount(0);
});

test('the switches belong to the tab: a new one starts with defaults', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.admin) });
  try {
    const first = await context.newPage();
    await first.goto('/page/list?hidemenu=true&hideheader=true');
    await expect(menuSearch(first)).toHaveCount(0);
    await expect(header(first)).toHaveCount(0);

    const second = await context.newPage();
    await second.goto('/page/list');
    await expect(menuSearch(second)).toBeVisible();
    await expect(userMenuButton(second, email)).toBeVisible();
  } finally {
    await context.close();
  }
});
