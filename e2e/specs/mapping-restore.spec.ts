/**
 * Restore in Chromium as the mapper: a blacklisted merchant record's map list offers Restore in its
 * header (instead of Add to blacklist, which it already is); Restore asks for an optional note,
 * takes the record back to Not mapped, writes the history (who, the state it left, the note), and
 * its toast's Undo blacklists it again. The map toasts close on their own. The queue's Kind filter
 * is a select of the kinds the area has, and the insurance view says the state in the one wording.
 * The viewer is refused Restore by the API.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

const API = '/api/mapMerchantLocations';

/** A merchant airport no person ever touched, blacklisted through the API as the mapper. */
async function blacklistedLocation(page: Page, skip: number): Promise<{ id: number; name: string }> {
  const [row] = await query<{ id: number; name: string }>(
    `SELECT id, name FROM merchant_locations
      WHERE map_status = 'unmapped' AND NOT map_touched_by_person('location', id)
      ORDER BY id DESC OFFSET $1 LIMIT 1`,
    [skip],
  );
  if (!row) throw new Error('no untouched merchant location');
  const answer = await apiCall<{ isSuccess: boolean }>(page, 'POST', `${API}/ignore`, {
    storeProcedure: 'bm_map_location',
    values: [
      { mapkey: 'merchantRecordId', value: row.id },
      { mapkey: 'note', value: 'Not a place we sell' },
    ],
  });
  expect(answer.body.isSuccess).toBe(true);
  return row;
}

const stateOf = async (id: number) =>
  (
    await query<{ map_status: string; map_note: string | null }>(
      'SELECT map_status, map_note FROM merchant_locations WHERE id = $1',
      [id],
    )
  )[0];

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

test.describe('as the mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('restores a blacklisted record from its map list header, with a note; Undo blacklists it again', async ({
    page,
  }) => {
    // The page's clock is the test's: the toasts' own closing is run out at once, not slept through.
    await page.clock.install();
    await page.goto('/');
    const record = await blacklistedLocation(page, 3);
    await page.goto(`/merchantlocation/${record.id}/getmap?ignorestate=true`);
    const header = page.getByRole('region', { name: 'Record being mapped' });
    await expect(header.locator('[data-field="mapStatus"]')).toHaveText('Blacklisted');
    // What it already is is not offered again; Restore is.
    await expect(page.getByRole('button', { name: 'Add to blacklist' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Disable' })).toBeVisible();

    await page.getByRole('button', { name: 'Restore' }).click();
    const dialog = page.getByRole('dialog', { name: 'Restore' });
    await expect(dialog).toContainText('is “Blacklisted”');
    await dialog.getByLabel('Note (optional)').fill('Reopened: the feed sells it again');
    await dialog.getByRole('button', { name: 'Restore' }).click();
    const restored = toast(page, 'is back to “Not mapped” (it was “Blacklisted”)');
    await expect(restored).toBeVisible();
    // The header reads the record again: its state in the one wording, Restore gone, Blacklist back.
    await expect(header.locator('[data-field="mapStatus"]')).toHaveText('Not mapped');
    await expect(page.getByRole('button', { name: 'Restore' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Add to blacklist' })).toBeVisible();
    expect(await stateOf(record.id)).toEqual({
      map_status: 'unmapped',
      map_note: 'Reopened: the feed sells it again',
    });
    const [history] = await query<{
      action: string;
      changed_by: string;
      previous_status: string;
      note: string;
    }>(
      `SELECT action, changed_by, previous_status, note FROM merchant_map_history
        WHERE kind = 'location' AND merchant_record_id = $1 ORDER BY id DESC LIMIT 1`,
      [record.id],
    );
    expect(history).toEqual({
      action: 'restore',
      changed_by: 'mapper@bmtools.local',
      previous_status: 'blacklisted',
      note: 'Reopened: the feed sells it again',
    });

    // Undo from the toast: blacklisted again, with its note.
    await restored.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(header.locator('[data-field="mapStatus"]')).toHaveText('Blacklisted');
    const undone = toast(page, 'is back to “Blacklisted”');
    await expect(undone).toBeVisible();
    expect(await stateOf(record.id)).toEqual({ map_status: 'blacklisted', map_note: 'Not a place we sell' });
    await expect(page.getByRole('button', { name: 'Restore' })).toBeVisible();

    // The toast closes on its own (once the pointer is not resting on it, which holds it open).
    await page.mouse.move(0, 0);
    await page.clock.runFor(10_000);
    await expect(undone).toBeHidden();

    // The record's view shows the restore in its history.
    await page.goto(`/merchantlocation/view/${record.id}`);
    const table = page.getByRole('table', { name: 'Mapping history' });
    await expect(table.locator('tbody tr').nth(1)).toContainText('Restored from Blacklisted');
    await expect(table.locator('tbody tr').nth(1)).toContainText('Reopened: the feed sells it again');
  });

  test("the queue's Kind filter is a select of the kinds the area has", async ({ page }) => {
    await page.goto('/merchantlocation/mapqueue');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mapping queue · Locations');
    const kinds = (
      await query<{ k: string }>('SELECT DISTINCT location_kind AS k FROM merchant_locations ORDER BY 1')
    ).map((r) => r.k);
    await page.getByRole('combobox', { name: 'Kind' }).click();
    await expect(page.getByRole('option')).toHaveText(kinds);
    await page.getByRole('option', { name: 'Airport', exact: true }).click();
    await page.getByRole('button', { name: 'Apply' }).click();
    await expect(page).toHaveURL(/[?&]recordKind=Airport(&|$)/);
    await expect(page.getByRole('combobox', { name: 'Kind' })).toHaveValue('Airport');
  });
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('the API refuses Restore; the insurance view says the state in words', async ({ page }) => {
    // The viewer opens no map list (mapping.spec.ts), so no header offers it Restore.
    const [record] = await query<{ id: number }>('SELECT min(id) AS id FROM merchant_locations');
    await page.goto('/');
    const refused = await apiCall(page, 'POST', `${API}/restore`, {
      storeProcedure: 'bm_map_location',
      values: [{ mapkey: 'merchantRecordId', value: record?.id }],
    });
    expect(refused.status).toBe(403);

    const [policy] = await query<{ id: number }>(
      "SELECT id FROM insurance_policies WHERE map_status = 'unmapped' ORDER BY id LIMIT 1",
    );
    await page.goto(`/insurance/view/${policy?.id}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const main = page.getByRole('main');
    await expect(main).toContainText('Not mapped');
    await expect(main).not.toContainText(/\bunmapped\b/);
  });
});
