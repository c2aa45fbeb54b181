/**
 * No button leads nowhere: a way to a screen shows only when the user holds its right and the
 * screen's default preset exists. The admin holds every right, so only the presets decide here.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbar } from '../support/form-helpers.ts';
import { waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('a list offers Create record only where the create form exists', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await expect(page.getByRole('link', { name: 'Create record' })).toBeVisible();
  // Reservations have Create and Edit rights but no create or edit form.
  await page.goto('/reservation/list?ignorestate=true');
  await waitForRows(page);
  await expect(page.getByRole('link', { name: 'Create record' })).toHaveCount(0);
});

test('a detail view offers Edit only where the edit form exists', async ({ page }) => {
  const [reservation] = await query<{ id: number }>('SELECT id FROM reservations ORDER BY id LIMIT 1');
  await page.goto(`/reservation/view/${reservation?.id}`);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Back to list']);
  const [rule] = await query<{ id: number }>('SELECT id FROM product_placements ORDER BY id LIMIT 1');
  await page.goto(`/productplacement/view/${rule?.id}`);
  await expect(toolbar(page).getByRole('button')).toHaveText(['Edit', 'Back to list']);
});
