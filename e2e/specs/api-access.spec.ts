/**
 * API access in Chromium: an account API key made through its form (the key field takes no typing,
 * the server's key is shown once in a dialog, the database holds its SHA-256 and never the key, the
 * reopened record shows only the hash, a new key replaces it on request), and an Open API document
 * the server refuses (the message under the field, everything typed still there, nothing stored).
 */
import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const KEY_FIELD = 'API key (SHA-256)';
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** The key the dialog shows, after checking what it says; closes it. */
async function takeKeyFromDialog(page: Page): Promise<string> {
  const dialog = page.getByRole('dialog', { name: 'New key' });
  await expect(dialog).toContainText(
    'Copy this key now: it is shown only once; only its SHA-256 hash is stored.',
  );
  await expect(dialog.getByRole('button', { name: 'Copy' })).toBeVisible();
  const key = (await dialog.getByTestId('generated-key').textContent())?.trim() ?? '';
  expect(key).toMatch(/^bmk_[A-Za-z0-9_-]{43}$/);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await expect(dialog).toBeHidden();
  return key;
}

/** What the table holds for a record, and whether any of its text columns holds `key`. */
async function stored(id: number, key: string): Promise<{ hash: string; holdsKey: boolean }> {
  const rows = await query<{ key_hash: string; holds_key: boolean }>(
    `SELECT key_hash, strpos(concat_ws(' ', account_name, description, key_hash, created_by), $2) > 0 AS holds_key
       FROM account_api_keys WHERE id = $1`,
    [id, key],
  );
  return { hash: rows[0]?.key_hash ?? '', holdsKey: rows[0]?.holds_key ?? true };
}

test('an account key is made by the server, shown once and stored as its hash only', async ({ page }) => {
  const account = `E2E partner ${Date.now()}`;
  await page.goto('/accountapikey/create');
  await waitForForm(page);
  // An initialism keeps its capitals in the heading.
  await expect(page.getByRole('heading', { level: 1, name: 'New API key' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Account' }).fill(account);
  await page.getByRole('textbox', { name: 'Description' }).fill('Booking engine, production');

  // The key field takes no typing and a new record offers no button: the server makes the key.
  const keyField = page.getByRole('textbox', { name: KEY_FIELD });
  await expect(keyField).toHaveAttribute('readonly', '');
  await keyField.pressSequentially('bmk_typed-by-hand');
  await expect(keyField).toHaveValue('');
  await expect(page.getByRole('button', { name: /Generate new key/ })).toHaveCount(0);

  // A create form offers Save and close only: the key is shown before the form leaves.
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
  await toolbarButton(page, 'Save and close').click();
  const key = await takeKeyFromDialog(page);
  await page.waitForURL((url) => url.pathname === '/accountapikey/list');
  const [created] = await query<{ id: number }>('SELECT id FROM account_api_keys WHERE account_name = $1', [
    account,
  ]);
  if (!created) throw new Error(`the key of ${account} was not stored`);
  const { id } = created;

  const row = await stored(id, key);
  expect(row.hash).toBe(sha256(key));
  expect(row.holdsKey).toBe(false);

  // Reopened, the record shows the hash and nothing of the key.
  await page.goto(`/accountapikey/edit/${id}`);
  await waitForForm(page);
  await expect(page.getByRole('heading', { level: 1, name: `Edit API key #${id}` })).toBeVisible();
  await expect(page.getByRole('textbox', { name: KEY_FIELD })).toHaveValue(sha256(key));
  expect(await page.content()).not.toContain(key);

  // A new key on request: the old hash is replaced, the new key is shown once.
  await page.getByRole('button', { name: `Generate new key for ${KEY_FIELD}` }).click();
  await toolbarButton(page, 'Save').click();
  const next = await takeKeyFromDialog(page);
  expect(next).not.toBe(key);
  await expect(page.getByRole('textbox', { name: KEY_FIELD })).toHaveValue(sha256(next));
  expect(await stored(id, next)).toEqual({ hash: sha256(next), holdsKey: false });
});

test('an invalid OpenAPI document is refused under its field and the form keeps what was typed', async ({
  page,
}) => {
  const name = `E2E broken API ${Date.now()}`;
  // One line, so the editor's indentation cannot change what is typed; a path without its "/".
  const document = '{"openapi": "3.0.3", "info": {"title": "Broken", "version": "1"}, "paths": {"pets": {}}}';
  await page.goto('/OpenApiDocument/create');
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'API version' }).fill('1.0.0');
  await pickOption(page, 'Format', 'JSON');
  const editor = page.getByRole('textbox', { name: 'OpenAPI document', exact: true });
  await editor.click();
  await page.keyboard.type(document);

  // The Validate button says where the problem is.
  await page.getByRole('button', { name: 'Validate OpenAPI document' }).click();
  const alert = page.getByRole('dialog', { name: 'Error' });
  await expect(alert).toContainText('Line 1, column 77: a path must start with "/" (at /paths/pets)');
  await alert.getByRole('button', { name: 'Ok' }).click();

  // The save is refused by the server, with its message under the field.
  const answer = page.waitForResponse(
    (r) => r.url().endsWith('/api/OpenApiDocument') && r.request().method() === 'POST',
  );
  await toolbarButton(page, 'Save and close').click();
  expect((await answer).status()).toBe(400);
  // Under the field (and in the summary at the top of the form).
  const fieldError = page.locator('.mantine-InputWrapper-error', { hasText: 'Not an OpenAPI 3 document.' });
  await expect(fieldError).toHaveText(
    'Not an OpenAPI 3 document. Line 1, column 77: a path must start with "/" (at /paths/pets)',
  );
  await expect(page).toHaveURL(/\/OpenApiDocument\/create/);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(name);
  await expect(editor).toHaveText(document);
  expect(await query('SELECT 1 FROM open_api_documents WHERE name = $1', [name])).toEqual([]);
});
