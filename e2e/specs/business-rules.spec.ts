/**
 * Business rules shown by the form before saving (issue 41, ADR 0027), in Chromium: a payment's
 * Paid at marked required once its status is Refunded (and refused in the rule's words without a
 * call to the server); a chargeback's reason codes offered only for the picked payment's card
 * scheme; and its amount stated and held to at most the payment's amount, in words naming it.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const form = (page: Page) => page.getByRole('form', { name: 'Record form' });

/** Counts the saves the page sends to an api (POST or PUT), so a test can say none was sent. */
function countSaves(page: Page, api: string): { count: number } {
  const seen = { count: 0 };
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname.toLowerCase();
    const save = request.method() === 'POST' || request.method() === 'PUT';
    if (save && path.startsWith(api.toLowerCase())) seen.count += 1;
  });
  return seen;
}

/** A captured card payment of the brand without chargebacks, as the chargeback form offers it. */
async function cardPayment(
  brand: string,
): Promise<{ id: string; reference: string; amount: string; currency: string }> {
  const [payment] = await query<{ id: string; reference: string; amount: string; currency: string }>(
    `SELECT p.id::text, p.psp_reference AS reference, p.amount::text AS amount, p.currency FROM payments p
      WHERE method = 'card' AND status = 'captured' AND card_brand = $1 AND amount >= 50
        AND psp_reference IS NOT NULL AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.payment_id = p.id)
      ORDER BY id LIMIT 1`,
    [brand],
  );
  if (!payment) throw new Error(`the demo has no captured ${brand} payment without chargebacks`);
  return payment;
}

async function pickPayment(page: Page, payment: { id: string; reference: string }): Promise<void> {
  const field = form(page).getByRole('textbox', { name: 'Payment', exact: true });
  await field.fill('');
  await field.pressSequentially(payment.reference);
  await page.getByRole('option', { name: `${payment.id} - ${payment.reference}`, exact: true }).click();
}

test('Paid at is marked required once the status is Refunded, and the form says the rule', async ({
  page,
}) => {
  const [reservation] = await query<{ id: string }>(
    `SELECT id::text FROM reservations WHERE currency = 'EUR' ORDER BY id DESC LIMIT 1`,
  );
  const saves = countSaves(page, '/api/payments');
  await page.goto(`/payment/create?reservationId=${reservation?.id}&amount=12.50&currency=EUR`);
  await waitForForm(page);
  const paidAtMark = form(page).locator('[data-field="paidAt"] .mantine-InputWrapper-required');
  await pickOption(page, 'Kind', 'Refund');
  await pickOption(page, 'Status', 'Failed');
  await expect(form(page).getByRole('button', { name: 'Paid at', exact: true })).toBeVisible();
  await expect(paidAtMark).toHaveCount(0);
  await pickOption(page, 'Status', 'Refunded');
  await expect(paidAtMark).toBeVisible();
  await pickOption(page, 'Method', 'PayPal');
  await form(page)
    .getByRole('textbox', { name: 'PSP reference', exact: true })
    .fill(`E2E-RULE-${Date.now()}`);
  await toolbarButton(page, 'Save and close').click();
  await expect(
    form(page)
      .locator('[data-field="paidAt"]')
      .getByText('Paid at is required when the status is Captured or Refunded'),
  ).toBeVisible();
  // The form refused it itself: nothing went to the server, and the form stays open.
  expect(saves.count).toBe(0);
  await expect(page).toHaveURL(/\/payment\/create/);
});

test("a chargeback's reason codes are the picked payment's card scheme's", async ({ page }) => {
  const visa = await cardPayment('visa');
  const maestro = await cardPayment('maestro');
  await page.goto('/chargeback/create');
  await waitForForm(page);
  const reasons = page.getByRole('option');

  await pickPayment(page, visa);
  await form(page).getByRole('combobox', { name: 'Reason code' }).click();
  await expect(reasons).toHaveCount(9);
  await expect(
    page.getByRole('option', { name: '13.1 - Visa 13.1 · Merchandise/Services Not Received' }),
  ).toBeVisible();
  for (const label of await reasons.allTextContents()) expect(label).toMatch(/ - Visa /);
  await page.keyboard.press('Escape');

  // Another payment, of another scheme (Maestro is Mastercard's): its codes, and the pick is cleared.
  await pickOption(page, 'Reason code', '13.1 - Visa 13.1 · Merchandise/Services Not Received');
  await pickPayment(page, maestro);
  await expect(form(page).getByRole('combobox', { name: 'Reason code' })).toHaveValue('');
  await form(page).getByRole('combobox', { name: 'Reason code' }).click();
  await expect(reasons).toHaveCount(8);
  for (const label of await reasons.allTextContents()) expect(label).toMatch(/ - Mastercard /);
});

test("a chargeback's amount is at most the payment's, stated and refused in words naming it", async ({
  page,
}) => {
  const payment = await cardPayment('mastercard');
  const words = `The amount is at most the payment's amount (${payment.amount} ${payment.currency})`;
  const saves = countSaves(page, '/api/chargeBacks');
  await page.goto('/chargeback/create');
  await waitForForm(page);
  await pickPayment(page, payment);
  const amountField = form(page).locator('[data-field="amount"]');
  // The bound is stated under the field as soon as the payment is known.
  await expect(amountField.getByText(words)).toBeVisible();
  await form(page)
    .getByRole('textbox', { name: 'Amount', exact: true })
    .fill(String(Number(payment.amount) + 1));
  await pickOption(page, 'Reason code', '4853 - Mastercard 4853 · Cardholder Dispute');
  await pickOption(page, 'Status', 'Open');
  for (const [label, day] of [
    ['Opened', '2026-11-20'],
    ['Respond by', '2026-12-10'],
  ] as const) {
    await form(page).getByRole('textbox', { name: label, exact: true }).fill(day);
    await form(page).getByRole('textbox', { name: label, exact: true }).press('Tab');
  }
  await toolbarButton(page, 'Save and close').click();
  // Refused by the form, under the field, in the rule's words: no save was sent.
  await expect(amountField.locator('.mantine-InputWrapper-error')).toHaveText(words);
  expect(saves.count).toBe(0);
  await expect(page).toHaveURL(/\/chargeback\/create/);
});
