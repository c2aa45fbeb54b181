/**
 * The generic record form on Pages:
 * create (offers Save and close, not Save), edit, save (stays and reloads), save and close (return
 * order), discard, validation messages, tabs in the URL hash, the detail view and the 428 page.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  createPage,
  pageRow,
  pickOption,
  savePage,
  toolbar,
  toolbarButton,
  waitForForm,
} from '../support/form-helpers.ts';
import { alertModal, formErrors, menuLink, openGroup } from '../support/shell.ts';
import { storageStateOf, test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('create: a new page offers Save and close only; saved, it opens for editing with Save', async ({
  page,
}) => {
  const name = `Created ${Date.now()}`;
  await page.goto('/page/create');
  await waitForForm(page);
  // Save (stay on the form) needs a record that exists: a create form offers Save and close only.
  await expect(toolbar(page).getByRole('button')).toHaveText(['Save and close', 'Discard changes']);
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'URL' }).fill(`/e2e/created-${Date.now()}`);
  await pickOption(page, 'Language', 'de - German');
  await pickOption(page, 'Status', 'Draft');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL((url) => url.pathname === '/page/list');
  const [created] = await query<{ id: number }>('SELECT id FROM pages WHERE name = $1', [name]);
  if (!created) throw new Error(`the page ${name} was not stored`);
  expect(await pageRow(created.id)).toMatchObject({
    name,
    languageCode: 'de',
    status: 'draft',
    updatedBy: ACCOUNTS.admin.email,
  });
  // The same record, opened for editing, now offers Save.
  await page.goto(`/page/edit/${created.id}`);
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Save', 'Save and close', 'Discard changes']);
});

test('edit: Save stays on the form and reloads the saved record', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, {});
  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  const before = await pageRow(id);
  await page.getByRole('textbox', { name: 'Title' }).fill('Saved title');
  await savePage(page);
  await expect(page).toHaveURL(new RegExp(`/page/edit/${id}$`));
  await expect.poll(async () => (await pageRow(id)).title).toBe('Saved title');
  expect((await pageRow(id)).rowVersion).toBe(Number(before.rowVersion) + 1);
  // A second save works on the reloaded row version (no conflict with itself).
  await page.getByRole('textbox', { name: 'Title' }).fill('Saved again');
  await toolbarButton(page, 'Save').click();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Saved again');
  await expect(page.getByRole('dialog', { name: 'This record was changed by someone else' })).toHaveCount(0);
});

test.describe('leaving the form', () => {
  let id = 0;
  test.beforeEach(async ({ page }) => {
    await page.goto('/page/list?ignorestate=true');
    id = await createPage(page, { title: 'Before' });
  });

  test('Save and close saves and returns to the redirecturl', async ({ page }) => {
    await page.goto(`/page/edit/${id}?redirecturl=/page/view/${id}`);
    await waitForForm(page);
    await page.getByRole('textbox', { name: 'Title' }).fill('Closed');
    await toolbarButton(page, 'Save and close').click();
    // The path, not the whole address: the edit form's own address ends with the same text (its
    // redirecturl), which matched before the save was answered.
    await page.waitForURL((url) => url.pathname === `/page/view/${id}`);
    expect((await pageRow(id)).title).toBe('Closed');
  });

  test('Save and close on a 6× slower CPU saves the last input before it leaves', async ({ page }) => {
    // A busy machine: the save must still send what was typed last (the number field holds its
    // change back for a second) and leave only once the server has the row.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
    try {
      await page.goto(`/page/edit/${id}?redirecturl=/page/view/${id}`);
      // Loading routes, rights, menu, preset and record at a sixth of the speed on a busy machine
      // takes longer than the usual wait; what is tested is the save after it.
      await waitForForm(page, 60_000);
      await page.getByRole('textbox', { name: 'Title' }).fill('Closed under load');
      await page.getByRole('textbox', { name: 'Priority' }).fill('8');
      await toolbarButton(page, 'Save and close').click();
      await page.waitForURL((url) => url.pathname === `/page/view/${id}`, { timeout: 60_000 });
      expect(await pageRow(id)).toMatchObject({ title: 'Closed under load', priority: 8 });
    } finally {
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    }
  });

  test("Save and close without redirecturl goes to the action's RedirectUrl", async ({ page }) => {
    await page.goto(`/page/edit/${id}`);
    await waitForForm(page);
    await toolbarButton(page, 'Save and close').click();
    await page.waitForURL(/\/page\/list/);
  });

  test('a redirecturl to a foreign origin is not followed', async ({ page }) => {
    await page.goto(`/page/edit/${id}?redirecturl=${encodeURIComponent('https://evil.example.net/')}`);
    await waitForForm(page);
    await toolbarButton(page, 'Discard changes').click();
    await page.waitForURL(/\/page\/list/);
  });

  test('Discard changes leaves without saving', async ({ page }) => {
    await page.goto(`/page/edit/${id}`);
    await waitForForm(page);
    await page.getByRole('textbox', { name: 'Title' }).fill('Never saved');
    await toolbarButton(page, 'Discard changes').click();
    await page.waitForURL(/\/page\/list/);
    expect((await pageRow(id)).title).toBe('Before');
  });
});

test('validation messages show under the fields and in a summary at the top, and nothing is sent', async ({
  page,
}) => {
  await page.goto('/page/create');
  await waitForForm(page);
  let posted = false;
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/pages') posted = true;
  });
  await toolbarButton(page, 'Save and close').click();
  await expect(formErrors(page)).toContainText('Please fill up all required field');
  await expect(alertModal(page)).toHaveCount(0);
  await expect(formErrors(page)).toContainText('Name: This field is required');
  const nameField = page.getByRole('textbox', { name: 'Name' });
  await expect(nameField).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('This field is required').first()).toBeVisible();
  await expect(nameField).toHaveAttribute('maxlength', '200');
  // The error goes once the field is filled.
  await nameField.fill('x');
  await expect(nameField).not.toHaveAttribute('aria-invalid', 'true');
  expect(posted).toBe(false);
});

test('the number field takes digits only', async ({ page }) => {
  await page.goto('/page/create');
  await waitForForm(page);
  const priority = page.getByRole('textbox', { name: 'Priority' });
  await priority.pressSequentially('1a2-3.');
  await expect(priority).toHaveValue('123');
});

test('tabs follow the URL hash', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { contentHtml: '<p>Tabbed body</p>' });
  await page.goto(`/page/edit/${id}#2`);
  await expect(page.getByRole('tab', { name: 'Content' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Tabbed body');
  await page.getByRole('tab', { name: 'Page' }).click();
  await expect(page).toHaveURL(/#1$/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toBeVisible();
});

test('the detail view shows the record read-only with Edit and Back to list', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'Viewed title' });
  await page.goto(`/page/view/${id}`);
  await expect(page.getByText('Viewed title')).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Edit', 'Back to list']);
  await toolbarButton(page, 'Edit').click();
  await page.waitForURL(new RegExp(`/page/edit/${id}$`));
});

test('the editor may edit but has no bulk edit or publish', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.editor) });
  const page = await context.newPage();
  await page.goto('/page/create');
  await waitForForm(page);
  await expect(toolbarButton(page, 'Save and close')).toBeVisible();
  await page.goto('/page/bulkedit');
  await expect(page.getByText('Please contact your administrator.')).toBeVisible();
  await context.close();
});

test('the viewer may only view', async ({ browser }) => {
  const context = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.viewer) });
  const page = await context.newPage();
  await page.goto('/page/edit/1');
  await expect(page.getByText('Please contact your administrator.')).toBeVisible();
  await page.goto('/page/view/1');
  await expect(toolbar(page).getByRole('button')).toHaveText(['Back to list']);
  await context.close();
});

test('a screen whose right has no default preset is the 428 page', async ({ page }) => {
  // Reservations are never edited by hand: their Edit right (the admin's) has no form preset.
  await page.goto('/reservation/edit/1');
  await expect(page.getByText('Precondition Required')).toBeVisible();
});

test('leaving a form with unsaved edits asks first; the browser prompts on reload', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, {});
  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Title' }).fill('Not saved yet');

  // An in-app link: our dialog.
  await openGroup(page, 'Content');
  await menuLink(page, 'Reviews').click();
  const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Stay on this page' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`/page/edit/${id}$`));
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Not saved yet');

  // A reload: the browser's own beforeunload prompt, dismissed, keeps the page and the edit.
  // The dismissed reload never ends (nothing to wait for): the prompt is what the test waits on.
  const prompted = page.waitForEvent('dialog');
  void page.reload().catch(() => undefined);
  const prompt = await prompted;
  expect(prompt.type()).toBe('beforeunload');
  await prompt.dismiss();
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('Not saved yet');

  await menuLink(page, 'Reviews').click();
  await dialog.getByRole('button', { name: 'Leave without saving' }).click();
  await expect(page).toHaveURL(/\/review\/list/);
  expect((await pageRow(id)).title).not.toBe('Not saved yet');
});
