/**
 * Record screens say which record they show: a heading with the record's name ("Edit page “…”"),
 * "New page" on create, a breadcrumb back to the list, read-only fields that read as text, and one
 * clear message (no modal, no useless Retry) when the record does not exist.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { createPage, waitForForm } from '../support/form-helpers.ts';
import { waitForRows } from '../support/list-helpers.ts';
import { alertModal } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const heading = (page: import('@playwright/test').Page) => page.getByRole('heading', { level: 1 });
const breadcrumb = (page: import('@playwright/test').Page) =>
  page.getByRole('navigation', { name: 'Breadcrumb' });

test('edit, view and create are headed with the record, with a breadcrumb back to the list', async ({
  page,
}) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const name = `Heading check ${Date.now()}`;
  const id = await createPage(page, { name });

  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  await expect(heading(page)).toHaveText(`Edit page “${name}”`);
  await expect(breadcrumb(page)).toContainText('Pages');
  await expect(breadcrumb(page)).toContainText(`Edit page “${name}”`);

  await page.goto(`/page/view/${id}`);
  await expect(heading(page)).toHaveText(`Page “${name}”`);

  await page.goto('/page/create');
  await waitForForm(page);
  await expect(heading(page)).toHaveText('New page');
  await breadcrumb(page).getByRole('link', { name: 'Pages' }).click();
  await expect(page).toHaveURL((url) => url.pathname === '/page/list');
});

test('a record that does not exist says so once, with the way back', async ({ page }) => {
  await page.goto('/page/edit/987654321');
  const notice = page.getByRole('alert').filter({ hasText: 'This record does not exist' });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Back to Pages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Retry' })).toHaveCount(0);
  await expect(alertModal(page)).toHaveCount(0);
  await expect(heading(page)).toHaveText('Edit page #987654321');
});

test('read-only fields read as text, not as inputs', async ({ page }) => {
  const [rule] = await query<{ id: number }>('SELECT id FROM product_placements ORDER BY id LIMIT 1');
  await page.goto(`/productplacement/edit/${rule?.id}`);
  await waitForForm(page);
  const readOnly = page.getByRole('textbox', { name: 'Id', exact: true });
  await expect(readOnly).toHaveAttribute('readonly', '');
  const style = await readOnly.evaluate((input) => {
    const s = getComputedStyle(input);
    return { top: s.borderTopColor, background: s.backgroundColor };
  });
  expect(style).toEqual({ top: 'rgba(0, 0, 0, 0)', background: 'rgba(0, 0, 0, 0)' });
});
