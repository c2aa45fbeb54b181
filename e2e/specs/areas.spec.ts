/**
 * Generated per-area browser tests: every area module of the index, in Chromium. As the admin,
 * its list shows the columns its manifest lists, with rows; its detail view shows the newest
 * record read-only; a record made from its sample is edited through its form and deleted from its
 * list. As the viewer, the list offers no Create, Edit or Delete. A new area is covered by being in
 * the index (and by its `sample`).
 */
import { expect, type Page, test } from '@playwright/test';
import { AREA_INDEX } from '../../apps/api/areas/index.ts';
import type { AreaField, EntityManifest, SampleValue } from '../../apps/api/areas/manifest.ts';
import { entitySpecOf, objectNames, presetsOf } from '../../apps/api/src/areas/derive.ts';
import { ACCOUNTS, storageStateOf } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { apiCall, grid, gridRows, waitForRows } from '../support/list-helpers.ts';

test.use({ storageState: storageStateOf(ACCOUNTS.admin) });

const modules = AREA_INDEX.filter(
  (a): a is EntityManifest => a.kind === 'entity' && a.fields !== undefined && a.list !== undefined,
);

for (const area of modules) {
  test.describe(area.label, () => {
    test(`the list at /${area.segment}/list shows its columns and rows`, async ({ page }) => {
      await page.goto(await listUrl(area));
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

/**
 * The list's address without saved state. A list shown for one parent (`requiredParam`) gets the
 * parent of the given record, else of the newest one.
 */
async function listUrl(area: EntityManifest, id?: number): Promise<string> {
  const base = `/${area.segment}/list?ignorestate=true`;
  const param = area.list?.requiredParam?.name;
  if (!param) return base;
  const view = entitySpecOf(area)?.view ?? '';
  const [row] = await query<Record<string, unknown>>(
    `SELECT "${param}" AS v FROM ${view} ${id === undefined ? '' : 'WHERE id = $1'} ORDER BY id DESC LIMIT 1`,
    id === undefined ? [] : [id],
  );
  return `${base}&${param}=${String(row?.v ?? '')}`;
}

/** The sample record with each `{sql}` value answered by the demo database. */
async function sampleOf(area: EntityManifest): Promise<Record<string, unknown>> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(area.sample ?? {}) as [string, SampleValue][]) {
    if (value === null || typeof value !== 'object') out[key] = value;
    else out[key] = Object.values((await query<Record<string, unknown>>(value.sql))[0] ?? {})[0];
  }
  return out;
}

/** The first plain text field its form edits, with no rule but length: what the edit test changes. */
const plainText = (area: EntityManifest): AreaField | undefined =>
  area.fields?.find(
    (f) =>
      f.type === 'text' &&
      f.form?.type === 'text' &&
      !f.readOnly &&
      !f.select &&
      !JSON.stringify(f.form.validations ?? []).includes('pattern'),
  );

const hasPreset = (area: EntityManifest, action: string) =>
  presetsOf(area).some(
    (p) => p.rightName.endsWith(`/${action}`) || p.rightName === area.rightOverrides?.[action as 'Edit'],
  );

const rowMenu = (page: Page) =>
  gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ });

const editable = modules.filter(
  (a) =>
    a.sample &&
    a.actions.includes('Edit') &&
    a.actions.includes('Delete') &&
    hasPreset(a, 'Edit') &&
    plainText(a),
);

for (const area of editable) {
  test.describe(`${area.group}: ${area.label}`, () => {
    test(`a record is edited through /${area.segment}/edit/:id and deleted from the list`, async ({
      page,
    }) => {
      const field = plainText(area) as AreaField;
      await page.goto(await listUrl(area));
      await waitForRows(page);
      const created = await apiCall<{ id: number }>(page, 'POST', area.api, {
        storeProcedure: objectNames(area).save,
        values: Object.entries(await sampleOf(area)).map(([mapkey, value]) => ({ mapkey, value })),
      });
      expect(created.status, JSON.stringify(created.body)).toBe(201);
      const id = created.body.id;

      const edited = `E2E edited ${Date.now()}`;
      await page.goto(`/${area.segment}/edit/${id}`);
      await waitForForm(page);
      await page.getByRole('textbox', { name: field.label, exact: true }).fill(edited);
      await toolbarButton(page, 'Save and close').click();
      await page.waitForURL(new RegExp(`/${area.segment}/list`));
      const view = entitySpecOf(area)?.view ?? '';
      await expect
        .poll(
          async () =>
            (await query<Record<string, unknown>>(`SELECT * FROM ${view} WHERE id = $1`, [id]))[0]?.[
              field.key
            ],
        )
        .toBe(edited);

      // Any other key of the address is a filter: the list shows just this record.
      await page.goto(`${await listUrl(area, id)}&id=${id}`);
      await expect(gridRows(page)).toHaveCount(1);
      await rowMenu(page).click();
      await page.getByRole('menuitem', { name: 'Delete' }).click();
      await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
      await expect(page.getByText('No records', { exact: true })).toBeVisible();
      expect(await query(`SELECT id FROM ${view} WHERE id = $1`, [id])).toHaveLength(0);
    });
  });
}

test.describe('as the viewer', () => {
  test.use({ storageState: storageStateOf(ACCOUNTS.viewer) });
  for (const area of modules.filter((a) => a.actions.includes('List'))) {
    test(`${area.group}: ${area.label} lists without Create, Edit or Delete`, async ({ page }) => {
      await page.goto(await listUrl(area));
      await waitForRows(page);
      await expect(page.getByRole('button', { name: 'Create record' })).toHaveCount(0);
      // A row offers its menu only when some action in it is the viewer's; none is just as good.
      if ((await rowMenu(page).count()) === 0) return;
      await rowMenu(page).click();
      const menu = page.getByRole('menu');
      await expect(menu.getByRole('menuitem').first()).toBeVisible();
      for (const action of ['Edit', 'Delete'])
        await expect(menu.getByRole('menuitem', { name: action })).toHaveCount(0);
    });
  }
});
