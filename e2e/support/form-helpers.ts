/** Calls, locators and database reads for the form specs (record forms, bulk edit, dynamic pages). */
import { expect, type Locator, type Page } from '@playwright/test';
import { query } from './db.ts';
import { apiCall } from './list-helpers.ts';

interface SaveResult {
  isSuccess: boolean;
  id: number | string | null;
  message: string;
}

/** A fresh page made through the API, as the SPA would save it. */
export async function createPage(page: Page, values: Record<string, unknown>): Promise<number> {
  const suffix = Math.random().toString(36).slice(2, 8);
  const all = {
    name: `E2E form ${suffix}`,
    url: `/e2e/${suffix}`,
    languageCode: 'en',
    status: 'draft',
    isActive: true,
    ...values,
  };
  const { status, body } = await apiCall<SaveResult>(page, 'POST', '/api/pages', {
    storeProcedure: 'bm_page_save',
    values: Object.entries(all).map(([mapkey, value]) => ({ mapkey, value })),
  });
  expect(status, JSON.stringify(body)).toBeLessThan(300);
  return Number(body.id);
}

export async function pageRow(id: number): Promise<Record<string, unknown>> {
  const rows = await query<Record<string, unknown>>('SELECT * FROM v_page_record WHERE id = $1', [id]);
  return rows[0] ?? {};
}

export async function interceptionRow(id: number): Promise<Record<string, unknown>> {
  const rows = await query<Record<string, unknown>>('SELECT * FROM interceptions WHERE id = $1', [id]);
  return rows[0] ?? {};
}

/** A fresh interception (draft) made straight in the database. */
export async function createInterception(
  values: { name?: string; script?: string; config?: string; styles?: string } = {},
): Promise<number> {
  const rows = await query<{ id: number }>(
    `INSERT INTO interceptions (name, pattern, script, config, styles) VALUES ($1, $2, $3, $4, $5) RETURNING id`,
    [
      values.name ?? `E2E interception ${Math.random().toString(36).slice(2, 8)}`,
      '/e2e/*',
      values.script ?? 'console.log(1);',
      values.config ?? '{"a":1}',
      values.styles ?? 'a { color: red; }',
    ],
  );
  return rows[0]?.id ?? 0;
}

export const toolbar = (page: Page): Locator => page.getByRole('toolbar', { name: 'Form actions' });
export const toolbarButton = (page: Page, name: string): Locator =>
  toolbar(page).getByRole('button', { name, exact: true });

/**
 * Saves a page's edit form and waits for the form's own answer ("Page saved"), not only for the
 * row: the row is written before the answer reaches the form, which until then holds unsaved edits,
 * so leaving it at once would be asked about them.
 */
export async function savePage(page: Page): Promise<void> {
  await toolbarButton(page, 'Save').click();
  await expect(page.getByText('Page saved')).toBeVisible();
}

/** Waits for a record form to have loaded its record. */
export async function waitForForm(page: Page, timeout?: number): Promise<void> {
  await expect(page.getByRole('form', { name: 'Record form' })).toBeVisible({ timeout });
}

/** Picks an option of a Mantine select by its label. */
export async function pickOption(page: Page, label: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

/** Records every dialog (alert, confirm, prompt) the page opens, dismissing it. */
export function watchDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}
