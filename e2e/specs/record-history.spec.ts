/**
 * A record's History in Chromium: a page edited through its form shows the edit under its view
 * (who, what, from what to what, from which screen); Revert asks first and puts the field back;
 * reverting an older edit once the record has moved on asks again ("The record has changed
 * since") and reverts when confirmed. The viewer reads the History without Revert. A deleted page
 * is put back from the list's Deleted records.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { createPage, pageRow, savePage, waitForForm } from '../support/form-helpers.ts';
import { apiCall } from '../support/list-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

async function editTitle(page: Page, id: number, title: string): Promise<void> {
  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Title' }).fill(title);
  await savePage(page);
  await expect.poll(async () => (await pageRow(id)).title).toBe(title);
}

async function openHistory(page: Page, id: number) {
  await page.goto(`/page/view/${id}`);
  const history = page.getByRole('region', { name: 'History' });
  await history.getByRole('button', { name: 'History' }).click();
  const table = history.getByRole('table', { name: 'History' });
  await expect(table).toBeVisible();
  return { history, rows: table.locator('tbody tr') };
}

test('an edit is in the History, and Revert puts it back after asking', async ({ page, browser }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'History original' });
  await editTitle(page, id, 'History edited');

  const { rows } = await openHistory(page, id);
  const edit = rows.first();
  await expect(edit).toContainText('Edited');
  await expect(edit).toContainText('Title: History original → History edited');
  await expect(edit).toContainText('admin@bmtools.local');
  await expect(edit).toContainText(`/page/edit/${id}`);
  await expect(rows.last()).toContainText('Created');

  await edit.getByRole('button', { name: 'Revert' }).click();
  const ask = page.getByRole('dialog', { name: 'Revert this change?' });
  await expect(ask).toContainText('Title: History edited → History original');
  await ask.getByRole('button', { name: 'Revert', exact: true }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Change reverted' })).toBeVisible();
  await expect.poll(async () => (await pageRow(id)).title).toBe('History original');
  await expect(rows.first()).toContainText('Change reverted');

  // The viewer reads the History, and is offered no Revert.
  const context = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.viewer) });
  const viewer = await context.newPage();
  const seen = await openHistory(viewer, id);
  await expect(seen.rows).toHaveCount(3);
  await expect(viewer.getByRole('button', { name: 'Revert' })).toHaveCount(0);
  await context.close();
});

test('reverting an edit the record has moved on from asks again, then reverts', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'Moved original' });
  await editTitle(page, id, 'Moved first');
  await editTitle(page, id, 'Moved second');

  const { rows } = await openHistory(page, id);
  // Newest first: the second edit, the first edit, the create.
  const first = rows.nth(1);
  await expect(first).toContainText('Title: Moved original → Moved first');
  await first.getByRole('button', { name: 'Revert' }).click();
  await page
    .getByRole('dialog', { name: 'Revert this change?' })
    .getByRole('button', { name: 'Revert', exact: true })
    .click();
  const again = page.getByRole('dialog', { name: 'The record has changed since' });
  await expect(again).toBeVisible();
  expect((await pageRow(id)).title).toBe('Moved second');
  await again.getByRole('button', { name: 'Revert anyway' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Change reverted' })).toBeVisible();
  await expect.poll(async () => (await pageRow(id)).title).toBe('Moved original');
});

test('a deleted page is put back from the list’s Deleted records', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const name = `Deleted and restored ${Math.random().toString(36).slice(2, 8)}`;
  const id = await createPage(page, { name });
  const deleted = await apiCall(page, 'DELETE', `/api/pages/${id}`, {});
  expect(deleted.status).toBe(200);
  expect(await pageRow(id)).toEqual({});

  await page.goto('/page/list?ignorestate=true');
  await page.getByRole('button', { name: 'Deleted records' }).click();
  const drawer = page.getByRole('dialog', { name: 'Deleted records' });
  await drawer.getByRole('button', { name: `Restore ${name}` }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Page restored' })).toBeVisible();
  await expect(drawer.getByText('Restored', { exact: true })).toBeVisible();
  await expect.poll(async () => (await pageRow(id)).name).toBe(name);
});
