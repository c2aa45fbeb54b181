/**
 * The mapping queue in Chromium as the mapper: twenty records worked by keyboard (Enter maps the
 * first candidate, asking first below the threshold; S skips), U undoes the last, a weak candidate
 * mapped after its question; a record with no candidates blacklisted from its map list's header,
 * whose state then reads Blacklisted; an auto-map of a filtered set previewed, run and undone. The
 * viewer sees none of it and the API refuses it.
 */
import { MAP_AUTO_THRESHOLD } from '@bm/contracts';
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall } from '../support/list-helpers.ts';
import { storageStateOf, test } from '../support/test.ts';

interface Scope {
  merchantId: number;
  country: string;
  count: number;
}

/** A merchant and country with `min`–`max` unmapped airports no person ever touched. */
async function scopeOf(min: number, max: number, skip = 0): Promise<Scope> {
  const [row] = await query<Scope>(
    `SELECT merchant_id AS "merchantId", country_code AS country, count(*)::int AS count
       FROM merchant_locations
      WHERE map_status = 'unmapped' AND location_kind = 'Airport' AND NOT map_touched_by_person('location', id)
      GROUP BY 1, 2 HAVING count(*) BETWEEN $1 AND $2 ORDER BY 1 DESC, 2 DESC OFFSET $3 LIMIT 1`,
    [min, max, skip],
  );
  if (!row) throw new Error('no scope of that size');
  return row;
}

const queuePath = (scope: Scope) =>
  `/merchantlocation/mapqueue?merchantId=${scope.merchantId}&recordKind=Airport&country=${scope.country}`;

const status = (page: Page) => page.getByTestId('queue-status');

async function remaining(page: Page): Promise<number> {
  await expect(status(page)).toContainText('to map');
  return Number((await status(page).innerText()).split(' ')[0]);
}

const weakQuestion = (page: Page) => page.getByRole('dialog', { name: 'Map on a weak match?' });

test.describe('as the mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('twenty records by keyboard, undo the last, a weak match asked first', async ({ page }) => {
    test.slow();
    const scope = await scopeOf(22, 40);
    const started = new Date();
    await page.goto(queuePath(scope));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mapping queue · Locations');
    let left = await remaining(page);
    expect(left).toBe(scope.count);
    await expect(page.getByRole('table', { name: 'Candidates' }).locator('tbody tr').first()).toBeVisible();
    const candidates = page.getByRole('table', { name: 'Candidates' }).locator('tbody tr');
    for (let i = 0; i < 20; i++) {
      await expect(candidates.first()).toBeVisible();
      const after = status(page).filter({ hasText: new RegExp(`^${left - 1} to map`) });
      if (i % 5 === 4) {
        await page.keyboard.press('s');
      } else {
        await page.keyboard.press('Enter');
        // Below the threshold the queue asks first; Enter confirms (the Map button has the focus).
        await expect(weakQuestion(page).or(after)).toBeVisible();
        if (await weakQuestion(page).isVisible()) {
          await page.keyboard.press('Enter');
          await expect(weakQuestion(page)).toBeHidden();
        }
      }
      left -= 1;
      await expect(after).toBeVisible();
    }
    const mapped = await query<{ merchant_record_id: number }>(
      `SELECT merchant_record_id FROM merchant_map_history
        WHERE changed_by = 'mapper@bmtools.local' AND action = 'map' AND changed_at >= $1 ORDER BY id`,
      [started],
    );
    expect(mapped).toHaveLength(16);

    // U undoes the last mapping: its record is unmapped again and back on screen.
    const lastId = mapped.at(-1)?.merchant_record_id as number;
    await page.keyboard.press('u');
    await expect(page.getByText('is back to “Not mapped”')).toBeVisible();
    await expect(status(page)).toHaveText(new RegExp(`^${left + 1} to map`));
    const [undone] = await query<{ map_status: string }>(
      'SELECT map_status FROM merchant_locations WHERE id = $1',
      [lastId],
    );
    expect(undone?.map_status).toBe('unmapped');

    // A candidate below the threshold: the queue says why and maps only when confirmed.
    await expect(candidates.first()).toBeVisible();
    const matches = await candidates.evaluateAll((rows) =>
      rows.map((row) => Number(row.querySelectorAll('td')[5]?.textContent ?? '')),
    );
    const weak = matches.findIndex((m) => m < MAP_AUTO_THRESHOLD);
    expect(weak).toBeGreaterThanOrEqual(0);
    await page.keyboard.press(String(weak + 1));
    await expect(weakQuestion(page)).toContainText(`at ${matches[weak]}% only`);
    await weakQuestion(page).getByRole('button', { name: 'Map' }).click();
    await expect(status(page)).toHaveText(new RegExp(`^${left} to map`));
    const [weakMapped] = await query<{ merchant_record_id: number }>(
      `SELECT merchant_record_id FROM merchant_map_history
        WHERE changed_by = 'mapper@bmtools.local' AND action = 'map' ORDER BY id DESC LIMIT 1`,
    );
    expect(weakMapped?.merchant_record_id).toBe(lastId);
  });

  test('a record with no candidates is blacklisted from its header, which then says so', async ({
    page,
    browser,
  }) => {
    // Merchant records are created through their area's API (by the administrator).
    const admin = await browser.newContext({ storageState: await storageStateOf(ACCOUNTS.admin) });
    const adminPage = await admin.newPage();
    await adminPage.goto('/');
    const [merchant] = await query<{ id: number }>('SELECT min(id) AS id FROM merchants');
    const created = await apiCall<{ id: number }>(adminPage, 'POST', '/api/merchantlocations', {
      values: [
        { mapkey: 'merchantId', value: merchant?.id },
        { mapkey: 'externalCode', value: 'E2E-NOWHERE' },
        { mapkey: 'name', value: 'Xqzvw Jjkkp' },
        { mapkey: 'locationKind', value: 'Region' },
        { mapkey: 'countryCode', value: 'ZZ' },
      ],
    });
    await admin.close();
    expect(created.status).toBe(201);
    const id = created.body.id;

    await page.goto(`/merchantlocation/${id}/getmap?ignorestate=true`);
    const record = page.getByRole('region', { name: 'Record being mapped' });
    await expect(record).toContainText('Xqzvw Jjkkp');
    await expect(record).toContainText('Not mapped');
    await expect(page.getByText('No records')).toBeVisible();
    await page.getByRole('button', { name: 'Add to blacklist' }).click();
    const note = page.getByRole('dialog', { name: 'Add to blacklist' });
    await note.getByLabel('Note').fill('Not a place anyone rents a car');
    await note.getByRole('button', { name: 'Add to blacklist' }).click();
    await expect(page.getByText('was added to the blacklist')).toBeVisible();
    // The header reads the record again: one word for the state.
    await expect(record.locator('[data-field="mapStatus"]')).toHaveText('Blacklisted');
    const [stored] = await query<{ map_status: string }>(
      'SELECT map_status FROM merchant_locations WHERE id = $1',
      [id],
    );
    expect(stored?.map_status).toBe('blacklisted');
    // Undo from the toast puts it back.
    await page.getByRole('button', { name: 'Undo', exact: true }).click();
    await expect(record.locator('[data-field="mapStatus"]')).toHaveText('Not mapped');
  });

  test('an auto-map of a filtered set: preview, run, report, undo', async ({ page }) => {
    test.slow();
    const scope = await scopeOf(5, 12, 2);
    await page.goto(queuePath(scope));
    await remaining(page);
    await page.getByRole('button', { name: 'Auto-map…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Auto-map' });
    await dialog.getByLabel('Threshold (Match %)').fill('80');
    await dialog.getByRole('button', { name: 'Preview' }).click();
    const report = dialog.getByRole('region', { name: 'Auto-map report' });
    await expect(report).toContainText(`of ${scope.count} record(s) have a candidate at Match ≥ 80%`);
    await expect(report).toContainText('Expected precision');
    const start = dialog.getByRole('button', { name: /^Map \d+ records?$/ });
    const planned = Number((await start.innerText()).split(' ')[1]);
    expect(planned).toBeGreaterThan(0);
    await start.click();
    await expect(report).toContainText(`done: ${planned} mapped automatically at Match ≥ 80%`);
    const [run] = await query<{ id: number }>(
      "SELECT id FROM map_auto_runs WHERE requested_by = 'mapper@bmtools.local' ORDER BY id DESC LIMIT 1",
    );
    const runId = Number(run?.id);
    const automatic = await query<{ n: number }>(
      'SELECT count(*)::int AS n FROM merchant_map_history WHERE run_id = $1 AND automatic AND confidence >= 80',
      [runId],
    );
    expect(automatic[0]?.n).toBe(planned);
    await expect(page.getByText(`Auto-map run ${runId} done`).first()).toBeVisible();

    await dialog.getByRole('button', { name: 'Undo run' }).click();
    await expect(report).toContainText(`undone: ${planned} mapping(s) undone, 0 kept`);
    const left = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM map_auto_items i JOIN merchant_locations m ON m.id = i.merchant_record_id
        WHERE i.run_id = $1 AND m.map_status <> 'unmapped'`,
      [runId],
    );
    expect(left[0]?.n).toBe(0);
  });
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('no queue, no auto-map, no header actions, and the API refuses them', async ({ page }) => {
    await page.goto('/merchantlocation/list?ignorestate=true');
    await expect(page.getByRole('grid')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Mapping queue' })).toHaveCount(0);
    await page.goto('/merchantlocation/mapqueue');
    await expect(page.getByRole('heading', { name: /You don't have access/ })).toBeVisible();
    expect((await apiCall(page, 'GET', '/api/mapMerchantLocations/queue')).status).toBe(403);
    expect(
      (await apiCall(page, 'POST', '/api/mapMerchantLocations/auto/preview', { scope: {} })).status,
    ).toBe(403);
    expect((await apiCall(page, 'GET', '/api/mapMerchantLocations/auto/1')).status).toBe(403);
    expect(
      (
        await apiCall(page, 'POST', '/api/mapMerchantLocations/undo', {
          storeProcedure: 'bm_map_location',
          values: [{ mapkey: 'merchantRecordId', value: 1 }],
        })
      ).status,
    ).toBe(403);
  });
});
