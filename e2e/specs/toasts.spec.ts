/**
 * Toasts confirm without getting in the way: at the usual 1440×900 and on a 1024 px laptop, a toast
 * on a list never covers the pager (page size, pages, Go to page) nor the page's toolbar.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { resetPresets, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

const { email } = ACCOUNTS.editor;
test.use({ signedInAs: ACCOUNTS.editor });
test.beforeEach(() => resetPresets(email, 'BMTools/Page/List'));

type Box = { x: number; y: number; width: number; height: number };

async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not on screen');
  return box;
}

const overlaps = (a: Box, b: Box): boolean =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

async function showToast(page: Page): Promise<Locator> {
  await page.getByRole('button', { name: 'Save as new view' }).click();
  const form = page.getByRole('form', { name: 'Save as new view' });
  await form.getByLabel('View name').fill(`Toast ${Date.now()}`);
  await form.getByRole('button', { name: 'Save' }).click();
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: 'Saved as the new view' });
  await expect(toast).toBeVisible();
  return toast;
}

for (const size of [
  { width: 1440, height: 900 },
  { width: 1024, height: 768 },
]) {
  test(`a toast covers neither the pager nor the toolbar at ${size.width} px`, async ({ page }) => {
    await page.setViewportSize(size);
    await page.goto('/page/list');
    await waitForRows(page);
    const toast = await showToast(page);
    // Settled: the stack has slid in.
    await expect(async () => {
      const before = await boxOf(toast);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      expect(await boxOf(toast)).toEqual(before);
    }).toPass();
    const toastBox = await boxOf(toast);
    for (const control of [
      page.getByRole('combobox', { name: 'Page size' }),
      page.getByRole('button', { name: 'Page 1', exact: true }),
      page.getByRole('textbox', { name: 'Go to page' }),
      page.getByRole('status', { name: 'Total rows' }),
      page.getByRole('button', { name: 'Columns' }),
      page.getByRole('button', { name: 'Save as new view' }),
    ]) {
      if ((await control.count()) === 0) continue;
      expect(overlaps(toastBox, await boxOf(control.first())), String(control)).toBe(false);
    }
  });
}
