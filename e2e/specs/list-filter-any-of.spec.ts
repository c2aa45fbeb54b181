/**
 * "Is any of" on a number column in Chromium: the list opened with its Id column filtered to some
 * ids from the address (as the reservation search links to it) shows the chip "Id is any of …";
 * the column's filter editor opens on that operator and those values, comma-separated, and what is
 * typed there applies as a list again. A text column offers "is any of" too.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  columnMenu,
  filterChips,
  filterColumn,
  headerButton,
  totalRows,
  waitForRows,
} from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('an Id list from the address opens in the editor as it is, and applies edited', async ({ page }) => {
  const rows = await query<{ id: number; customer: string }>(
    'SELECT id::int AS id, customer_name AS customer FROM reservations ORDER BY id LIMIT 3',
  );
  const ids = rows.map((r) => r.id);
  expect(ids).toHaveLength(3);
  const filters = { id: [{ conjunction: 'and', operator: 'in', value: ids }] };
  await page.goto(
    `/reservation/list?ignorestate=true&${new URLSearchParams({ filters: JSON.stringify(filters) })}`,
  );
  await waitForRows(page);
  await expect(filterChips(page)).toHaveText([`Id is any of ${ids.join(', ')}`]);
  await expect(totalRows(page)).toHaveText('3 rows');

  await headerButton(page, 'Id').click();
  const menu = columnMenu(page, 'Id');
  const operator = menu.getByLabel('Condition 1 operator');
  await expect(operator).toHaveValue('in');
  await expect(operator.locator('option:checked')).toHaveText('is any of');
  const values = menu.getByLabel('Condition 1 value');
  await expect(values).toHaveValue(ids.join(', '));
  await values.fill(ids.slice(0, 2).join(', '));
  await menu.getByRole('button', { name: 'Apply' }).click();
  await expect(menu).toBeHidden();
  await expect(filterChips(page)).toHaveText([`Id is any of ${ids.slice(0, 2).join(', ')}`]);
  await expect(totalRows(page)).toHaveText('2 rows');

  // The address keeps the list as a list, as the search's link writes it.
  const kept = JSON.parse(new URL(page.url()).searchParams.get('filters') ?? '{}') as Record<string, unknown>;
  expect(kept.id).toEqual([{ conjunction: 'and', operator: 'in', value: ids.slice(0, 2) }]);
});

test('a text column filters on "is any of" typed comma-separated', async ({ page }) => {
  const [row] = await query<{ number: string }>(
    'SELECT reservation_number AS number FROM reservations ORDER BY id LIMIT 1',
  );
  const number = row?.number ?? '';
  await page.goto('/reservation/list?ignorestate=true');
  await waitForRows(page);
  await filterColumn(page, 'Reservation no.', { operator: 'in', value: `${number}, NO-SUCH-NUMBER` });
  await expect(filterChips(page)).toHaveText([`Reservation no. is any of ${number}, NO-SUCH-NUMBER`]);
  const [count] = await query<{ n: number }>(
    'SELECT count(*)::int AS n FROM reservations WHERE reservation_number = $1',
    [number],
  );
  const n = count?.n ?? 0;
  await expect(totalRows(page)).toHaveText(new RegExp(`^${n} rows?$`));
});
