/** The home redirect at `/`. */
import { expect, test } from '@playwright/test';
import { ACCOUNTS, type DemoAccount, storageStateOf, waitForShell } from '../support/auth.ts';

const cases: readonly [DemoAccount, string][] = [
  [ACCOUNTS.admin, 'the first entry of the order'],
  [ACCOUNTS.viewer, 'the first entry of the order (View* tool rights)'],
  [ACCOUNTS.editor, 'pages, its first permitted entry'],
  [ACCOUNTS.mapper, 'price-watch locations, its first permitted entry'],
];

for (const [account, why] of cases) {
  test.describe(`home redirect for ${account.key}`, () => {
    test.use({ storageState: storageStateOf(account) });

    test(`/ leads ${account.key} to ${account.home}: ${why}`, async ({ page }) => {
      await page.goto('/');
      await waitForShell(page, account.email);
      await expect(page).toHaveURL((url) => url.pathname === account.home);
    });
  });
}
