/**
 * Reservations (new) in Chromium: the admin makes an inactive version of a reservation number its
 * active customer from the list's row menu (confirmed in a dialog), the list then shows that row
 * active and the others not, the database agrees, and the Reservation Summary of the number shows
 * the logged change. The viewer is not offered the action, and the API refuses it to them.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

interface Version {
  id: number;
  active: boolean;
}

/** A demo number with three versions, one of them active; each test takes a different one. */
async function numberWithThree(nth: number): Promise<string> {
  const [row] = await query<{ n: string }>(
    `SELECT reservation_number AS n FROM customer_reservations GROUP BY 1
      HAVING count(*) = 3 AND count(*) FILTER (WHERE is_active_customer) = 1
      ORDER BY 1 DESC OFFSET $1 LIMIT 1`,
    [nth],
  );
  if (!row) throw new Error('The demo has no reservation number with three versions');
  return row.n;
}

const versionsOf = (number: string): Promise<Version[]> =>
  query<Version>(
    `SELECT id::int AS id, is_active_customer AS active FROM customer_reservations
      WHERE reservation_number = $1 ORDER BY id`,
    [number],
  );

/** The grid row of one record, by its id in the first column. */
const rowOf = (page: Page, id: number) =>
  gridRows(page).filter({ has: page.locator('td:first-child', { hasText: new RegExp(`^\\s*${id}\\s*$`) }) });

const menuOf = (page: Page, id: number) => rowOf(page, id).getByRole('button', { name: /^Actions for/ });

test.describe('as the admin', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('sets an inactive version as the active customer, and the summary logs it', async ({ page }) => {
    const number = await numberWithThree(0);
    const before = await versionsOf(number);
    const target = before.find((v) => !v.active) as Version;

    // Any other key of the address is a filter: the list shows the number's versions only.
    await page.goto(`/customerreservation/list?ignorestate=true&reservationNumber=${number}`);
    await waitForRows(page);
    await expect(page.getByRole('heading', { name: 'Reservations (new)' })).toBeVisible();
    await expect(gridRows(page)).toHaveCount(3);

    await menuOf(page, target.id).click();
    await page.getByRole('menuitem', { name: 'Set active customer' }).click();
    const dialog = page.getByRole('dialog', { name: 'Set active customer' });
    await expect(dialog).toContainText(`(id ${target.id})`);
    await dialog.getByRole('button', { name: 'Set active customer' }).click();
    await expect(page.getByText(/is now the active customer/)).toBeVisible();

    // The list reloads: the row reads active, the others not, and only they offer the action.
    await expect(rowOf(page, target.id)).toContainText('Yes');
    for (const other of before.filter((v) => v.id !== target.id)) {
      await expect(rowOf(page, other.id)).not.toContainText('Yes');
    }
    await menuOf(page, target.id).click();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Set active customer' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    expect(await versionsOf(number)).toEqual(before.map((v) => ({ id: v.id, active: v.id === target.id })));
    const logged = await query<{ by: string }>(
      `SELECT created_by AS by FROM customer_reservation_logs
        WHERE customer_reservation_id = $1 AND event = 'active_customer_set' AND created_by = $2`,
      [target.id, ACCOUNTS.admin.email],
    );
    expect(logged).toHaveLength(1);

    await page.goto(`/customerreservationlog/list?ignorestate=true&reservationNumber=${number}`);
    await waitForRows(page);
    await expect(page.getByRole('heading', { name: 'Reservation Summary' })).toBeVisible();
    await expect(
      gridRows(page).filter({ hasText: 'Active customer set' }).filter({ hasText: ACCOUNTS.admin.email }),
    ).toHaveCount(1);
  });
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('is not offered the action, and the API refuses it', async ({ page }) => {
    const number = await numberWithThree(1);
    const before = await versionsOf(number);
    const inactive = before.find((v) => !v.active) as Version;
    await page.goto(`/customerreservation/list?ignorestate=true&reservationNumber=${number}`);
    await waitForRows(page);
    await menuOf(page, inactive.id).click();
    await expect(page.getByRole('menuitem', { name: 'View' })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Set active customer' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    const refused = await apiCall(page, 'PUT', '/api/customerReservations/setIsActiveCustomer', {
      storeProcedure: 'bm_customer_reservations_set_active',
      values: [{ mapkey: 'id', value: inactive.id }],
    });
    expect(refused.status).toBe(403);
    expect(await versionsOf(number)).toEqual(before);
  });
});
