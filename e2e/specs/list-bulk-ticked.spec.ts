/**
 * Bulk edit of ticked rows: on a list that offers bulk edit, rows are ticked by their checkbox (or
 * Space on a focused cell), the toolbar counts them, the confirmation says what changes in words
 * ("Priority → 7 on 3 records"), and exactly the ticked records change — checked in the database,
 * where every other page keeps its priority and its last editor.
 */
import { expect, type Page } from '@playwright/test';
import { type Account, createAccount } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton } from '../support/form-helpers.ts';
import { filterColumn, grid, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

let admin: Account;

// An admin of its own: its email is what bm_page_save writes to updated_by, so the rows this spec
// changed can be told from every other row.
test.beforeEach(async ({ page }) => {
  admin = await createAccount('admin');
  await signIn(page, admin.email, admin.password);
});

const idOfRow = async (page: Page, index: number): Promise<number> =>
  Number((await gridRows(page).nth(index).locator('td[data-cell$=":0"]').innerText()).trim());
const selectBox = (page: Page, id: number) => page.getByRole('checkbox', { name: `Select row ${id}` });

test('three ticked rows take the bulk edit, and no other row does', async ({ page }) => {
  const before = await query<{ id: number; priority: number; updated_by: string | null }>(
    'SELECT id, priority, updated_by FROM pages ORDER BY id',
  );
  try {
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    const ids = [await idOfRow(page, 0), await idOfRow(page, 2), await idOfRow(page, 4)];
    const [first, second, third] = ids as [number, number, number];

    // Two by their boxes; a click on a box ticks the row and does not open the record.
    await selectBox(page, first).check();
    await selectBox(page, second).check();
    await expect(page).toHaveURL(/\/page\/list/);
    await expect(page.getByText('2 selected', { exact: true })).toBeVisible();
    // The third from the keyboard: Space on a focused cell of its row.
    await gridRows(page).nth(4).locator('td[data-cell]').nth(1).focus();
    await page.keyboard.press('Space');
    await expect(selectBox(page, third)).toBeChecked();
    await expect(page.getByText('3 selected', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Bulk edit' }).click();
    await page.waitForURL(/\/page\/bulkedit$/);
    await expect(page.getByLabel('Records to change')).toContainText('the 3 rows you ticked');
    await page.getByRole('checkbox', { name: 'Change Priority' }).check();
    await page.getByRole('textbox', { name: 'Priority', exact: true }).fill('7');
    await toolbarButton(page, 'Save changes').click();

    const confirm = page.getByRole('dialog', { name: 'Bulk edit' });
    await expect(confirm).toContainText('Priority → 7 on 3 records');
    await expect(confirm).toContainText('This will change 3 records: the rows you ticked');
    const sent = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/api/pages/bulk-update'),
    );
    await confirm.getByRole('button', { name: 'Change records' }).click();
    const body = (await sent).postDataJSON() as { ids?: number[] };
    expect([...(body.ids ?? [])].sort((a, b) => a - b)).toEqual([...ids].sort((a, b) => a - b));
    await expect(page.getByRole('table', { name: 'Bulk edit results' }).getByText('Applied')).toHaveCount(3);

    // Exactly the ticked pages changed: theirs is priority 7 by this admin; every other page is as it was.
    const after = await query<{ id: number; priority: number; updated_by: string | null }>(
      'SELECT id, priority, updated_by FROM pages WHERE id = ANY($1) ORDER BY id',
      [before.map((r) => r.id)],
    );
    for (const row of after) {
      const was = before.find((r) => r.id === row.id);
      if (ids.includes(row.id)) expect(row).toMatchObject({ priority: 7, updated_by: admin.email });
      else expect(row, `page ${row.id}`).toEqual(was);
    }
  } finally {
    // Other specs read the demo pages: put the ticked ones back.
    for (const row of before)
      await query('UPDATE pages SET priority = $1, updated_by = $2 WHERE id = $3 AND updated_by = $4', [
        row.priority,
        row.updated_by,
        row.id,
        admin.email,
      ]);
  }
});

test("the header box ticks the page's rows, Clear unticks them, and a filter change starts over", async ({
  page,
}) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const onPage = await gridRows(page).count();
  const all = grid(page).getByRole('checkbox', { name: 'Select every row on this page' });
  await all.check();
  await expect(page.getByText(`${onPage} selected`, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Clear', exact: true }).click();
  await expect(page.getByText(/\d selected$/)).toHaveCount(0);
  await expect(all).not.toBeChecked();

  // One ticked row makes the header box mixed; Space on the same row unticks it again.
  const id = await idOfRow(page, 1);
  await selectBox(page, id).check();
  await expect(all).toHaveAttribute('data-indeterminate', 'true');
  await gridRows(page).nth(1).locator('td[data-cell]').first().focus();
  await page.keyboard.press('Space');
  await expect(selectBox(page, id)).not.toBeChecked();
  // Space ticked the box and did not scroll the grid or open the record.
  await expect(page).toHaveURL(/\/page\/list/);

  // Ticks belong to the records the list selects: another filter starts them over.
  await selectBox(page, id).check();
  await expect(page.getByText('1 selected', { exact: true })).toBeVisible();
  await filterColumn(page, 'Name', { value: 'a' });
  await waitForRows(page);
  await expect(page.getByText(/\d selected$/)).toHaveCount(0);
  await expect(grid(page).getByRole('checkbox', { checked: true })).toHaveCount(0);
});
