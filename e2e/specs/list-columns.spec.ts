/**
 * Columns fit the work: sized to their content, resizable (drag or arrow keys on the column edge),
 * movable and pinnable from the column menu, all kept in the working view; on Reservations at
 * 1440 px the columns staff look for first are all in view, and Actions lies over no data.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  columnMenu,
  grid,
  gridRows,
  headerButton,
  resetPresets,
  waitForRows,
} from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

const headers = async (page: Page): Promise<string[]> =>
  (await grid(page).locator('thead th').allInnerTexts()).map((t) => t.trim()).filter(Boolean);

const columnHeader = (page: Page, label: string): Locator =>
  grid(page).getByRole('columnheader', {
    name: new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} Sort by `),
  });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not on screen');
  return b;
}

test.describe('at 1440 px on Reservations', () => {
  test.use({ signedInAs: ACCOUNTS.admin, viewport: { width: 1440, height: 900 } });

  test('number, customer, pick-up date, supplier, total and status are all in view', async ({ page }) => {
    await page.goto('/reservation/list?ignorestate=true');
    await waitForRows(page);
    const scroller = await box(grid(page).locator('xpath=..'));
    for (const label of ['Reservation no.', 'Customer', 'Pick-up date', 'Supplier', 'Total', 'Status']) {
      const header = await box(columnHeader(page, label));
      expect(header.x, label).toBeGreaterThanOrEqual(scroller.x);
      expect(header.x + header.width, label).toBeLessThanOrEqual(scroller.x + scroller.width);
    }
    // A three-letter currency gets a narrow column, not a text column's 220 px.
    const currency = await box(columnHeader(page, 'Currency'));
    expect(currency.width).toBeLessThan(130);
  });

  test('the Actions column lies over no data while the grid fits', async ({ page }) => {
    await page.setViewportSize({ width: 2400, height: 900 });
    await page.goto('/reservation/list?ignorestate=true');
    await waitForRows(page);
    // The header row is sticky anyway; the body's Actions cells are ordinary ones.
    await expect(gridRows(page).first().locator('td').last()).toHaveCSS('position', 'static');
    await page.setViewportSize({ width: 900, height: 900 });
    await expect(gridRows(page).first().locator('td').last()).toHaveCSS('position', 'sticky');
  });
});

test.describe('layout kept in the working view', () => {
  const { email } = ACCOUNTS.editor;
  test.use({ signedInAs: ACCOUNTS.editor });
  test.beforeEach(() => resetPresets(email, 'BMTools/Page/List'));

  test('resize, move and pin survive a reload', async ({ page }) => {
    await page.goto('/page/list');
    await waitForRows(page);
    const resize = page.getByRole('separator', { name: 'Resize Name' });
    const before = Number(await resize.getAttribute('aria-valuenow'));
    await resize.focus();
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowRight');
    await expect(resize).toHaveAttribute('aria-valuenow', String(before + 48));

    const order = await headers(page);
    const statusAt = order.indexOf('Status');
    await headerButton(page, 'Status').click();
    await columnMenu(page, 'Status').getByRole('button', { name: 'Move left' }).click();
    await expect.poll(async () => (await headers(page)).indexOf('Status')).toBe(statusAt - 1);

    await headerButton(page, 'Name').click();
    await columnMenu(page, 'Name').getByRole('button', { name: 'Pin to the left' }).click();
    await expect.poll(async () => (await headers(page))[0]).toBe('Name');
    const arranged = await headers(page);

    // The working view is saved; a fresh tab opens with the same layout.
    await expect
      .poll(async () => {
        const [row] = await query<{ definition: string }>(
          `SELECT definition::text FROM presets WHERE name = 'state' AND owner_email = $1 AND right_name = 'BMTools/Page/List'`,
          [email],
        );
        return row?.definition.includes('"pinned": true') || row?.definition.includes('"pinned":true');
      })
      .toBe(true);
    await page.evaluate(() => sessionStorage.clear());
    await page.reload();
    await waitForRows(page);
    expect(await headers(page)).toEqual(arranged);
    await expect(page.getByRole('separator', { name: 'Resize Name' })).toHaveAttribute(
      'aria-valuenow',
      String(before + 48),
    );
    // Pinned: Name stays at the left edge while the grid scrolls sideways.
    await expect(gridRows(page).first().locator('td').first()).toHaveCSS('position', 'sticky');
  });
});
