/** Sign-in through the built-in provider and logout, for every demo account. */
import { expect } from '@playwright/test';
import { ALL_ACCOUNTS, logout, signIn, signInButton, userMenuButton } from '../support/auth.ts';
import { test } from '../support/test.ts';

test.describe('sign-in', () => {
  test('a visitor without a session sees the sign-in view', async ({ page }) => {
    await page.goto('/page/list');
    await expect(signInButton(page)).toBeVisible();
  });

  test('opened on 127.0.0.1 while sign-in is set up for localhost, it says which address to use', async ({
    page,
    baseURL,
  }) => {
    const configured = new URL(String(baseURL));
    await page.goto(`http://127.0.0.1:${configured.port}/page/list`);
    const problem = page.getByRole('alert').filter({ hasText: 'Sign-in cannot start here' });
    await expect(problem).toContainText(
      `Sign-in is set up for ${configured.origin}, not http://127.0.0.1:${configured.port}.`,
    );
    const open = page.getByRole('link', { name: `Open ${configured.origin}` });
    await expect(open).toHaveAttribute('href', `${configured.origin}/page/list`);
    await open.click();
    await expect(signInButton(page)).toBeVisible();
    expect(new URL(page.url()).origin).toBe(configured.origin);
  });

  for (const account of ALL_ACCOUNTS) {
    test(`${account.key} signs in, lands on ${account.home} and logs out`, async ({ page }) => {
      await signIn(page, account.email, account.password);
      await expect(page).toHaveURL((url) => url.pathname === account.home);
      await expect(userMenuButton(page, account.email)).toContainText(account.email);

      await logout(page, account.email);
      // The session is gone for good: a reload still shows the sign-in view, not the shell.
      await page.reload();
      await expect(signInButton(page)).toBeVisible();
      await expect(userMenuButton(page, account.email)).toHaveCount(0);
    });
  }

  test('a wrong password is refused on the provider page', async ({ page }) => {
    await page.goto('/');
    await signInButton(page).click();
    await page.waitForURL(/\/oidc\//);
    await page.getByLabel('Email').fill('viewer@bmtools.local');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('Email or password is incorrect.');
    await expect(page).toHaveURL(/\/oidc\//);
  });

  test('the address opened before signing in is where the user lands', async ({ page }) => {
    await page.goto('/page/list?hidefilters=false');
    await signInButton(page).click();
    await page.getByLabel('Email').fill('editor@bmtools.local');
    await page.getByLabel('Password').fill('editor');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/page/list');
  });
});
