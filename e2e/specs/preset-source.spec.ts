/**
 * A preset's source in Chromium (issue 37): a Team preset stored before the server checked its
 * source (planted straight into the database, as such an old row would be) names another site, or
 * a path of this site that is not the list's own API. When the administrator opens it, the browser
 * sends nothing to any other origin and nothing to that path, whatever the token would have opened:
 * the list shows an error instead. The Content-Security-Policy, which would also stop a call to
 * another origin, is switched off here (`bypassCSP`), so the test proves the app's own refusal.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { waitForRows } from '../support/list-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

const RIGHT = 'BMTools/Page/List';
const admin = ACCOUNTS.admin;

/** A Team preset of the pages list with `source`, written directly: no API check on the way. */
async function plantPreset(name: string, source: string): Promise<number> {
  const [row] = await query<{ id: number }>(
    `INSERT INTO presets (name, right_name, preset_group_id, definition, created_by)
     SELECT $2, p.right_name, g.id, jsonb_set(p.definition, '{source}', to_jsonb($3::text)), 'e2e'
       FROM presets p, preset_groups g
      WHERE p.right_name = $1 AND p.name = 'default' AND p.preset_group_id = 1 AND g.name = 'Team'
      ORDER BY p.version DESC LIMIT 1
     RETURNING id`,
    [RIGHT, name, source],
  );
  if (!row) throw new Error('the pages list has no default preset to copy');
  return row.id;
}

/**
 * Removes the planted preset and gives the admin back the in-use preset they had: opening a
 * deep-linked preset makes it the admin's in-use preset of the pages list, which the worker's later
 * specs open.
 */
async function removePreset(id: number, before: { preset_id: number } | undefined): Promise<void> {
  await query('DELETE FROM presets WHERE id = $1', [id]);
  if (before)
    await query(
      `INSERT INTO preset_in_use (user_email, right_name, preset_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_email, right_name) DO UPDATE SET preset_id = EXCLUDED.preset_id`,
      [admin.email, RIGHT, before.preset_id],
    );
}

/** A page of the admin's with the CSP ignored, and every request it sends. */
async function adminPage(browser: Browser): Promise<{ page: Page; sent: URL[]; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: await storageStateOf(admin), bypassCSP: true });
  const page = await context.newPage();
  const sent: URL[] = [];
  page.on('request', (request) => sent.push(new URL(request.url())));
  return { page, sent, close: () => context.close() };
}

const refusal = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'This preset’s source is not allowed' });

for (const [kind, source] of [
  ['another site', 'https://evil.example/api/pages'],
  ['another site, protocol-relative', '//evil.example/api/pages'],
  ['another list’s API on this site', '/api/reservations'],
] as const) {
  test(`a preset whose source is ${kind} is refused: nothing is sent, an error shows`, async ({
    browser,
    baseURL,
  }) => {
    const name = `E2E foreign source ${Date.now()}`;
    const [inUse] = await query<{ preset_id: number }>(
      'SELECT preset_id FROM preset_in_use WHERE user_email = $1 AND right_name = $2',
      [admin.email, RIGHT],
    );
    const id = await plantPreset(name, source);
    const { page, sent, close } = await adminPage(browser);
    try {
      await page.goto(`/page/list?ignorestate=true&presetgroup=Team&preset=${encodeURIComponent(name)}`);
      await expect(refusal(page)).toBeVisible();
      await expect(refusal(page)).toContainText(source);
      // Everything the screen was going to send has gone by now.
      await page.waitForLoadState('networkidle');
      const own = new URL(baseURL ?? '').origin;
      const offSite = sent.filter((url) => !['data:', 'blob:'].includes(url.protocol) && url.origin !== own);
      expect(offSite.map(String)).toEqual([]);
      // Nor to the path itself on this site, nor a page of rows from anywhere.
      const target = new URL(source, own).pathname;
      expect(sent.filter((url) => url.pathname.startsWith(target)).map(String)).toEqual([]);
      await expect(page.getByRole('grid')).toHaveCount(0);
      // The same list with a preset of its own source still loads (the refusal is the preset's).
      await page.goto('/page/list?ignorestate=true&presetgroup=default&preset=default');
      await waitForRows(page);
      await expect(refusal(page)).toHaveCount(0);
    } finally {
      await close();
      await removePreset(id, inUse);
    }
  });
}
