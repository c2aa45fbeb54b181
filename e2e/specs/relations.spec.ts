/**
 * Relations in Chromium: a reservation's view lists its payments (the payments' own list, kept to
 * this reservation), each payment's Reservation is a link back to the reservation, from the grid
 * and from the payment's view; a payment created from the reservation's related list starts with
 * the reservation filled in and returns to the reservation, whose list then shows it. The viewer,
 * who may read payments but not record them, sees the list without its Create. A trigger's
 * interception and a product placement rule's country and supplier are picked by name and link to
 * the records picked, whose views list them; a chargeback's reservation links to the reservation,
 * whose view lists its chargebacks; a related list opens in the preset the person uses for its list.
 */
import { expect, type Locator, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { createInterception, pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
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

/** Picks a searchable select's option by typing part of its name, as staff do. */
async function pickByName(page: Page, label: string, typed: string, option: string): Promise<void> {
  await page.getByRole('combobox', { name: label, exact: true }).fill(typed);
  await page.getByRole('option', { name: option, exact: true }).click();
}

test('a trigger picks its interception by name; the trigger links to it, and the interception lists it', async ({
  page,
}) => {
  const interceptionName = `E2E picked interception ${Date.now()}`;
  const interceptionId = await createInterception({ name: interceptionName });
  const triggerName = `E2E picked trigger ${Date.now()}`;
  await page.goto('/interceptiontrigger/create');
  await waitForForm(page);
  const form = page.getByRole('form', { name: 'Record form' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(triggerName);
  // The interceptions lookup offers each by its id and name; the id is what the form saves.
  const option = `${interceptionId} - ${interceptionName}`;
  await pickByName(page, 'Interception', 'E2E picked interception', option);
  await pickOption(page, 'Event', 'Click');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/interceptiontrigger\/list/);
  const [saved] = await query<{ id: string; interception: string }>(
    'SELECT id::text AS id, interception_id::text AS interception FROM interception_triggers WHERE name = $1',
    [triggerName],
  );
  expect(saved?.interception).toBe(String(interceptionId));
  // On the triggers list the Interception column names it, as a link to it.
  await page.goto(
    `/interceptiontrigger/list?ignorestate=true&interceptionName=${encodeURIComponent(interceptionName)}`,
  );
  await expect(
    page.getByRole('grid').getByRole('link', { name: interceptionName, exact: true }).first(),
  ).toHaveAttribute('href', `/interception/view/${interceptionId}`);

  await page.goto(`/interceptiontrigger/view/${saved?.id}`);
  const link = page.getByRole('link', { name: option, exact: true });
  await expect(link).toHaveAttribute('href', `/interception/view/${interceptionId}`, VIEW_LOADED);
  await link.click();
  await page.waitForURL(new RegExp(`/interception/view/${interceptionId}$`));
  const triggers = related(page, 'Interception triggers');
  await expect(triggers.getByRole('button', { name: 'Interception triggers (1)' })).toHaveAttribute(
    'aria-expanded',
    'true',
    VIEW_LOADED,
  );
  await expect(triggers.getByRole('gridcell', { name: triggerName, exact: true })).toBeVisible();
});

test('a product placement rule picks its country and supplier by name, stores their codes and links to them', async ({
  page,
}) => {
  const name = `E2E picked rule ${Date.now()}`;
  await page.goto('/productplacement/create');
  await waitForForm(page);
  const form = page.getByRole('form', { name: 'Record form' });
  await form.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await pickOption(page, 'Placement', 'Sponsored');
  await pickByName(page, 'Country', 'Portug', 'PT - Portugal');
  await pickByName(page, 'Supplier', 'Hert', 'Hertz');
  await form.getByRole('textbox', { name: 'Position', exact: true }).fill('3');
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL(/\/productplacement\/list/);
  const [saved] = await query<{ id: string; country: string; supplier: string }>(
    'SELECT id::text AS id, country_code AS country, supplier FROM product_placements WHERE name = $1',
    [name],
  );
  // The table keeps what the live site reads: the country's code and the supplier's name.
  expect(saved).toMatchObject({ country: 'PT', supplier: 'Hertz' });
  const [ids] = await query<{ country: string; supplier: string }>(
    `SELECT (SELECT id::text FROM pricewatch_locations WHERE code = 'PT') AS country,
            (SELECT min(id)::text FROM pricewatch_suppliers WHERE name = 'Hertz') AS supplier`,
  );

  // The view shows the country by name, each a link to the price-watch record.
  await page.goto(`/productplacement/view/${saved?.id}`);
  const country = page.getByRole('link', { name: 'PT - Portugal', exact: true });
  await expect(country).toHaveAttribute('href', `/pricewatchLocation/view/${ids?.country}`, VIEW_LOADED);
  const supplier = page.getByRole('link', { name: 'Hertz', exact: true });
  await expect(supplier).toHaveAttribute('href', `/pricewatchsupplier/view/${ids?.supplier}`);
  // The supplier's view lists its rules, the newest first.
  await supplier.click();
  await page.waitForURL(new RegExp(`/pricewatchsupplier/view/${ids?.supplier}$`));
  const rules = related(page, 'Product placement rules');
  await expect(rules.getByRole('button', { name: /^Product placement rules \(\d+\)$/ })).toHaveAttribute(
    'aria-expanded',
    'true',
    VIEW_LOADED,
  );
  await expect(rules.getByRole('gridcell', { name, exact: true })).toBeVisible();
});

test("a chargeback's reservation is a link, and the reservation's view lists its chargebacks", async ({
  page,
}) => {
  const [row] = await query<{ id: string; reservation: string; number: string; n: string }>(
    `SELECT max(c.id)::text AS id, r.id::text AS reservation, r.reservation_number AS number,
            count(*)::text AS n
       FROM chargebacks c JOIN payments p ON p.id = c.payment_id JOIN reservations r ON r.id = p.reservation_id
      GROUP BY r.id ORDER BY count(*) DESC, max(c.id) DESC LIMIT 1`,
  );
  if (!row) throw new Error('the demo has no chargeback');
  await page.goto(`/chargeback/list?ignorestate=true&reservationNumber=${row.number}`);
  const cell = page.getByRole('grid').getByRole('link', { name: row.number, exact: true }).first();
  await expect(cell).toHaveAttribute('href', `/reservation/view/${row.reservation}`);
  await cell.click();
  await page.waitForURL(new RegExp(`/reservation/view/${row.reservation}$`));
  const chargebacks = related(page, 'Chargebacks');
  await expect(chargebacks.getByRole('button', { name: `Chargebacks (${row.n})` })).toHaveAttribute(
    'aria-expanded',
    'true',
    VIEW_LOADED,
  );
  await expect(chargebacks.getByRole('gridcell', { name: row.id, exact: true })).toBeVisible();
  // The column naming the reservation says the same on every row: left out.
  await expect(chargebacks.getByRole('columnheader', { name: /^Reservation/ })).toHaveCount(0);
  // The chargeback's own view names its reservation too, as a link back.
  await page.goto(`/chargeback/view/${row.id}`);
  const back = page.getByRole('main').getByRole('link', { name: row.number, exact: true });
  await expect(back).toHaveAttribute('href', `/reservation/view/${row.reservation}`, VIEW_LOADED);
  await back.click();
  await page.waitForURL(new RegExp(`/reservation/view/${row.reservation}$`));
});

test('a related list opens in the preset the person uses for that list, not the default', async ({
  page,
}) => {
  const right = 'BMTools/Payment/List';
  const email = ACCOUNTS.admin.email;
  type Definition = { definition: { key: string; visible?: boolean }[] } & Record<string, unknown>;
  const [base] = await query<{ definition: Definition }>(
    `SELECT definition FROM presets WHERE right_name = $1 AND name = 'default' AND preset_group_id = 1
      ORDER BY version DESC LIMIT 1`,
    [right],
  );
  if (!base) throw new Error('the payments list has no default preset');
  // The admin's own view of the payments list, without the Customer column, chosen as in use.
  const mine: Definition = {
    ...base.definition,
    definition: base.definition.definition.map((c) =>
      c.key === 'customerName' ? { ...c, visible: false } : c,
    ),
  };
  const [before] = await query<{ preset_id: number }>(
    'SELECT preset_id FROM preset_in_use WHERE user_email = $1 AND right_name = $2',
    [email, right],
  );
  const [planted] = await query<{ id: number }>(
    `INSERT INTO presets (name, right_name, preset_group_id, owner_email, definition, created_by)
     VALUES ($1, $2, (SELECT id FROM preset_groups WHERE name = 'personal'), $3, $4, $3) RETURNING id`,
    [`E2E no customers ${Date.now()}`, right, email, JSON.stringify(mine)],
  );
  try {
    await query(
      `INSERT INTO preset_in_use (user_email, right_name, preset_id) VALUES ($1, $2, $3)
       ON CONFLICT (user_email, right_name) DO UPDATE SET preset_id = EXCLUDED.preset_id`,
      [email, right, planted?.id],
    );
    const reservation = await reservationWithPayments();
    await page.goto(`/reservation/view/${reservation.id}`);
    const payments = related(page, 'Payments');
    await expect(
      payments.getByRole('button', { name: `Payments (${reservation.payments})` }),
    ).toHaveAttribute('aria-expanded', 'true', VIEW_LOADED);
    await expect(payments.getByRole('columnheader', { name: /^Amount/ })).toBeVisible();
    await expect(payments.getByRole('columnheader', { name: /^Customer/ })).toHaveCount(0);
  } finally {
    // The worker's later specs open the payments list as the admin had it.
    await query('DELETE FROM preset_in_use WHERE user_email = $1 AND right_name = $2', [email, right]);
    if (before)
      await query('INSERT INTO preset_in_use (user_email, right_name, preset_id) VALUES ($1, $2, $3)', [
        email,
        right,
        before.preset_id,
      ]);
    await query('DELETE FROM presets WHERE id = $1', [planted?.id]);
  }
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
