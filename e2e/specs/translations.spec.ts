/**
 * The sites' texts in Chromium, as an administrator: from a resource's row action to its translations,
 * which show the resource's key and English text beside each language; one translation edited in
 * its form (which shows the resource read-only) and saved back to that resource's translations; and
 * a new translation for a resource, whose key and default text the form reads from it.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { grid, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const KEY = 'checkout.summary.payNow';
const form = (page: Page) => page.getByRole('form', { name: 'Record form' });
const box = (page: Page, label: string | RegExp) => form(page).getByRole('textbox', { name: label });

async function resourceIdOf(key: string): Promise<number> {
  const [row] = await query<{ id: number }>('SELECT id FROM resources WHERE key = $1', [key]);
  if (!row) throw new Error(`no resource ${key}`);
  return row.id;
}

/** Opens the row menu of the one resource the list shows and follows its Translations action. */
async function openTranslationsOf(page: Page, resourceId: number): Promise<void> {
  await page.goto(`/resource/list?ignorestate=true&id=${resourceId}`);
  await expect(gridRows(page)).toHaveCount(1);
  await expect(gridRows(page).first()).toContainText(KEY);
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Translations', exact: true }).click();
  await page.waitForURL(new RegExp(`/translationresource/list\\?resourceId=${resourceId}(&|$)`));
  await waitForRows(page);
}

test("a resource's row action leads to its translations; one is edited and shows in the list", async ({
  page,
}) => {
  const resourceId = await resourceIdOf(KEY);
  // The demo's German text, whatever an earlier run made of it.
  await query(
    `UPDATE translation_resources SET text = 'Jetzt bezahlen' WHERE resource_id = $1 AND language_code = 'de'`,
    [resourceId],
  );
  const stored = await query<{ language_code: string }>(
    'SELECT language_code FROM translation_resources WHERE resource_id = $1',
    [resourceId],
  );
  await openTranslationsOf(page, resourceId);

  // Only this resource's translations, each beside the key and the English text.
  await expect(gridRows(page)).toHaveCount(stored.length);
  for (const column of ['Resource', 'Default text (English)', 'Language', 'Translation', 'Status'])
    await expect(grid(page).locator('thead th').getByText(column, { exact: true }).first()).toBeVisible();
  const german = gridRows(page).filter({ hasText: 'Jetzt bezahlen' });
  await expect(german).toHaveCount(1);
  await expect(german).toContainText(KEY);
  await expect(german).toContainText('Pay now');

  await german.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await waitForForm(page);
  // The form shows what is translated, read-only, and the translation to change.
  await expect(box(page, /^Resource/)).toHaveValue(KEY);
  await expect(box(page, 'Default text (English)')).toHaveValue('Pay now');
  await expect(box(page, 'Default text (English)')).not.toBeEditable();
  const edited = `Sofort zahlen ${Date.now().toString(36).slice(-4)}`;
  await box(page, 'Translation').fill(edited);
  await toolbarButton(page, 'Save and close').click();

  // Back at this resource's translations, with the new text.
  await page.waitForURL(new RegExp(`/translationresource/list\\?resourceId=${resourceId}(&|$)`));
  await expect(gridRows(page).filter({ hasText: edited })).toHaveCount(1);
  const [row] = await query<{ text: string; updated_by: string }>(
    `SELECT text, updated_by FROM translation_resources WHERE resource_id = $1 AND language_code = 'de'`,
    [resourceId],
  );
  expect(row).toEqual({ text: edited, updated_by: ACCOUNTS.admin.email });
});

test('a translation added for a resource takes its key and text from it and refuses a second one', async ({
  page,
}) => {
  const resourceId = await resourceIdOf(KEY);
  await query(`DELETE FROM translation_resources WHERE resource_id = $1 AND language_code = 'pl'`, [
    resourceId,
  ]);
  // The list filters by any query key but hands only a required one on to Create, so the address
  // names the resource, as a link from elsewhere would.
  await page.goto(`/translationresource/create?resourceId=${resourceId}`);
  await waitForForm(page);
  // The resource's key and English text are read from it.
  await expect(box(page, /^Resource/)).toHaveValue(KEY);
  await expect(box(page, 'Default text (English)')).toHaveValue('Pay now');
  await pickOption(page, 'Language', 'pl - Polish');
  await box(page, 'Translation').fill('Zapłać teraz');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(new RegExp(`/translationresource/list\\?resourceId=${resourceId}(&|$)`));
  await expect(gridRows(page).filter({ hasText: 'Zapłać teraz' })).toHaveCount(1);

  // A second Polish translation of the same text is refused under the language.
  await page.goto(`/translationresource/create?resourceId=${resourceId}`);
  await waitForForm(page);
  await expect(box(page, /^Resource/)).toHaveValue(KEY);
  await pickOption(page, 'Language', 'pl - Polish');
  await box(page, 'Translation').fill('Zapłać');
  await toolbarButton(page, 'Save and close').click();
  await expect(form(page).getByText('Is already used')).toBeVisible();
  const rows = await query(
    'SELECT 1 FROM translation_resources WHERE resource_id = $1 AND language_code = $2',
    [resourceId, 'pl'],
  );
  expect(rows).toHaveLength(1);
});
