/**
 * Publish on Interceptions: a confirmation with Ok and Cancel named by the
 * preset's publish action, the call under a busy overlay, and the Publish right.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import {
  createInterception,
  interceptionRow,
  toolbar,
  toolbarButton,
  waitForForm,
} from '../support/form-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('Public on the edit page publishes after Ok, and Cancel does nothing', async ({ page }) => {
  const id = await createInterception();
  await page.goto(`/interception/edit/${id}`);
  await waitForForm(page);
  await expect(toolbar(page).getByRole('button')).toHaveText([
    'Save',
    'Save and close',
    'Public',
    'Discard changes',
  ]);

  await toolbarButton(page, 'Public').click();
  const confirm = page.getByRole('dialog', { name: 'Publish interception' });
  await expect(confirm).toContainText('Publish this interception to the live site?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect((await interceptionRow(id)).status).toBe('draft');

  const call = page.waitForRequest(
    (r) => r.url().endsWith('/api/interceptions/publish') && r.method() === 'POST',
  );
  await toolbarButton(page, 'Public').click();
  await page
    .getByRole('dialog', { name: 'Publish interception' })
    .getByRole('button', { name: 'Ok' })
    .click();
  expect((await call).postDataJSON()).toEqual({ id });
  await expect(page.getByRole('dialog', { name: 'Publish interception' })).toBeHidden();
  await expect.poll(async () => (await interceptionRow(id)).status).toBe('published');
  expect((await interceptionRow(id)).published_by).toBe(ACCOUNTS.admin.email);
});

test('Public on the view page, and a failed publish only clears the busy state', async ({ page }) => {
  const id = await createInterception();
  await page.goto(`/interception/view/${id}`);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Edit', 'Public', 'Back to list']);
  await page.route('**/api/interceptions/publish', (route) =>
    route.fulfill({ status: 500, json: { message: 'The publisher is down' } }),
  );
  await toolbarButton(page, 'Public').click();
  await page
    .getByRole('dialog', { name: 'Publish interception' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect(page.getByLabel('Publishing')).toHaveCount(0);
  await expect(page.getByRole('dialog', { name: 'Error' })).toHaveCount(0);
  await expect(toolbarButton(page, 'Public')).toBeEnabled();
  await page.unroute('**/api/interceptions/publish');
  await toolbarButton(page, 'Public').click();
  await page
    .getByRole('dialog', { name: 'Publish interception' })
    .getByRole('button', { name: 'Ok' })
    .click();
  await expect.poll(async () => (await interceptionRow(id)).status).toBe('published');
});

test('a new interception has no Public and no Save until it has an id', async ({ page }) => {
  await page.goto('/interception/create');
  await waitForForm(page);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Save and close', 'Discard changes']);
});

test('without the Publish right there is no Public', async ({ browser }) => {
  const id = await createInterception();
  const context = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.editor) });
  const page = await context.newPage();
  await page.goto(`/interception/edit/${id}`);
  await waitForForm(page);
  await expect(toolbarButton(page, 'Save')).toBeVisible();
  await expect(toolbarButton(page, 'Public')).toHaveCount(0);
  await context.close();
});
