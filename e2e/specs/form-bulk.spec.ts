/**
 * The bulk editor: it changes exactly the records of the list it was opened from —
 * the list hands its filters over with the navigation, ignorestate and query-string filters
 * included — after the user confirmed the server's count; each record's result is shown. Opened
 * without a list, it targets no filter and wants the count typed. The rows are counted in the
 * database: only the shown rows changed.
 */
import { expect, type Page } from '@playwright/test';
import { type Account, createAccount } from '../support/accounts.ts';
import { signIn } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbar, toolbarButton } from '../support/form-helpers.ts';
import { gridRows, waitForRows } from '../support/list-helpers.ts';
import { alertModal, formErrors } from '../support/shell.ts';
import { test } from '../support/test.ts';

let admin: Account;

// An admin of its own: its email is what bm_page_save writes to updated_by, so the rows this spec
// changed can be told from every other row.
test.beforeEach(async ({ page }) => {
  admin = await createAccount('admin');
  await signIn(page, admin.email, admin.password);
});

const changedBy = async (email: string): Promise<number[]> =>
  (await query<{ id: number }>('SELECT id FROM pages WHERE updated_by = $1 ORDER BY id', [email])).map(
    (r) => r.id,
  );

const priorityInput = (page: Page) => page.getByRole('textbox', { name: 'Priority', exact: true });

test('a bulk edit from /page/list?ignorestate=true&name=Madrid changes the Madrid pages only', async ({
  page,
}) => {
  const madrid = await query<{ id: number; priority: number }>(
    "SELECT id, priority FROM pages WHERE name ILIKE '%Madrid%' ORDER BY id",
  );
  expect(madrid.length).toBeGreaterThan(0);
  const total = (await query<{ n: number }>('SELECT count(*)::int AS n FROM pages'))[0]?.n ?? 0;
  expect(total).toBeGreaterThan(madrid.length);

  try {
    // ignorestate: the list keeps no filter history, which the editor used to read instead.
    await page.goto('/page/list?ignorestate=true&name=Madrid');
    await waitForRows(page);
    await expect(gridRows(page)).toHaveCount(madrid.length);
    await page.getByRole('link', { name: 'Bulk edit' }).click();
    await page.waitForURL(/\/page\/bulkedit$/);
    await expect(toolbar(page).getByRole('button')).toHaveText([
      'Save changes',
      'Save and close',
      'Discard changes',
    ]);
    await expect(page.getByLabel('Records to change')).toContainText('Name contains Madrid');

    await toolbarButton(page, 'Save changes').click();
    await expect(formErrors(page)).toContainText('Please choose at least one more fields for the changes.');
    await expect(alertModal(page)).toHaveCount(0);

    // The value is disabled until its Change box is ticked.
    await expect(priorityInput(page)).toBeDisabled();
    await page.getByRole('checkbox', { name: 'Change Priority' }).check();
    await expect(priorityInput(page)).toBeEnabled();
    await priorityInput(page).fill('7');

    await toolbarButton(page, 'Save changes').click();
    const confirm = page.getByRole('dialog', { name: 'Bulk edit' });
    await expect(confirm).toContainText(`This will change ${madrid.length} records`);
    await expect(confirm).toContainText('Name contains Madrid');
    const sent = page.waitForRequest(
      (r) => r.method() === 'PUT' && r.url().includes('/api/pages/bulk-update'),
    );
    await confirm.getByRole('button', { name: 'Change records' }).click();
    expect(JSON.parse(new URL((await sent).url()).searchParams.get('filters') ?? '')).toEqual({
      operation: 'contains',
      name: 'name',
      type: 'text',
      value: 'Madrid',
    });
    const results = page.getByRole('table', { name: 'Bulk edit results' });
    await expect(results.getByText('Applied')).toHaveCount(madrid.length);

    expect(await changedBy(admin.email)).toEqual(madrid.map((r) => r.id));
    const priorities = await query<{ priority: number }>(
      'SELECT DISTINCT priority FROM pages WHERE id = ANY($1)',
      [madrid.map((r) => r.id)],
    );
    expect(priorities).toEqual([{ priority: 7 }]);
  } finally {
    // Other specs read the demo pages: put the priorities back.
    for (const row of madrid)
      await query('UPDATE pages SET priority = $1 WHERE id = $2', [row.priority, row.id]);
  }
});

test('opened without a list, the editor warns that every record changes and wants the count typed', async ({
  page,
}) => {
  // A pasted address carries no list: no filter applies, and the editor says so before anything.
  await page.goto('/page/bulkedit');
  await expect(page.getByLabel('Records to change')).toContainText(
    'This page was not opened from a list, so no filter applies',
  );
  await page.getByRole('checkbox', { name: 'Change Priority' }).check();
  await priorityInput(page).fill('4');
  let put = false;
  page.on('request', (r) => {
    if (r.method() === 'PUT' && r.url().includes('/api/pages/bulk-update')) put = true;
  });
  await toolbarButton(page, 'Save changes').click();
  const confirm = page.getByRole('dialog', { name: 'Change every record?' });
  const countBox = confirm.getByRole('textbox', { name: /^Type \d+ to confirm$/ });
  // The count is the server's, read at this moment; other specs may add pages meanwhile.
  const label = await confirm
    .locator('label')
    .filter({ hasText: /^Type \d+ to confirm/ })
    .innerText();
  const total = Number(/\d+/.exec(label)?.[0]);
  expect(total).toBeGreaterThan(100);
  await expect(confirm).toContainText(`This will change ${total} records: the list has no filter`);
  const go = confirm.getByRole('button', { name: 'Change every record' });
  await expect(go).toBeDisabled();
  await countBox.fill(String(total - 1));
  await expect(go).toBeDisabled();
  await countBox.fill(String(total));
  await expect(go).toBeEnabled();
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(confirm).toBeHidden();
  expect(put).toBe(false);
  expect(await changedBy(admin.email)).toEqual([]);
});
