/**
 * Generated per-area browser tests: every area module of the index, in Chromium, as the admin.
 * Its list shows the columns its manifest lists, with rows; its detail view shows the newest
 * record read-only with every field label. A new area is covered by being in the index.
 */
import { expect, test } from '@playwright/test';
import { AREA_INDEX } from '../../apps/api/areas/index.ts';
import type { EntityManifest } from '../../apps/api/areas/manifest.ts';
import { entitySpecOf } from '../../apps/api/src/areas/derive.ts';
import { ACCOUNTS, storageStateOf } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { grid, waitForRows } from '../support/list-helpers.ts';

test.use({ storageState: storageStateOf(ACCOUNTS.admin) });

const modules = AREA_INDEX.filter(
  (a): a is EntityManifest => a.kind === 'entity' && a.fields !== undefined && a.list !== undefined,
);

for (const area of modules) {
  test.describe(area.label, () => {
    test(`the list at /${area.segment}/list shows its columns and rows`, async ({ page }) => {
      await page.goto(`/${area.segment}/list?ignorestate=true`);
      await waitForRows(page);
      const shown = (area.fields ?? []).filter(
        (f) => f.list !== false && !f.list?.hidden && f.list?.visible !== false,
      );
      for (const field of shown)
        await expect(
          grid(page).locator('thead th').getByText(field.label, { exact: true }).first(),
        ).toBeVisible();
    });

    if (area.actions.includes('View') && area.form) {
      test(`the detail view at /${area.segment}/view/:id shows the newest record read-only`, async ({
        page,
      }) => {
        const view = entitySpecOf(area)?.view ?? '';
        const [row] = await query<{ id: number }>(`SELECT id FROM ${view} ORDER BY id DESC LIMIT 1`);
        expect(row, `${area.label} has demo rows`).toBeDefined();
        await page.goto(`/${area.segment}/view/${row?.id}`);
        const formed = (area.fields ?? []).filter((f) => f.form);
        await expect(page.getByText(formed[1]?.label ?? '', { exact: true }).first()).toBeVisible();
        await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
      });
    }
  });
}
