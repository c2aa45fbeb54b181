/**
 * What a list shows by preset: the empty notice without a preset for the right, and the 428 page when
 * presets exist but the default is missing. Both change presets every user of the worker's database
 * sees (a list's presets are moved aside, a right's shared default is deleted) for a moment, and put
 * them back before the test ends: the worker's later specs open those lists.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { apiCall, resetPresets, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.describe('no preset', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('a list without a preset for the right shows the empty notice', async ({ page }) => {
    // The menus list has presets: they are moved to another right name for this test, so its
    // list right has none, and moved back after.
    const RIGHT = 'BMTools/Menu/List';
    const ASIDE = 'BMTools/Menu/List (moved aside by list-presets-missing)';
    await query('UPDATE presets SET right_name = $2 WHERE right_name = $1', [RIGHT, ASIDE]);
    try {
      await page.goto('/menu/list');
      await expect(page.getByText('No preset is available for this page.')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await query('UPDATE presets SET right_name = $1 WHERE right_name = $2', [RIGHT, ASIDE]);
    }
  });
});

test.describe('missing default', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });
  const RIGHT = 'BMTools/Preset/List';

  test('presets without the default show the 428 page', async ({ page }) => {
    await resetPresets(ACCOUNTS.viewer.email, RIGHT);
    await page.goto('/preset/list');
    await waitForRows(page);
    const [base] = await query<Record<string, unknown>>(
      `SELECT * FROM presets WHERE name = 'default' AND preset_group_id = 1 AND right_name = $1`,
      [RIGHT],
    );
    if (!base) throw new Error('the seed has no default preset for presets');
    const created = await apiCall(page, 'POST', '/api/presets/user', {
      name: 'Only mine',
      rightName: RIGHT,
      presetGroupId: 2,
      definition: JSON.stringify(base.definition),
    });
    expect(created.status).toBe(201);
    await query('DELETE FROM presets WHERE id = $1', [base.id]);
    try {
      await page.goto('/preset/list');
      await expect(page.getByText('Precondition Required')).toBeVisible();
      await expect(
        page.getByText(
          'The requested page is missing the default preset, please contact your administrator.',
        ),
      ).toBeVisible();
    } finally {
      await query(
        `INSERT INTO presets (id, name, right_name, preset_group_id, owner_email, parent_id, version, definition,
                              total_item_count, created_by, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
        [
          base.id,
          base.name,
          base.right_name,
          base.preset_group_id,
          base.owner_email,
          base.parent_id,
          base.version,
          base.definition,
          base.total_item_count,
          base.created_by,
          base.created_at,
          base.updated_at,
        ],
      );
      await resetPresets(ACCOUNTS.viewer.email, RIGHT);
    }
  });
});
