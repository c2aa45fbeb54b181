/**
 * The native tool pages in Chromium: database management (tabs, activity, cancelling a running
 * query after confirming), replication management on a lone server, and the reservation search (a
 * misspelled customer name finds the booking; its link opens the view). The viewer sees the pages but
 * no cancel button, another application's statement text hidden, and the sign-in locks; the mapper,
 * without ViewMongo, gets the unauthorised screen.
 */
import { expect, type Page } from '@playwright/test';
import pg from 'pg';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { test } from '../support/test.ts';

const NAME = 'Philippa Thistlewaite';
const NUMBER = `BM-E2E-${Date.now()}`;
let reservationId = 0;

test.beforeAll(async () => {
  const [row] = await query<{ id: number }>(
    `INSERT INTO reservations (reservation_number, customer_name, customer_email, pickup_location,
       dropoff_location, pickup_date, dropoff_date, supplier, car_class, total_price, currency, status)
     VALUES ($1, $2, 'p.thistlewaite@example.org', 'Porto Airport (OPO)', 'Porto Airport (OPO)',
       '2026-05-04T09:00:00Z', '2026-05-09T09:00:00Z', 'Avis', 'Economy', 199, 'EUR', 'confirmed')
     RETURNING id::int AS id`,
    [NUMBER, NAME],
  );
  reservationId = row?.id ?? 0;
});

async function openDatabasePage(page: Page): Promise<void> {
  await page.goto('/mongoManagement');
  await expect(page.getByRole('heading', { name: 'Database management' })).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Tables' }).getByRole('cell', { name: 'reservations', exact: true }),
  ).toBeVisible();
}

test.describe('as admin', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('database management: tables, indexes, statements note, and cancelling a running query', async ({
    page,
  }) => {
    await openDatabasePage(page);
    await page.getByRole('tab', { name: /^Indexes/ }).click();
    await expect(page.getByRole('cell', { name: 'reservations_customer_trgm', exact: true })).toBeVisible();
    await page.getByRole('tab', { name: 'Slowest statements' }).click();
    await expect(page.getByText(/pg_stat_statements|Statement/).first()).toBeVisible();

    const sleeper = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
    await sleeper.connect();
    try {
      const pid = (await sleeper.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      const sleeping = sleeper.query('SELECT pg_sleep(60) /* tools-e2e sleeper */').then(
        () => null,
        (error: unknown) => (error as { code?: string }).code,
      );
      await page.getByRole('button', { name: 'Refresh' }).click();
      await page.getByRole('tab', { name: /^Activity/ }).click();
      const row = page.getByRole('row').filter({ hasText: 'tools-e2e sleeper' });
      await expect(async () => {
        await page.getByRole('button', { name: 'Refresh' }).click();
        await expect(row).toBeVisible({ timeout: 1000 });
      }).toPass({ timeout: 15_000 });
      await row.getByRole('button', { name: `Cancel query of backend ${pid}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel query' });
      await expect(dialog).toContainText('tools-e2e sleeper');
      await dialog.getByRole('button', { name: 'Cancel query' }).click();
      expect(await sleeping).toBe('57014');
      await expect(page.getByText(`Cancel sent to backend ${pid}`)).toBeVisible();
      const audit = await query<{ cancelled_by: string; result: string }>(
        'SELECT cancelled_by, result FROM query_cancellations WHERE pid = $1 ORDER BY id DESC LIMIT 1',
        [pid],
      );
      expect(audit[0]).toEqual({ cancelled_by: ACCOUNTS.admin.email, result: 'cancelled' });
    } finally {
      await sleeper.end();
    }
  });

  test('replication management says a lone server has no replicas', async ({ page }) => {
    await page.goto('/replicationManagement');
    await expect(page.getByRole('heading', { name: 'Replication management' })).toBeVisible();
    await expect(page.getByText(/^This server has no replicas/)).toBeVisible();
    await expect(page.getByText('No replica streams from this server.')).toBeVisible();
    await expect(page.getByText(/^No read replicas are configured/)).toBeVisible();
  });

  test('the search finds a booking by a misspelled customer name and its link opens the view', async ({
    page,
  }) => {
    await page.goto('/searchReservation');
    await page.getByRole('textbox', { name: 'Search reservations' }).fill('Philippa Thsitlewaite');
    const results = page.getByRole('list', { name: 'Results' });
    const link = results.getByRole('link', { name: `${NUMBER} — ${NAME}` });
    await expect(link).toBeVisible();
    await expect(results.getByRole('link').first()).toHaveText(`${NUMBER} — ${NAME}`);
    // A status that excludes it hides it; the date range that holds it keeps it.
    // Mantine's chip hides its checkbox under the label: the label is what a user clicks.
    const cancelledChip = page.locator('label', { hasText: /^Cancelled$/ });
    await cancelledChip.click();
    await expect(page.getByRole('checkbox', { name: 'Cancelled' })).toBeChecked();
    await expect(link).toHaveCount(0);
    await cancelledChip.click();
    await page.getByLabel('Pick-up from').fill('2026-05-01');
    await page.getByLabel('Pick-up to').fill('2026-05-31');
    await expect(link).toBeVisible();
    await link.click();
    await expect(page).toHaveURL((url) => url.pathname === `/reservation/view/${reservationId}`);
    await expect(page.getByRole('heading', { name: `Reservation “${NUMBER}”` })).toBeVisible();
    await expect(page.getByText(NAME, { exact: true })).toBeVisible();
  });

  test('a number typed as staff type it finds the booking with its price; Enter opens it; it opens in the list', async ({
    page,
  }) => {
    // A booking of its own, numbered as the demo numbers them (BM- and eight digits, leading zeros).
    const n = 970_000 + Math.floor(Math.random() * 9_999);
    const number = `BM-${String(n).padStart(8, '0')}`;
    const [row] = await query<{ id: number }>(
      `INSERT INTO reservations (reservation_number, customer_name, customer_email, pickup_location,
         dropoff_location, pickup_date, dropoff_date, supplier, car_class, total_price, currency, status)
       VALUES ($1, 'Quentin Fairweather', 'q.fairweather@example.org', 'Faro Airport (FAO)', 'Faro Airport (FAO)',
         '2026-07-01T10:00:00Z', '2026-07-08T10:00:00Z', 'Avis', 'Compact', 1234.5, 'EUR', 'confirmed')
       RETURNING id::int AS id`,
      [number],
    );
    const box = page.getByRole('textbox', { name: 'Search reservations' });
    const results = page.getByRole('list', { name: 'Results' });
    await page.goto('/searchReservation');
    await box.fill(`bm-${n}`);
    const hit = results.getByRole('listitem').filter({ hasText: number });
    await expect(hit.getByRole('link')).toHaveText(`${number} — Quentin Fairweather`);
    await expect(hit.getByLabel('Total price')).toHaveText('1,234.50 EUR');
    await page.getByRole('link', { name: 'Open these in the Reservations list' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/reservation/list');
    await expect(page.getByRole('grid').getByText(number)).toBeVisible();

    // Just the digits: the only hit, and Enter opens it.
    await page.goto('/searchReservation');
    await box.fill(String(n));
    await expect(page.getByText('1 match, best first (Enter opens it).')).toBeVisible();
    await box.press('Enter');
    await expect(page).toHaveURL((url) => url.pathname === `/reservation/view/${row?.id}`);
  });
});

test.describe('as viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('sees the three pages, but no cancel button', async ({ page }) => {
    await openDatabasePage(page);
    await page.getByRole('tab', { name: /^Activity/ }).click();
    await expect(
      page.getByRole('table', { name: 'Activity' }).or(page.getByText('No other connection')),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: /^Cancel query of backend/ })).toHaveCount(0);
    const refused = await page.evaluate(async () => {
      const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
      const token = key
        ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token
        : '';
      const response = await fetch('/api/tools/database/cancel', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ pid: 1 }),
      });
      return response.status;
    });
    expect(refused).toBe(403);

    await page.goto('/replicationManagement');
    await expect(page.getByText(/^This server has no replicas/)).toBeVisible();
    await page.goto('/searchReservation');
    await page.getByRole('textbox', { name: 'Search reservations' }).fill(NUMBER);
    await expect(page.getByRole('link', { name: `${NUMBER} — ${NAME}` })).toBeVisible();
  });
});

test.describe('as viewer, without the right to cancel statements', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test("sees another application's statement hidden, and the sustained sign-in locks", async ({ page }) => {
    const other = new pg.Client({
      connectionString: process.env.E2E_DATABASE_URL,
      application_name: 'e2e-other-tool',
    });
    await other.connect();
    try {
      const pid = (await other.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
      await other.query("SELECT 'e2e-secret-literal' AS password");
      // Nine failures of an account: its fourth lock since the five free ones, so sustained.
      await query(
        `INSERT INTO login_failures (key, failures, last_failure_at, locked_until)
         VALUES ('account:e2e.locked@example.com', 9, now(), now() + interval '10 minutes')
         ON CONFLICT (key) DO UPDATE SET failures = 9, last_failure_at = now(),
           locked_until = now() + interval '10 minutes'`,
      );
      await openDatabasePage(page);
      await page.getByRole('tab', { name: /^Activity/ }).click();
      const row = page
        .getByRole('table', { name: 'Activity' })
        .getByRole('row')
        .filter({ has: page.getByRole('cell', { name: String(pid), exact: true }) });
      await expect(row).toContainText('hidden — needs the right to cancel statements');
      await expect(page.getByText('e2e-secret-literal')).toHaveCount(0);

      await page.getByRole('tab', { name: /^Sign-in locks/ }).click();
      const lock = page
        .getByRole('table', { name: 'Sign-in locks' })
        .getByRole('row')
        .filter({ hasText: 'e2e.locked@example.com' });
      await expect(lock).toContainText('sustained');
      await expect(lock.getByRole('cell').nth(1)).toHaveText('4');
    } finally {
      await other.end();
    }
  });
});

test.describe('as mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('database management is refused with the unauthorised screen', async ({ page }) => {
    await page.goto('/mongoManagement');
    await expect(page.getByRole('heading', { name: /^You don't have access to/ })).toBeVisible();
    await expect(page.getByText(/Unauthorized: it needs the right/)).toContainText('ViewMongo');
    await expect(page.getByRole('table', { name: 'Tables' })).toHaveCount(0);
  });
});
