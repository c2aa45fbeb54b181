/**
 * Mapping in Chromium as the mapper: a merchant location's map list shows its record above the
 * candidates with the true match near the top; Map This maps it (seen from the price-watch side
 * too; below the confidence threshold it asks first), mapping onto another asks to replace it
 * first, Un Map undoes it, Add to blacklist and Disable ask for a note; the screen stays on the map
 * list with a toast offering Undo; the record's view shows the history. The viewer gets none of it.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

interface Airport {
  id: number;
  name: string;
  truth: number;
  truthName: string;
}

/** An unmapped merchant airport with a true match, taken from the end so specs do not share it. */
async function unmappedAirport(skip: number): Promise<Airport> {
  const [row] = await query<Airport>(
    `SELECT m.id, m.name, g.pricewatch_id AS truth, p.name AS "truthName"
       FROM merchant_locations m
       JOIN merchant_ground_truth g ON g.kind = 'location' AND g.merchant_record_id = m.id
       JOIN pricewatch_locations p ON p.id = g.pricewatch_id
      WHERE m.map_status = 'unmapped' AND m.location_kind = 'Airport'
      ORDER BY m.id DESC OFFSET $1 LIMIT 1`,
    [skip],
  );
  if (!row) throw new Error('no unmapped merchant airport');
  return row;
}

const stored = async (id: number) =>
  (
    await query<{ map_status: string; mapped_id: number | null; map_note: string | null }>(
      'SELECT map_status, mapped_id, map_note FROM merchant_locations WHERE id = $1',
      [id],
    )
  )[0];

/** Runs a row's action from its menu; the row is found by a text in it. */
async function rowAction(page: Page, rowText: string | RegExp, action: string): Promise<void> {
  const row = gridRows(page).filter({ hasText: rowText }).first();
  await row.getByRole('button', { name: /^Actions for/ }).click();
  await page.getByRole('menuitem', { name: action, exact: true }).click();
}

/** Confirms the weak-match question if Map This asked it, then waits for `then`. */
async function confirmIfWeak(page: Page, then: Locator): Promise<void> {
  const weak = page.getByRole('dialog', { name: 'Map on a weak match?' });
  await expect(weak.or(then)).toBeVisible();
  if (await weak.isVisible()) await weak.getByRole('button', { name: 'Map', exact: true }).click();
  await expect(then).toBeVisible();
}

const undoToast = (page: Page, text: string | RegExp) =>
  page.getByRole('alert').filter({ hasText: text }).first();

async function openFirstRowMenu(page: Page): Promise<void> {
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
}

async function openMapList(page: Page, id: number): Promise<void> {
  await page.goto(`/merchantlocation/${id}/getmap?ignorestate=true`);
  await waitForRows(page);
}

test.describe('as the mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('map, see it on the price-watch side, replace through the confirmation, unmap, blacklist, disable', async ({
    page,
  }) => {
    // One journey of a dozen screens, each step depending on the one before.
    test.slow();
    const airport = await unmappedAirport(0);
    await openMapList(page, airport.id);
    // The record above the grid, its name as the title, and the way back.
    await expect(page.getByRole('heading', { level: 1 })).toContainText(airport.name);
    await expect(page.getByRole('region', { name: 'Record being mapped' })).toContainText(airport.name);
    await expect(page.getByRole('link', { name: 'Back to list' })).toHaveAttribute(
      'href',
      '/merchantlocation/list',
    );
    // The true match among the first rows.
    const firstFive = (await gridRows(page).allInnerTexts()).slice(0, 5).join('\n');
    expect(firstFive).toContain(airport.truthName);

    // Map This: the map list stays, the record says it is mapped, a toast offers Undo.
    await rowAction(page, airport.truthName, 'Map This');
    await confirmIfWeak(page, undoToast(page, `Mapped to “${airport.truthName}”`));
    await expect(page).toHaveURL(new RegExp(`/merchantlocation/${airport.id}/getmap`));
    await expect(page.locator('[data-field="mapStatus"]')).toHaveText('Mapped');
    expect(await stored(airport.id)).toMatchObject({ map_status: 'mapped', mapped_id: airport.truth });

    // The price-watch side lists it among its current mappings, first.
    await page.goto(`/pricewatchLocation/${airport.truth}/getmap?ignorestate=true`);
    await waitForRows(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(airport.truthName);
    await expect(gridRows(page).filter({ hasText: airport.name }).first()).toBeVisible();

    // Onto another candidate: the server asks first; Ok replaces, then says so.
    await openMapList(page, airport.id);
    const other = gridRows(page).filter({ hasNotText: airport.truthName }).first();
    const otherName = (await other.locator('td').nth(4).innerText()).trim();
    await other.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Map This', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Replace the mapping?' });
    await confirmIfWeak(page, confirm);
    await expect(confirm).toContainText(airport.truthName);
    await confirm.getByRole('button', { name: 'Ok' }).click();
    await expect(undoToast(page, 'now maps to')).toBeVisible();
    expect((await stored(airport.id))?.mapped_id).not.toBe(airport.truth);

    // Un Map on the current mapping (the first row).
    await openMapList(page, airport.id);
    await rowAction(page, otherName, 'Un Map');
    await expect(undoToast(page, 'Unmapped from')).toBeVisible();
    await expect(page.locator('[data-field="mapStatus"]')).toHaveText('Not mapped');
    expect(await stored(airport.id)).toMatchObject({ map_status: 'unmapped', mapped_id: null });

    // Add to blacklist asks for a note, and stays on the map list.
    await openMapList(page, airport.id);
    await rowAction(page, airport.truthName, 'Add to blacklist');
    const blacklist = page.getByRole('dialog', { name: 'Add to blacklist' });
    await blacklist.getByRole('button', { name: 'Add to blacklist' }).click();
    await expect(blacklist).toContainText('This field is required');
    await blacklist.getByLabel('Note').fill('A desk of a travel agency, not an airport');
    await blacklist.getByRole('button', { name: 'Add to blacklist' }).click();
    await expect(page.getByText('was added to the blacklist')).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/merchantlocation/${airport.id}/getmap`));
    expect(await stored(airport.id)).toMatchObject({
      map_status: 'blacklisted',
      map_note: 'A desk of a travel agency, not an airport',
    });

    // Disable asks for a note and reloads the list.
    const reload = page.waitForResponse((r) => r.url().includes('/api/mapMerchantLocations?'));
    await rowAction(page, airport.truthName, 'Disable');
    const disable = page.getByRole('dialog', { name: 'Disable' });
    await disable.getByLabel('Note').fill('Closed for good');
    await disable.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('was disabled')).toBeVisible();
    await reload;
    expect(await stored(airport.id)).toMatchObject({ map_status: 'disabled', map_note: 'Closed for good' });

    // The record's view shows what happened, newest first.
    await page.goto(`/merchantlocation/view/${airport.id}`);
    const history = page.getByRole('table', { name: 'Mapping history' });
    await expect(history.locator('tbody tr')).toHaveCount(5);
    await expect(history.locator('tbody tr').first()).toContainText('Disabled');
    await expect(history.locator('tbody tr').last()).toContainText('Mapped');
    await expect(history).toContainText('mapper@bmtools.local');
  });

  test('a row click never maps; Get Map leads from the list to the map list', async ({ page }) => {
    const airport = await unmappedAirport(1);
    await openMapList(page, airport.id);
    await gridRows(page).first().locator('td').nth(4).click();
    await expect(page).toHaveURL(new RegExp(`/merchantlocation/${airport.id}/getmap`));
    expect((await stored(airport.id))?.map_status).toBe('unmapped');

    await page.goto('/merchantlocation/list?ignorestate=true');
    await waitForRows(page);
    await openFirstRowMenu(page);
    await page.getByRole('menuitem', { name: 'Get Map', exact: true }).click();
    await expect(page).toHaveURL(/\/merchantlocation\/\d+\/getmap/);
    // The newest record may be one price-watch has nothing like: its grid may be empty.
    await expect(page.getByRole('region', { name: 'Record being mapped' })).toBeVisible();
  });
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('no map list, no map actions, and the API refuses them', async ({ page }) => {
    const airport = await unmappedAirport(2);
    await page.goto('/merchantlocation/list?ignorestate=true');
    await waitForRows(page);
    await openFirstRowMenu(page);
    await expect(page.getByRole('menuitem', { name: 'View', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Get Map' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto(`/merchantlocation/${airport.id}/getmap`);
    await expect(page.getByRole('heading', { name: /You don't have access/ })).toBeVisible();
    const list = await apiCall(page, 'GET', `/api/mapMerchantLocations?id=${airport.id}`);
    expect(list.status).toBe(403);
    const map = await apiCall(page, 'POST', '/api/mapMerchantLocations/map', {
      storeProcedure: 'bm_map_location',
      values: [
        { mapkey: 'merchantRecordId', value: airport.id },
        { mapkey: 'pricewatchId', value: airport.truth },
      ],
    });
    expect(map.status).toBe(403);
    expect((await stored(airport.id))?.map_status).toBe('unmapped');
  });
});
