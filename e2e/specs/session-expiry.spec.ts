/**
 * An expired session must not cost the user their typed work. A 401 mid-edit first renews the
 * session silently (the provider's session cookie is still there) and the save goes through; when
 * that fails too, the sign-in view says "Your session expired", the form's values are kept, and
 * after signing in the user is back on the same form with them, and can save.
 */
import { expect, type Page } from '@playwright/test';
import { type Account, createAccount } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';
import { createPage, pageRow, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { test } from '../support/test.ts';

let admin: Account;

test.beforeEach(async ({ page }) => {
  admin = await createAccount('admin');
  await signIn(page, admin.email, admin.password);
});

/** Damages the access token oidc-client-ts keeps in local storage: the API refuses it with 401. */
async function corruptStoredToken(page: Page): Promise<void> {
  await page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    if (!key) throw new Error('no stored user');
    const user = JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token: string };
    user.access_token = `${user.access_token.slice(0, -8)}damaged0`;
    localStorage.setItem(key, JSON.stringify(user));
  });
}

/** The statuses of the form's saves (PUT /api/pages/{id}), in order. */
function watchSaves(page: Page, id: number): number[] {
  const statuses: number[] = [];
  page.on('response', (r) => {
    if (r.request().method() === 'PUT' && new URL(r.url()).pathname === `/api/pages/${id}`) {
      statuses.push(r.status());
    }
  });
  return statuses;
}

async function openForm(page: Page): Promise<number> {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'Before' });
  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  return id;
}

test('a 401 mid-edit renews the session silently and the save goes through', async ({ page }) => {
  const id = await openForm(page);
  const saves = watchSaves(page, id);
  await page.getByRole('textbox', { name: 'Title' }).fill('Saved after a silent renewal');
  await corruptStoredToken(page);
  await toolbarButton(page, 'Save').click();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Saved after a silent renewal');
  // The damaged token was refused, renewed and the same save sent once more.
  // Polled: the database can hold the change before the browser has read the 200.
  await expect.poll(() => saves).toEqual([401, 200]);
  await expect(page.getByText('Your session expired')).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Saved after a silent renewal');
});

test('when renewal fails too, the typed values survive the sign-in and are saved after it', async ({
  page,
}) => {
  const id = await openForm(page);
  const saves = watchSaves(page, id);
  await page.getByRole('textbox', { name: 'Title' }).fill('Typed before the session expired');
  await page.getByRole('textbox', { name: 'Priority' }).fill('6');
  // No provider session left to renew from, and a token the API refuses.
  await page.context().clearCookies();
  await corruptStoredToken(page);
  await toolbarButton(page, 'Save').click();

  await expect(page.getByRole('alert').filter({ hasText: 'Your session expired' })).toBeVisible({
    timeout: 30_000,
  });
  expect((await pageRow(id)).title).toBe('Before');
  expect(saves).toEqual([401]);

  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(admin.email);
  await page.getByLabel('Password').fill(admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();

  await page.waitForURL(new RegExp(`/page/edit/${id}$`), { timeout: 30_000 });
  await waitForForm(page);
  await expect(page.getByText('Unsaved changes restored')).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Typed before the session expired');
  await expect(page.getByRole('textbox', { name: 'Priority' })).toHaveValue('6');

  await toolbarButton(page, 'Save').click();
  await expect
    .poll(async () => pageRow(id))
    .toMatchObject({ title: 'Typed before the session expired', priority: 6 });
  // Kept once: a reload shows the stored record, not the draft again.
  await page.reload();
  await waitForForm(page);
  await expect(page.getByText('Unsaved changes restored')).toHaveCount(0);
});
