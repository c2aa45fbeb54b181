/**
 * The lists' search box and the forgiving reservation search, in Chromium. On Pages: typing narrows
 * the rows to those whose name, address or title holds the text (from the first page), the address
 * carries it as `q` and a reload keeps it, a filter holds together with it, and clearing it brings
 * every row back. On Reservations: a reservation number found by the list's search. In the
 * reservation search tool: a demo number typed as staff type it ("19990", "00019990", "bm-19990")
 * finds its booking with its total price and the count, and Enter opens the only hit; hits of
 * different numbers and customers open in the Reservations list, which counts as many.
 * `ignorestate` keeps the admin's presets untouched for the other specs.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { countRows, expectTotal, filterChips, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const PAGES_MATCHING = '(name ILIKE $1 OR url ILIKE $1 OR title ILIKE $1)';

test('the search box narrows a list, from its first page, kept in the address across a reload', async ({
  page,
}) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const all = await countRows('v_pages');
  await expectTotal(page, all);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');

  const box = page.getByRole('searchbox', { name: 'Search Pages' });
  const listCall = page.waitForRequest((r) => /\/api\/pages\?/.test(r.url()) && r.url().includes('q='));
  await box.fill('seville');
  const url = new URL((await listCall).url());
  expect(url.searchParams.get('q')).toBe('seville');
  expect(url.searchParams.get('pageIndex')).toBe('0');
  const matching = await countRows('v_pages', PAGES_MATCHING, ['%seville%']);
  expect(matching).toBeGreaterThan(0);
  expect(matching).toBeLessThan(all);
  await expectTotal(page, matching);
  await expect(page).toHaveURL((u) => u.searchParams.get('q') === 'seville');

  // A reload keeps the search: the box shows it and the rows are still the searched ones.
  await page.reload();
  await waitForRows(page);
  await expect(box).toHaveValue('seville');
  await expectTotal(page, matching);

  // Together with a filter from the address: both hold.
  await page.goto('/page/list?ignorestate=true&status=published&q=seville');
  await waitForRows(page);
  await expect(box).toHaveValue('seville');
  await expectTotal(
    page,
    await countRows('v_pages', `${PAGES_MATCHING} AND status = 'published'`, ['%seville%']),
  );

  // Clearing it brings every row back and takes q out of the address.
  await page.goto('/page/list?ignorestate=true&q=seville');
  await waitForRows(page);
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expectTotal(page, all);
  await expect(page).toHaveURL((u) => !u.searchParams.has('q'));
});

/** A demo reservation whose number has one row (no other version), as BM- and eight digits. */
async function demoReservation(): Promise<{ id: number; number: string; price: string; currency: string }> {
  const [row] = await query<{ id: number; number: string; price: string; currency: string }>(
    `SELECT min(id)::int AS id, reservation_number AS number, min(total_price)::text AS price, min(currency) AS currency
       FROM reservations WHERE reservation_number ~ '^BM-[0-9]{8}$'
      GROUP BY reservation_number HAVING count(*) = 1 ORDER BY reservation_number DESC LIMIT 1`,
  );
  if (!row) throw new Error('the demo has no reservation numbered BM-nnnnnnnn with a single version');
  return row;
}

test('the Reservations list finds a booking by its number', async ({ page }) => {
  const demo = await demoReservation();
  await page.goto('/reservation/list?ignorestate=true');
  await waitForRows(page);
  await page.getByRole('searchbox', { name: 'Search Reservations' }).fill(demo.number.slice(3));
  await expectTotal(page, 1);
  await expect(page.getByRole('grid').getByText(demo.number)).toBeVisible();
});

test('the reservation search finds a number typed as staff type it, and Enter opens the only hit', async ({
  page,
}) => {
  const demo = await demoReservation();
  const digits = demo.number.slice(3).replace(/^0+/, '');
  const box = page.getByRole('textbox', { name: 'Search reservations' });
  const results = page.getByRole('list', { name: 'Results' });
  await page.goto('/searchReservation');
  for (const typed of [demo.number.slice(3), `bm-${digits}`, digits]) {
    await box.fill(typed);
    const hit = results.getByRole('listitem').filter({ hasText: demo.number });
    await expect(hit).toBeVisible();
    await expect(results.getByRole('listitem')).toHaveCount(1);
    await expect(page.getByText('1 match, best first (Enter opens it).')).toBeVisible();
    const price = Number(demo.price).toLocaleString('en-US', {
      minimumFractionDigits: 2,
      maximumFractionDigits: 2,
    });
    await expect(hit.getByLabel('Total price')).toHaveText(`${price} ${demo.currency}`);
  }
  await expect(page.getByRole('link', { name: 'Open these in the Reservations list' })).toBeVisible();
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/reservation/view/${demo.id}`);

  // Enter at once after typing, before the search has run: it searches and opens the only hit.
  await page.goto('/searchReservation');
  await box.fill(digits);
  await box.press('Enter');
  await expect(page).toHaveURL((url) => url.pathname === `/reservation/view/${demo.id}`);
});

test('the reservation search opens hits of different numbers and customers in the Reservations list, as many', async ({
  page,
}) => {
  // A supplier's bookings of one week, month or quarter (the shortest that has enough): several, of
  // different numbers and customers, fewer than the 50 the search shows (the link stands for the
  // whole search only then).
  const [range] = await query<{ from: string; to: string }>(
    `SELECT to_char(d, 'YYYY-MM-DD') AS from, to_char(d + days - 1, 'YYYY-MM-DD') AS to
       FROM (VALUES (7), (30), (91)) AS w(days)
      CROSS JOIN generate_series(DATE '2025-01-06', DATE '2026-06-01', interval '7 days') AS g(t)
      CROSS JOIN LATERAL (SELECT t::date AS d) x
      CROSS JOIN LATERAL (SELECT count(*) AS n, count(DISTINCT customer_email) AS emails FROM reservations
                           WHERE supplier = 'Sixt' AND pickup_date >= d AND pickup_date < d + days) c
      WHERE c.emails >= 3 AND c.n <= 40
      ORDER BY days, d LIMIT 1`,
  );
  if (!range) throw new Error('the demo has no week, month or quarter of 3 to 40 Sixt bookings');
  await page.goto('/searchReservation');
  await page.getByLabel('Pick-up from').fill(range.from);
  await page.getByLabel('Pick-up to').fill(range.to);
  await page.getByRole('textbox', { name: 'Search reservations' }).fill('Sixt');
  const summary = page.getByText(/^\d+ matches, best first\.$/);
  await expect(summary).toBeVisible();
  const shown = Number((await summary.textContent())?.split(' ')[0]);
  const hits = page.getByRole('list', { name: 'Results' }).getByRole('listitem');
  await expect(hits).toHaveCount(shown);
  // Each hit: its link ("BM-… — name"), then its line beginning with the customer's email.
  const numbers = new Set((await hits.getByRole('link').allTextContents()).map((t) => t.split(' — ')[0]));
  const emails = new Set((await hits.locator('a + p').allTextContents()).map((t) => t.split(' · ')[0]));
  expect(numbers.size).toBeGreaterThan(1);
  expect(emails.size).toBeGreaterThan(1);

  await page.getByRole('link', { name: 'Open these in the Reservations list' }).click();
  await expect(page).toHaveURL(
    (url) => url.pathname === '/reservation/list' && url.searchParams.has('filters'),
  );
  await waitForRows(page);
  await expectTotal(page, shown);
  // The list's filter says what it holds: the hits' ids.
  await expect(filterChips(page)).toHaveText([/^Id is any of /]);
});
