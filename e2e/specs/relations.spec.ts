/**
 * Relations in Chromium: a reservation's view lists its payments (the payments' own list, kept to
 * this reservation), each payment's Reservation is a link back to the reservation, from the grid
 * and from the payment's view; a payment created from the reservation's related list starts with
 * the reservation filled in and returns to the reservation, whose list then shows it. The viewer,
 * who may read payments but not record them, sees the list without its Create.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

/**
 * The first wait on a view: the record, then each related list's presets, page and count arrive one
 * after the other, which on a busy machine takes longer than the default wait.
 */
const VIEW_LOADED = { timeout: 30_000 };

/** The reservation with the most payments (the newest of those), with its number and count. */
async function reservationWithPayments(): Promise<{ id: string; number: string; payments: number }> {
  const [row] = await query<{ id: string; number: string; payments: string }>(
    `SELECT r.id::text AS id, r.reservation_number AS number, count(*)::text AS payments
       FROM reservations r JOIN payments p ON p.reservation_id = r.id
      GROUP BY r.id ORDER BY count(*) DESC, r.id DESC LIMIT 1`,
  );
  if (!row) throw new Error('the demo has no reservation with payments');
  return { id: row.id, number: row.number, payments: Number(row.payments) };
}

const related = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: label, exact: true });
const relatedRows = (list: Locator): Locator => list.locator('tbody tr[aria-rowindex]');

test("from a reservation's view to its payments and back, by links", async ({ page }) => {
  const reservation = await reservationWithPayments();
  await page.goto(`/reservation/view/${reservation.id}`);
  const payments = related(page, 'Payments');
  // Headed with its count, and open because it has rows.
  const toggle = payments.getByRole('button', { name: `Payments (${reservation.payments})` });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true', VIEW_LOADED);
  await expect(relatedRows(payments)).toHaveCount(Math.min(reservation.payments, 20));
  // Another related list is open when it has rows and collapsed while empty, its count in its heading.
  const [cases] = await query<{ n: string }>(
    'SELECT count(*)::text AS n FROM customer_service_cases WHERE reservation_id = $1',
    [reservation.id],
  );
  const caseCount = Number(cases?.n ?? 0);
  await expect(
    related(page, 'Customer service cases').getByRole('button', {
      name: `Customer service cases (${caseCount})`,
    }),
  ).toHaveAttribute('aria-expanded', String(caseCount > 0));
  // Every row is one of this reservation's payments; the column naming the reservation itself is left out.
  const ids = await query<{ id: string }>(
    'SELECT id::text AS id FROM payments WHERE reservation_id = $1 ORDER BY id DESC LIMIT 20',
    [reservation.id],
  );
  for (const { id } of ids)
    await expect(payments.getByRole('gridcell', { name: id, exact: true })).toBeVisible();
  await expect(payments.getByRole('columnheader', { name: /^Reservation/ })).toHaveCount(0);

  // A payment's row opens its view, where the reservation is a link back.
  const [payment] = await query<{ id: string }>(
    'SELECT max(id)::text AS id FROM payments WHERE reservation_id = $1',
    [reservation.id],
  );
  await relatedRows(payments).first().click();
  await page.waitForURL(new RegExp(`/payment/view/${payment?.id}$`));
  const link = page.getByRole('link', { name: reservation.number, exact: true });
  await expect(link).toHaveAttribute('href', `/reservation/view/${reservation.id}`);
  await link.click();
  await page.waitForURL(new RegExp(`/reservation/view/${reservation.id}$`));
  await expect(related(page, 'Payments').getByRole('button', { name: /^Payments \(\d+\)$/ })).toBeVisible(
    VIEW_LOADED,
  );

  // On the payments list the Reservation column links the same way.
  await page.goto(`/payment/list?ignorestate=true&reservationNumber=${reservation.number}`);
  const cell = page.getByRole('grid').getByRole('link', { name: reservation.number, exact: true }).first();
  await expect(cell).toHaveAttribute('href', `/reservation/view/${reservation.id}`);
  await cell.click();
  await page.waitForURL(new RegExp(`/reservation/view/${reservation.id}$`));
});

test("a payment created from the reservation's related list refers to it and returns there", async ({
  page,
}) => {
  const reservation = await reservationWithPayments();
  await page.goto(`/reservation/view/${reservation.id}`);
  const payments = related(page, 'Payments');
  await expect(payments.getByRole('button', { name: `Payments (${reservation.payments})` })).toBeVisible(
    VIEW_LOADED,
  );
  await payments.getByRole('link', { name: 'Create payment for this record' }).click();
  await page.waitForURL(/\/payment\/create\?/);
  await waitForForm(page);
  const form = page.getByRole('form', { name: 'Record form' });
  // The reference is filled from the address, by the reservation's number.
  await expect(form.getByRole('textbox', { name: 'Reservation', exact: true })).toHaveValue(
    reservation.number,
  );

  const reference = `E2E-REL-${Date.now()}`;
  await form.getByRole('textbox', { name: 'Amount', exact: true }).fill('19.99');
  await pickOption(page, 'Kind', 'Balance');
  await pickOption(page, 'Status', 'Authorized');
  await pickOption(page, 'Method', 'PayPal');
  await form.getByRole('textbox', { name: 'PSP reference', exact: true }).fill(reference);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(new RegExp(`/reservation/view/${reservation.id}$`));

  const [saved] = await query<{ reservation: string }>(
    'SELECT reservation_id::text AS reservation FROM payments WHERE psp_reference = $1',
    [reference],
  );
  expect(saved).toEqual({ reservation: reservation.id });
  const list = related(page, 'Payments');
  await expect(list.getByRole('button', { name: `Payments (${reservation.payments + 1})` })).toBeVisible(
    VIEW_LOADED,
  );
  const [created] = await query<{ id: string }>(
    'SELECT id::text AS id FROM payments WHERE psp_reference = $1',
    [reference],
  );
  await expect(list.getByRole('gridcell', { name: created?.id ?? '', exact: true })).toBeVisible();
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('the related list shows, without a Create the viewer may not use', async ({ page }) => {
    const reservation = await reservationWithPayments();
    await page.goto(`/reservation/view/${reservation.id}`);
    const payments = related(page, 'Payments');
    await expect(payments.getByRole('button', { name: `Payments (${reservation.payments})` })).toBeVisible(
      VIEW_LOADED,
    );
    await expect(relatedRows(payments).first()).toBeVisible();
    await expect(payments.getByRole('link', { name: /^Create / })).toHaveCount(0);
  });
});
