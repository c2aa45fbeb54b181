/**
 * Signs each demo account in once and keeps its browser state, so the specs start signed in
 * without going through the provider's rate-limited login form again and again.
 */
import { test as setup } from '@playwright/test';
import { ALL_ACCOUNTS, signIn, storageStateOf } from './auth.ts';

for (const account of ALL_ACCOUNTS) {
  setup(`sign in ${account.key}`, async ({ page }) => {
    await signIn(page, account.email, account.password);
    await page.context().storageState({ path: storageStateOf(account) });
  });
}
