/** Locators and calls for the list-page specs (grid, column menus, pager, presets, API and database). */
import { expect, type Locator, type Page } from '@playwright/test';
import { query } from './db.ts';

export const grid = (page: Page): Locator => page.getByRole('grid');
/** Data rows currently in the DOM (the grid is virtualised: only rows near the view are). */
export const gridRows = (page: Page): Locator => grid(page).locator('tbody tr[aria-rowindex]');
export const headerButton = (page: Page, label: string): Locator =>
  grid(page)
    .locator('thead th')
    .getByRole('button', { name: new RegExp(`^${label}( filtered)?$`) });
export const columnMenu = (page: Page, label: string): Locator =>
  page.getByRole('dialog', { name: `${label} column menu` });
export const totalRows = (page: Page): Locator => page.getByRole('status', { name: 'Total rows' });
/** The pager's total as it reads for n rows counted exactly: "1 row", "1,234 rows". */
export const rowsText = (n: number): string => `${n.toLocaleString('en-US')} ${n === 1 ? 'row' : 'rows'}`;
export const expectTotal = async (page: Page, n: number): Promise<void> =>
  expect(totalRows(page)).toHaveText(rowsText(n));
export const presetSelect = (page: Page): Locator =>
  page.getByRole('combobox', { name: 'Preset', exact: true });
export const filterChips = (page: Page): Locator =>
  page.getByRole('list', { name: 'Active filters' }).getByRole('listitem');

/** The cell texts of one column (by its 0-based position among the visible columns) of rows in the DOM. */
export async function columnTexts(page: Page, index: number): Promise<string[]> {
  return gridRows(page).locator(`td[data-cell$=":${index}"]`).allInnerTexts();
}

/** Waits for the grid's rows to be on screen after a load. */
/**
 * Scrolls the grid to its last columns, as a person would to read them: the grid draws only the
 * columns in view, so a column past the window's width is not in the rows until then.
 */
export async function scrollGridToEnd(page: Page): Promise<void> {
  await grid(page).evaluate((table) => {
    let box = table.parentElement;
    while (box && getComputedStyle(box).overflowX !== 'auto') box = box.parentElement;
    if (box) box.scrollLeft = box.scrollWidth;
  });
}

export async function waitForRows(page: Page): Promise<void> {
  await expect(gridRows(page).first()).toBeVisible();
  await expect(page.getByRole('progressbar', { name: 'Loading rows' })).toHaveCount(0);
}

/** Opens a column's menu and applies one condition through its filter dialog. */
export async function filterColumn(
  page: Page,
  label: string,
  condition: { operator?: string; value?: string; from?: string; to?: string; options?: string[] },
): Promise<void> {
  await headerButton(page, label).click();
  const menu = columnMenu(page, label);
  await expect(menu).toBeVisible();
  if (condition.operator) await menu.getByLabel('Condition 1 operator').selectOption(condition.operator);
  if (condition.from !== undefined) await menu.getByLabel('Condition 1 from').fill(condition.from);
  if (condition.to !== undefined) await menu.getByLabel('Condition 1 to').fill(condition.to);
  const value = menu.getByLabel('Condition 1 value');
  if (condition.options) {
    for (const option of condition.options) {
      await value.first().click();
      await menu.getByRole('option', { name: option, exact: true }).click();
    }
    // Leaving the input closes its dropdown, which would otherwise cover Apply.
    await value.first().press('Tab');
  } else if (condition.value !== undefined) {
    if ((await value.evaluate((el) => el.tagName)) === 'SELECT') await value.selectOption(condition.value);
    else await value.fill(condition.value);
  }
  await menu.getByRole('button', { name: 'Apply' }).click();
  await expect(menu).toBeHidden();
}

/** A call to the API with the page's own access token, as the SPA sends it. */
export async function apiCall<T>(
  page: Page,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const stored = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
      const response = await fetch(path, {
        method,
        headers: {
          Accept: 'application/json',
          'Content-Type': 'application/json',
          Authorization: `Bearer ${stored.access_token ?? ''}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const text = await response.text();
      return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
    },
    { method, path, body },
  );
}

/**
 * Removes a user's own presets, group presets they created and their in-use choice for one right, in
 * the worker's own database: no spec running at the same time shares them.
 */
export async function resetPresets(email: string, rightName: string): Promise<void> {
  await query('DELETE FROM preset_in_use WHERE user_email = $1 AND right_name = $2', [email, rightName]);
  await query(
    `DELETE FROM presets WHERE right_name = $2 AND NOT (name = 'default' AND preset_group_id = 1)
        AND (owner_email = $1 OR (owner_email IS NULL AND created_by = $1))`,
    [email, rightName],
  );
}

/** The number of rows of a list view matching a SQL condition, to compare the grid with. */
export async function countRows(view: string, where = 'true', params: unknown[] = []): Promise<number> {
  const rows = await query<{ n: number }>(`SELECT count(*)::int AS n FROM ${view} WHERE ${where}`, params);
  return rows[0]?.n ?? 0;
}
