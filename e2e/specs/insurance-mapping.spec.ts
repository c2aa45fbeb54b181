/**
 * Insurance mapping in Chromium as the administrator (the mapper maps the catalogues only): Get Map
 * from the insurance list opens a policy's map list, the policy above the candidate reservations
 * with the one it covers among the first rows; Map This maps it (in the database, and in the list
 * and map list). The viewer reads policies but gets no Get Map, and the API refuses the map list.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall, filterColumn, gridRows, scrollGridToEnd, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

interface Policy {
  id: number;
  policyNumber: string;
  truth: number;
  reservationNumber: string;
}

/** An unmapped demo policy with the reservation it covers, from the end so specs do not share it. */
async function unmappedPolicy(skip: number): Promise<Policy> {
  const [row] = await query<Policy>(
    `SELECT p.id, p.policy_number AS "policyNumber", g.pricewatch_id AS truth,
            r.reservation_number AS "reservationNumber"
       FROM insurance_policies p
       JOIN merchant_ground_truth g ON g.kind = 'insurance' AND g.merchant_record_id = p.id
       JOIN customer_reservations r ON r.id = g.pricewatch_id
      WHERE p.map_status = 'unmapped' ORDER BY p.id DESC OFFSET $1 LIMIT 1`,
    [skip],
  );
  if (!row) throw new Error('no unmapped policy');
  return row;
}

const stored = async (id: number) =>
  (
    await query<{ map_status: string; reservation: number | null }>(
      'SELECT map_status, customer_reservation_id::int AS reservation FROM insurance_policies WHERE id = $1',
      [id],
    )
  )[0];

/** The insurance list filtered to one policy through the grid's column filter. */
async function listOf(page: Page, policyNumber: string): Promise<void> {
  await page.goto('/insurance/list?ignorestate=true');
  await waitForRows(page);
  await filterColumn(page, 'Policy no.', { operator: 'contains', value: policyNumber });
  await expect(gridRows(page)).toHaveCount(1);
}

test.describe('as the administrator', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test("a policy's view is headed with its policy number", async ({ page }) => {
    const policy = await unmappedPolicy(5);
    await page.goto(`/insurance/view/${policy.id}`);
    await expect(
      page.getByRole('heading', { level: 1, name: `Policy “${policy.policyNumber}”` }),
    ).toBeVisible();
  });

  test('Get Map from the list, the covered reservation among the first rows, Map This', async ({ page }) => {
    test.slow();
    const policy = await unmappedPolicy(0);
    // The list's row menu leads to the policy's map list.
    await listOf(page, policy.policyNumber);
    await gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await page.getByRole('menuitem', { name: 'Get Map', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/insurance/${policy.id}/getmap`));
    await waitForRows(page);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(policy.policyNumber);
    await expect(page.getByRole('region', { name: 'Record being mapped' })).toContainText(
      policy.policyNumber,
    );
    await expect(page.getByRole('link', { name: 'Back to list' })).toHaveAttribute('href', '/insurance/list');

    // The reservation the policy covers is among the first rows (read again until the rows have
    // rendered: a snapshot read right after the load can come before them).
    await expect
      .poll(async () => (await gridRows(page).allInnerTexts()).slice(0, 5).join('\n'))
      .toContain(policy.reservationNumber);

    // Map This on its row (the active version's, as the ranking puts it first among its versions).
    const truthRow = gridRows(page).filter({ hasText: policy.reservationNumber }).first();
    await truthRow.getByRole('button', { name: /^Actions for/ }).click();
    await page.getByRole('menuitem', { name: 'Map This', exact: true }).click();
    // Below the confidence threshold the map list asks first; then it stays, with a toast (Undo).
    const weak = page.getByRole('dialog', { name: 'Map on a weak match?' });
    const done = page.getByRole('alert').filter({ hasText: 'Mapped to' });
    await expect(weak.or(done)).toBeVisible();
    if (await weak.isVisible()) await weak.getByRole('button', { name: 'Map', exact: true }).click();
    await expect(done).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/insurance/${policy.id}/getmap`));
    const after = await stored(policy.id);
    expect(after?.map_status).toBe('mapped');
    const [mappedTo] = await query<{ reservation_number: string }>(
      'SELECT reservation_number FROM customer_reservations WHERE id = $1',
      [after?.reservation],
    );
    expect(mappedTo?.reservation_number).toBe(policy.reservationNumber);

    // The list names the reservation (in its last column); the map list shows the mapping first.
    await listOf(page, policy.policyNumber);
    await scrollGridToEnd(page);
    await expect(gridRows(page).first()).toContainText(policy.reservationNumber);
    await expect(gridRows(page).first()).toContainText('Mapped');
    await page.goto(`/insurance/${policy.id}/getmap?ignorestate=true`);
    await waitForRows(page);
    await expect(gridRows(page).first()).toContainText(policy.reservationNumber);
    await gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'Un Map', exact: true })).toBeVisible();
    await page.keyboard.press('Escape');

    // The policy's view shows who mapped it.
    await page.goto(`/insurance/view/${policy.id}`);
    const history = page.getByRole('table', { name: 'Mapping history' });
    await expect(history.locator('tbody tr')).toHaveCount(1);
    await expect(history).toContainText('admin@bmtools.local');
    await expect(history).toContainText(policy.reservationNumber);
  });
});

test.describe('as the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('reads policies, but no Get Map, and the API refuses the map list and Map', async ({ page }) => {
    const policy = await unmappedPolicy(1);
    await page.goto('/insurance/list?ignorestate=true');
    await waitForRows(page);
    await gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ })
      .click();
    await expect(page.getByRole('menuitem', { name: 'View', exact: true })).toBeVisible();
    await expect(page.getByRole('menuitem', { name: 'Get Map' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto(`/insurance/${policy.id}/getmap`);
    await expect(page.getByRole('heading', { name: /You don't have access/ })).toBeVisible();
    expect((await apiCall(page, 'GET', `/api/mapInsurance?id=${policy.id}`)).status).toBe(403);
    const map = await apiCall(page, 'POST', '/api/mapInsurance/map', {
      storeProcedure: 'bm_map_insurance',
      values: [
        { mapkey: 'merchantRecordId', value: policy.id },
        { mapkey: 'pricewatchId', value: policy.truth },
      ],
    });
    expect(map.status).toBe(403);
    expect((await stored(policy.id))?.map_status).toBe('unmapped');
  });
});
