/**
 * Safe retries in the browser (docs/adr/0031-idempotency-keys.md): a create whose first attempt is
 * cut off after the server did the work (its answer never arrives) is sent again by the console with
 * the same Idempotency-Key, answered from the kept answer, and saved once, without an alert.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { alertModal } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('a create whose first attempt is cut off mid-flight is saved once', async ({ page }) => {
  const name = `Retried ${Date.now()}`;
  const keys: string[] = [];
  await page.route(
    (url) => url.pathname === '/api/pages',
    async (route) => {
      const request = route.request();
      if (request.method() !== 'POST') return route.continue();
      keys.push(request.headers()['idempotency-key'] ?? '');
      if (keys.length > 1) return route.continue();
      // The server receives the create and does it; the connection drops before the answer.
      await route.fetch();
      return route.abort('connectionreset');
    },
  );
  const answered = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/pages' && response.request().method() === 'POST',
  );
  await page.goto('/page/create');
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Name' }).fill(name);
  await page.getByRole('textbox', { name: 'URL' }).fill(`/e2e/retried-${Date.now()}`);
  await pickOption(page, 'Language', 'de - German');
  await pickOption(page, 'Status', 'Draft');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL((url) => url.pathname === '/page/list');

  const retry = await answered;
  expect(retry.status()).toBe(201);
  expect(retry.headers()['idempotent-replayed']).toBe('true');
  expect(keys).toHaveLength(2);
  expect(keys[0]).toMatch(/^"[0-9a-f-]{36}"$/);
  expect(keys[1]).toBe(keys[0]);
  expect(await query('SELECT id FROM pages WHERE name = $1', [name])).toHaveLength(1);
  await expect(alertModal(page)).toHaveCount(0);
});
