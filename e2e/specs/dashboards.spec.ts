/**
 * Dashboards in Chromium: `/dashboard` opens the first dashboard the person may see; a number
 * panel shows the list's own count; a click on a bar opens the list behind it filtered to that bar,
 * with the same count; each panel says its figures in words and as a table; the mapper sees only
 * the panels of the lists they may open.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { rowsText } from '../support/list-helpers.ts';
import { waitForLiveNotifications } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.describe('as the admin', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('the desk dashboard counts what its lists count, and a bar opens its rows', async ({ page }) => {
    await page.goto('/dashboard');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL(/\/dashboard\/reservation-desk$/);
    await expect(page.getByRole('heading', { name: 'Reservation desk', level: 1 })).toBeVisible();

    const [open] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chargebacks WHERE status = 'open'`,
    );
    const chargebacks = page.getByRole('region', { name: 'Chargebacks open' });
    await expect(chargebacks.getByRole('link')).toHaveText((open?.n ?? 0).toLocaleString('en-US'));

    // The top pick-up place of the last 30 days, as a bar; its count is what the list shows.
    await page
      .locator('label')
      .filter({ hasText: /^30 days$/ })
      .click();
    await expect(page.getByRole('radio', { name: '30 days' })).toBeChecked();
    const places = page.getByRole('region', { name: 'Top pick-up places' });
    await expect(places.getByText(/^Top pick-up places: /)).toBeVisible();
    const summary = (await places.getByText(/^Top pick-up places: /).textContent()) ?? '';
    const first = /^Top pick-up places: (.+?) ([\d,]+)(,|\.)/.exec(summary);
    expect(first, summary).not.toBeNull();
    const count = first?.[2] ?? '';
    await places.locator('.recharts-bar-rectangle').first().click();
    await expect(page).toHaveURL(/\/reservation\/list\?/);
    await expect(page.getByRole('status', { name: 'Total rows' })).toHaveText(
      rowsText(Number(count.replaceAll(',', ''))),
    );
  });

  test('a live notification about a record of a panel’s list refreshes that panel at once', async ({
    page,
  }) => {
    await page.goto('/dashboard/reservation-desk');
    await waitForShell(page, ACCOUNTS.admin.email);
    await waitForLiveNotifications(page);
    const figure = page.getByRole('region', { name: 'Chargebacks open' }).getByRole('link');
    const [before] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM chargebacks WHERE status = 'open'`,
    );
    await expect(figure).toHaveText((before?.n ?? 0).toLocaleString('en-US'));
    // A chargeback opened elsewhere, and the notification that says so: the panel shows it well
    // before its minute's refresh.
    const [added] = await query<{ id: number }>(
      `INSERT INTO chargebacks (payment_id, amount, reason_code, status, opened_at, respond_by, user_email)
       SELECT payment_id, amount, reason_code, 'open', current_date, current_date + 14, user_email
         FROM chargebacks ORDER BY id LIMIT 1
       RETURNING id`,
    );
    await query(
      `INSERT INTO notifications (from_email, to_email, title, description, actions) VALUES ($1, $2, $3, $4, $5)`,
      [
        'system',
        ACCOUNTS.admin.email,
        'Chargeback opened',
        'A new chargeback',
        JSON.stringify({ open: { url: `/chargeback/view/${added?.id}` } }),
      ],
    );
    await expect(figure).toHaveText(((before?.n ?? 0) + 1).toLocaleString('en-US'), { timeout: 10_000 });
    await query('DELETE FROM chargebacks WHERE id = $1', [added?.id]);
  });

  test('a custom range of days counts what the list counts over those days', async ({ page }) => {
    await page.goto('/dashboard/reservation-desk');
    await waitForShell(page, ACCOUNTS.admin.email);
    await page
      .locator('label')
      .filter({ hasText: /^Custom$/ })
      .click();
    // From the first of this month to today, both whole days in the browser's time zone.
    const today = new Date();
    const name = (d: Date) =>
      d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
    const first = new Date(today.getFullYear(), today.getMonth(), 1);
    await page.getByRole('button', { name: 'Days' }).click();
    await page.getByRole('button', { name: name(first), exact: true }).click();
    await page.getByRole('button', { name: name(today), exact: true }).click();
    const end = new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1);
    const timeZone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
    const [counted] = await query<{ n: number }>(
      `SELECT count(*)::int AS n FROM reservations
        WHERE created_at >= ($1::timestamp AT TIME ZONE $3) AND created_at < ($2::timestamp AT TIME ZONE $3)`,
      [
        `${first.getFullYear()}-${first.getMonth() + 1}-1`,
        `${end.getFullYear()}-${end.getMonth() + 1}-${end.getDate()}`,
        timeZone,
      ],
    );
    await expect(
      page.getByRole('region', { name: 'Reservations', exact: true }).getByRole('link'),
    ).toHaveText((counted?.n ?? 0).toLocaleString('en-US'));
  });

  test('each chart is also a table of its figures', async ({ page }) => {
    await page.goto('/dashboard/reservation-desk');
    const payments = page.getByRole('region', { name: 'Payments by status' });
    await payments.getByRole('button', { name: 'Show table' }).click();
    const table = payments.getByRole('table', { name: 'Payments by status' });
    const [top] = await query<{ status: string; n: number }>(
      `SELECT status, count(*)::int AS n FROM payments GROUP BY status ORDER BY 2 DESC, 1 LIMIT 1`,
    );
    // The state as the payments list words it (its tag), not the stored value.
    await expect(table.getByRole('row').first()).toContainText(new RegExp(`^${top?.status ?? ''}`, 'i'));
    await expect(table.getByRole('row').first()).toContainText((top?.n ?? 0).toLocaleString('en-US'));
  });
});

test.describe('as the mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('sees the mapping dashboard and only the panels of lists it may open', async ({ page }) => {
    await page.goto('/dashboard/mapping');
    await waitForShell(page, ACCOUNTS.mapper.email);
    await expect(page.getByRole('region', { name: 'Merchant locations' })).toBeVisible();
    await page.goto('/dashboard/reservation-desk');
    // A dashboard the mapper may see nothing of is not offered.
    const rights = await query<{ right_name: string }>(
      `SELECT right_name FROM user_rights WHERE email = $1 AND right_name = 'BMTools/Reservation/List'`,
      [ACCOUNTS.mapper.email],
    );
    const desk = page.getByRole('region', { name: 'Reservations per day' });
    if (rights.length === 0) {
      await expect(page.getByRole('heading', { name: 'No such dashboard' })).toBeVisible();
      await expect(desk).toHaveCount(0);
    } else {
      await expect(desk).toBeVisible();
    }
  });
});
