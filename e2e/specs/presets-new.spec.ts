/**
 * Presets (new) in Chromium: an administrator edits a team's shared preset part by part; Save
 * keeps the old version and moves the form to the new version's edit page; a part that would lead
 * off the site is refused under its field with what was typed kept, and nothing is stored.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

/** A fresh shared preset of the pages list in the Team group, so each run edits its own. */
async function teamPreset(name: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO presets (name, right_name, preset_group_id, definition, created_by)
     SELECT $1, right_name, 3, definition, 'e2e' FROM presets
      WHERE right_name = 'BMTools/Page/List' AND name = 'default' AND preset_group_id = 1
      ORDER BY version DESC LIMIT 1
     RETURNING id`,
    [name],
  );
  return row?.id ?? 0;
}

/** Replaces a code field's text, as a paste would (no auto-closed brackets). */
async function replaceCode(page: Page, label: string, code: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(code);
}

test('Save keeps the old version and moves to the new version’s edit page', async ({ page }) => {
  const name = `E2E preset ${Date.now()}`;
  const id = await teamPreset(name);
  await page.goto(`/presets-new/list?ignorestate=true&name=${encodeURIComponent(name)}`);
  await waitForRows(page);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await page.waitForURL(`**/presets-new/edit/${id}`);
  await waitForForm(page);

  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} v2`);
  await page.getByRole('tab', { name: 'Settings' }).click();
  await replaceCode(page, 'Settings', '{"pageItems": 30, "paging": true}');
  await toolbarButton(page, 'Save').click();

  await page.waitForURL(
    (url) => /\/presets-new\/edit\/\d+$/.test(url.pathname) && !url.pathname.endsWith(`/${id}`),
  );
  const newId = Number(new URL(page.url()).pathname.split('/').at(-1));
  await waitForForm(page);
  await page.getByRole('tab', { name: 'Preset' }).click();
  await expect(page.getByRole('textbox', { name: 'Name', exact: true })).toHaveValue(`${name} v2`);
  await expect(page.getByRole('textbox', { name: 'Version', exact: true })).toHaveValue('2');
  const rows = await query<{ id: number; superseded_by: number | null; page_items: number }>(
    `SELECT id, superseded_by, (definition -> 'settings' ->> 'pageItems')::int AS page_items
       FROM presets WHERE id IN ($1, $2) ORDER BY id`,
    [id, newId],
  );
  expect(rows).toEqual([
    { id, superseded_by: newId, page_items: 20 },
    { id: newId, superseded_by: null, page_items: 30 },
  ]);
});

test('a part that leads off the site is refused under its field, and nothing is stored', async ({ page }) => {
  const name = `E2E refused ${Date.now()}`;
  const id = await teamPreset(name);
  await page.goto(`/presets-new/edit/${id}`);
  await waitForForm(page);
  await page.getByRole('tab', { name: 'Row actions' }).click();
  const offSite = '[{"type": "open", "label": "Out", "pageUrl": "https://evil.example/x", "order": 1}]';
  await replaceCode(page, 'Row actions', offSite);
  await toolbarButton(page, 'Save').click();

  await expect(
    page.getByText('The row action 1 must lead within the app (a path starting with /)', { exact: true }),
  ).toBeVisible();
  expect(page.url()).toContain(`/presets-new/edit/${id}`);
  await expect(page.getByRole('textbox', { name: 'Row actions', exact: true })).toContainText('evil.example');
  const stored = await query<{ n: number }>(
    `SELECT count(*)::int AS n FROM presets WHERE parent_id = $1 OR (id = $1 AND superseded_by IS NOT NULL)`,
    [id],
  );
  expect(stored[0]?.n).toBe(0);
});
