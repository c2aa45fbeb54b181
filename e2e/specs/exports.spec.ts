/**
 * Exporting a list in Chromium: filter and sort the reservations, export them, see the
 * notification arrive (the bell's count and the toast), download the file from the bell, and find
 * in it exactly the grid's columns (headers in the grid's order) and rows (as the grid shows
 * them). Then the Exports list: the export is there, ready, with its Download row action.
 */

import { expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  columnMenu,
  filterColumn,
  grid,
  gridRows,
  headerButton,
  totalRows,
  waitForRows,
} from '../support/list-helpers.ts';
import { header } from '../support/shell.ts';
import { test } from '../support/test.ts';

const admin = ACCOUNTS.admin;
test.use({ signedInAs: admin });
// The tests count one account's notifications: one after the other.
test.describe.configure({ mode: 'serial' });

const bell = (page: Page) => header(page).getByRole('button', { name: /^Notifications/ });
const unread = async (page: Page): Promise<number> =>
  Number(/(\d+) unread/.exec((await bell(page).getAttribute('aria-label')) ?? '')?.[1] ?? 0);

/** The grid's column titles, in its order (each column's resize handle is named after it). */
async function gridHeaders(page: Page): Promise<string[]> {
  const names = await grid(page)
    .locator('thead [role="separator"]')
    .evaluateAll((handles) => handles.map((h) => h.getAttribute('aria-label') ?? ''));
  return names.map((n) => n.replace(/^Resize /, ''));
}

/** A cell of the file as the grid writes the same value. */
function asGridText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (value instanceof Date) return value.toISOString().slice(0, 19).replace('T', ' ');
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  return String(value);
}
/** A grid cell's text in the form the file holds it (numbers without grouping). */
const fromGridText = (text: string, like: ExcelJS.CellValue): string =>
  typeof like === 'number' ? String(Number(text.replace(/,/g, ''))) : text.trim();

test('a filtered, sorted list exports to a file that holds exactly its columns and rows', async ({
  page,
}) => {
  // The most expensive reservations of the name booked most often (at least four of them, and
  // only one name that contains it): the whole result fits one page of the grid.
  const [pick] = await query<{ name: string; total: string }>(
    `WITH names AS (
       SELECT customer_name AS name, count(*) AS n FROM reservations r GROUP BY customer_name
       HAVING NOT EXISTS (SELECT 1 FROM reservations o
                           WHERE o.customer_name <> r.customer_name AND o.customer_name ILIKE '%' || r.customer_name || '%'))
     SELECT customer_name AS name, total_price::text AS total FROM reservations
      WHERE customer_name = (SELECT name FROM names ORDER BY n DESC, name LIMIT 1)
      ORDER BY total_price DESC OFFSET 3 LIMIT 1`,
  );
  const name = pick?.name ?? '';
  expect(name).not.toBe('');
  await page.goto('/reservation/list?ignorestate=true');
  await waitForRows(page);
  await filterColumn(page, 'Customer', { operator: 'contains', value: name });
  await filterColumn(page, 'Total', { operator: 'gte', value: pick?.total ?? '0' });
  await headerButton(page, 'Total').click();
  await columnMenu(page, 'Total').getByRole('button', { name: 'Sort descending' }).click();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Total');
  await waitForRows(page);
  // The filters apply after their debounce: wait for the grid to hold exactly the rows they select.
  const [expected] = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM reservations
      WHERE customer_name ILIKE '%' || $1 || '%' AND total_price >= $2::numeric`,
    [name, pick?.total ?? '0'],
  );
  const total = expected?.n ?? 0;
  expect(total).toBeGreaterThanOrEqual(4);
  await expect(totalRows(page)).toHaveText(new RegExp(`^${total} rows?$`));
  await expect(gridRows(page)).toHaveCount(total);

  const headers = await gridHeaders(page);
  const cells = await gridRows(page).evaluateAll((rows) =>
    rows.map((row) =>
      [...row.querySelectorAll('td[data-cell]')].map((td) => (td as HTMLElement).innerText.trim()),
    ),
  );
  const before = await unread(page);

  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to Excel' });
  await expect(dialog).toBeVisible();
  const fileName = `e2e ${name} ${Date.now()}`;
  await dialog.getByRole('textbox', { name: 'File Name' }).fill('');
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog.getByText('This is required field.')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'File Name' }).fill(fileName);
  await expect(dialog.getByText(`Saved as ${fileName}.xlsx`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.getByText(`Export queued — you will get a notification when ${fileName}.xlsx is ready`),
  ).toBeVisible();

  // The worker finishes it; the notification arrives live: a toast and one more unread.
  await expect(page.getByText(`Export ready: ${fileName}.xlsx`)).toBeVisible({ timeout: 30_000 });
  await expect(bell(page)).toHaveAccessibleName(`Notifications, ${before + 1} unread`);

  await bell(page).click();
  const download = page.waitForEvent('download');
  await page
    .getByRole('list', { name: 'Notification list' })
    .getByRole('button', { name: `Download ${fileName}.xlsx` })
    .click();
  const saved = await download;
  expect(saved.suggestedFilename()).toBe(`${fileName}.xlsx`);
  const bytes = Buffer.concat(await (await saved.createReadStream()).toArray());
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes as unknown as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;

  expect((sheet.getRow(1).values as ExcelJS.CellValue[]).slice(1)).toEqual(headers);
  expect(sheet.rowCount).toBe(total + 1);
  const fileRows = Array.from({ length: total }, (_, i) =>
    (sheet.getRow(i + 2).values as ExcelJS.CellValue[]).slice(1),
  );
  fileRows.forEach((row, i) => {
    const shown = cells[i] ?? [];
    expect(shown.length).toBe(headers.length);
    headers.forEach((label, c) => {
      const value = row[c] ?? null;
      expect(fromGridText(shown[c] ?? '', value), `row ${i + 1}, ${label}`).toBe(asGridText(value));
    });
  });
});

test('the Exports list shows the export, ready, with its Download action', async ({ page }) => {
  const [latest] = await query<{ id: number; file_name: string; row_count: number }>(
    `SELECT id, file_name, row_count FROM exports WHERE requested_by = $1 AND status = 'done'
      ORDER BY id DESC LIMIT 1`,
    [admin.email],
  );
  expect(latest).toBeDefined();
  await page.goto('/export/list?ignorestate=true');
  await waitForRows(page);
  const row = gridRows(page).filter({ hasText: latest?.file_name ?? '' });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('Ready');
  await row.getByRole('button', { name: /actions/i }).click();
  const download = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Download' }).click();
  expect((await download).suggestedFilename()).toBe(latest?.file_name);
  // Exports made by others are not listed: only the caller's own rows come back.
  const others = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM exports WHERE requested_by <> $1`,
    [admin.email],
  );
  expect(others[0]?.n).toBeGreaterThan(0);
  for (const email of ['editor@bmtools.local', 'mapper@bmtools.local'])
    await expect(gridRows(page).filter({ hasText: email })).toHaveCount(0);
});

test('a queued export is cancelled from its row, after a confirmation', async ({ page }) => {
  // A request still waiting for a free worker (its row only: no job, so nothing runs it).
  const fileName = `waiting ${Date.now()}.xlsx`;
  await query(
    `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria)
     VALUES ($1, 'Reservations', $2, 'Reservation', '/api/reservations',
             '{"source":"/api/reservations","sort":[],"selector":[{"field":"id","label":"Id"}]}')`,
    [fileName, admin.email],
  );
  await page.goto('/export/list?ignorestate=true');
  await waitForRows(page);
  const row = gridRows(page).filter({ hasText: fileName });
  await expect(row).toContainText('Queued');
  await row.getByRole('button', { name: /actions/i }).click();
  // A queued export has nothing to download yet.
  await expect(page.getByRole('menuitem', { name: 'Download' })).toHaveCount(0);
  await page.getByRole('menuitem', { name: 'Cancel' }).click();
  const confirm = page.getByRole('dialog', { name: 'Cancel' });
  await expect(confirm).toContainText('The file will not be made.');
  await confirm.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Export cancelled')).toBeVisible();
  await expect(row).toContainText('Cancelled');
  const [stored] = await query<{ status: string }>('SELECT status FROM exports WHERE file_name = $1', [
    fileName,
  ]);
  expect(stored?.status).toBe('cancelled');
});
