/**
 * A stale save: two browser contexts edit one page; the second save gets 409
 * and a dialog showing, field by field, the user's value and the stored one. Keep mine saves again on
 * the stored version; Take stored loads it into the form. No edit is lost on the way.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { ACCOUNTS, type DemoAccount } from '../support/auth.ts';
import { createPage, pageRow, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

async function openAs(browser: Browser, account: DemoAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await storageStateOf(account) });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

async function setUp(browser: Browser): Promise<{ id: number; first: Page; second: Page }> {
  const first = await openAs(browser, ACCOUNTS.admin, '/page/list?ignorestate=true');
  const id = await createPage(first, { title: 'Original' });
  await first.goto(`/page/edit/${id}`);
  await waitForForm(first);
  const second = await openAs(browser, ACCOUNTS.editor, `/page/edit/${id}`);
  await waitForForm(second);
  // The first user saves while the second is still editing the version both opened.
  await first.getByRole('textbox', { name: 'Title' }).fill('Saved first');
  await toolbarButton(first, 'Save').click();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Saved first');
  await second.getByRole('textbox', { name: 'Title' }).fill('Saved second');
  await toolbarButton(second, 'Save').click();
  return { id, first, second };
}

test('Keep mine saves the second user’s value on the stored version', async ({ browser }) => {
  const { id, first, second } = await setUp(browser);
  const dialog = second.getByRole('dialog', { name: 'This record was changed by someone else' });
  await expect(dialog).toBeVisible();
  const row = dialog.getByRole('row', { name: /Title/ });
  await expect(row.getByRole('cell')).toHaveText(['Title', 'Saved second', 'Saved first']);
  await expect(second.getByRole('textbox', { name: 'Title' })).toHaveValue('Saved second');
  await dialog.getByRole('button', { name: 'Keep mine' }).click();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Saved second');
  expect((await pageRow(id)).updatedBy).toBe(ACCOUNTS.editor.email);
  await first.context().close();
  await second.context().close();
});

test('Take stored loads the stored record into the form', async ({ browser }) => {
  const { id, first, second } = await setUp(browser);
  const dialog = second.getByRole('dialog', { name: 'This record was changed by someone else' });
  await dialog.getByRole('button', { name: 'Take stored' }).click();
  await expect(second.getByRole('textbox', { name: 'Title' })).toHaveValue('Saved first');
  // Saving now works: the form holds the stored row version.
  await second.getByRole('textbox', { name: 'Title' }).fill('Third');
  await toolbarButton(second, 'Save').click();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Third');
  await first.context().close();
  await second.context().close();
});
