/**
 * The money areas in Chromium: a payment recorded from a reservation through the address
 * (`/payment/create?reservationId=…&amount=…&currency=…`), its form showing those values and the
 * save storing them; new chargebacks and prepaid credits taking the signed-in user as their User;
 * and the viewer, who may read payments, kept from the create screen.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const form = (page: import('@playwright/test').Page) => page.getByRole('form', { name: 'Record form' });

test('a payment opened from a reservation shows its number, amount and currency, and saves them', async ({
  page,
}) => {
  const [reservation] = await query<{ id: string; number: string }>(
    `SELECT id, reservation_number AS number FROM reservations WHERE currency = 'EUR' ORDER BY id DESC LIMIT 1`,
  );
  await page.goto(`/payment/create?reservationId=${reservation?.id}&amount=12.50&currency=EUR`);
  await waitForForm(page);
  // The reservation's number is read for the id in the address.
  await expect(form(page).getByRole('textbox', { name: 'Reservation', exact: true })).toHaveValue(
    reservation?.number ?? '',
  );
  await expect(form(page).getByRole('textbox', { name: 'Amount', exact: true })).toHaveValue(/^12\.50?$/);
  await expect(form(page).getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue(/EUR/);
  await expect(form(page).getByRole('textbox', { name: 'User', exact: true })).toHaveValue(
    ACCOUNTS.admin.email,
  );

  const reference = `E2E-PAY-${Date.now()}`;
  await pickOption(page, 'Kind', 'Deposit');
  await pickOption(page, 'Status', 'Authorized');
  await pickOption(page, 'Method', 'Card');
  // Card brand and last four show for a card only.
  await pickOption(page, 'Card brand', 'Mastercard');
  await form(page).getByRole('textbox', { name: 'Card last four', exact: true }).fill('5454');
  await form(page).getByRole('textbox', { name: 'PSP reference', exact: true }).fill(reference);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/payment\/list/);

  const rows = await query<Record<string, unknown>>(
    `SELECT reservation_id::text AS reservation, amount::text AS amount, currency, kind, status, method,
            card_brand, card_last4, user_email, created_by
       FROM payments WHERE psp_reference = $1`,
    [reference],
  );
  expect(rows).toEqual([
    {
      reservation: reservation?.id,
      amount: '12.50',
      currency: 'EUR',
      kind: 'deposit',
      status: 'authorized',
      method: 'card',
      card_brand: 'mastercard',
      card_last4: '5454',
      user_email: ACCOUNTS.admin.email,
      created_by: ACCOUNTS.admin.email,
    },
  ]);
});

test('a payment opened with a reservation number finds that reservation, and says so when there is none', async ({
  page,
}) => {
  // A number with one reservation row (no amendments), so it names one record.
  const [reservation] = await query<{ id: string; number: string; currency: string }>(
    `SELECT min(id)::text AS id, reservation_number AS number, min(currency) AS currency FROM reservations
      GROUP BY reservation_number HAVING count(*) = 1 ORDER BY reservation_number DESC LIMIT 1`,
  );
  if (!reservation) throw new Error('the demo has no reservation with a single row');
  await page.goto(`/payment/create?reservationNumber=${reservation.number}&amount=7.25`);
  await waitForForm(page);
  const field = form(page).getByRole('textbox', { name: 'Reservation', exact: true });
  await expect(field).toHaveValue(reservation.number);
  // Found: the reservation's currency comes with it, as when it is picked by hand.
  await expect(form(page).getByRole('combobox', { name: 'Currency', exact: true })).toHaveValue(
    new RegExp(reservation.currency),
  );
  const reference = `E2E-PAYNUM-${Date.now()}`;
  await pickOption(page, 'Kind', 'Deposit');
  await pickOption(page, 'Status', 'Authorized');
  await pickOption(page, 'Method', 'PayPal');
  await form(page).getByRole('textbox', { name: 'PSP reference', exact: true }).fill(reference);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/payment\/list/);
  const [saved] = await query<{ reservation: string }>(
    'SELECT reservation_id::text AS reservation FROM payments WHERE psp_reference = $1',
    [reference],
  );
  expect(saved).toEqual({ reservation: reservation.id });

  // A number that names no reservation is said to be unknown under the field, not shown as if chosen.
  await page.goto('/payment/create?reservationNumber=BM-NOSUCH-1&amount=1');
  await waitForForm(page);
  await expect(form(page).getByText('No reservation “BM-NOSUCH-1” was found: choose one here')).toBeVisible();
});

test('a new chargeback is handled by the signed-in user', async ({ page }) => {
  const [payment] = await query<{ id: string; reference: string; amount: string }>(
    `SELECT p.id, p.psp_reference AS reference, p.amount::text AS amount FROM payments p
      WHERE method = 'card' AND status = 'captured' AND card_brand = 'visa' AND amount >= 50
        AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.payment_id = p.id)
      ORDER BY id DESC LIMIT 1`,
  );
  const caseReference = `CB-E2E-${Date.now()}`;
  await page.goto('/chargeback/create');
  await waitForForm(page);
  const user = form(page).getByRole('textbox', { name: 'User', exact: true });
  await expect(user).toHaveValue(ACCOUNTS.admin.email);

  await form(page)
    .getByRole('textbox', { name: 'Payment', exact: true })
    .pressSequentially(payment?.reference ?? '');
  await page.getByRole('option', { name: `${payment?.id} - ${payment?.reference}`, exact: true }).click();
  // Picking the payment starts the disputed amount at the whole payment.
  const amount = form(page).getByRole('textbox', { name: 'Amount', exact: true });
  await expect(amount).toHaveValue(String(Number(payment?.amount)));
  await amount.fill('25');
  await pickOption(page, 'Reason code', '13.1 - Visa 13.1 · Merchandise/Services Not Received');
  await pickOption(page, 'Status', 'Open');
  for (const [label, day] of [
    ['Opened', '2026-11-20'],
    ['Respond by', '2026-12-10'],
  ] as const) {
    await form(page).getByRole('textbox', { name: label, exact: true }).fill(day);
    await form(page).getByRole('textbox', { name: label, exact: true }).press('Tab');
  }
  await form(page).getByRole('textbox', { name: 'Case reference', exact: true }).fill(caseReference);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/chargeback\/list/);

  const rows = await query<Record<string, unknown>>(
    `SELECT payment_id::text AS payment, amount::text AS amount, reason_code, status, opened_at::text AS opened,
            respond_by::text AS respond, user_email
       FROM chargebacks WHERE case_reference = $1`,
    [caseReference],
  );
  expect(rows).toEqual([
    {
      payment: payment?.id,
      amount: '25.00',
      reason_code: '13.1',
      status: 'open',
      opened: '2026-11-20',
      respond: '2026-12-10',
      user_email: ACCOUNTS.admin.email,
    },
  ]);
});

test('a new prepaid credit is granted by the signed-in user', async ({ page }) => {
  const reason = `E2E goodwill ${Date.now()}`;
  await page.goto('/prepaidcredit/create');
  await waitForForm(page);
  await expect(form(page).getByRole('textbox', { name: 'User', exact: true })).toHaveValue(
    ACCOUNTS.admin.email,
  );

  const text = (label: string) => form(page).getByRole('textbox', { name: label, exact: true });
  await text('Customer email').fill('greta.jansen@example.com');
  await text('Amount').fill('30');
  await text('Remaining').fill('30');
  await pickOption(page, 'Currency', 'EUR - Euro');
  await text('Expires').fill('2027-11-30');
  await text('Expires').press('Tab');
  await text('Reason').fill(reason);
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/prepaidcredit\/list/);

  const rows = await query<Record<string, unknown>>(
    `SELECT customer_email, amount::text AS amount, remaining::text AS remaining, currency,
            expires_at::text AS expires, user_email
       FROM prepaid_credits WHERE reason = $1`,
    [reason],
  );
  expect(rows).toEqual([
    {
      customer_email: 'greta.jansen@example.com',
      amount: '30.00',
      remaining: '30.00',
      currency: 'EUR',
      expires: '2027-11-30',
      user_email: ACCOUNTS.admin.email,
    },
  ]);
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('payments are listed, but recording one is not offered', async ({ page }) => {
    await page.goto('/payment/list?ignorestate=true');
    await expect(page.getByRole('row').nth(1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Create record' })).toHaveCount(0);
    const before = (await query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0]?.n;
    await page.goto('/payment/create?amount=1&currency=EUR');
    await expect(page.getByRole('form', { name: 'Record form' })).toHaveCount(0);
    expect((await query<{ n: number }>('SELECT count(*)::int AS n FROM payments'))[0]?.n).toBe(before);
  });
});
