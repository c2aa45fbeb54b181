/**
 * Generated per-area browser tests: every area module of the index, in Chromium. As the admin,
 * its list shows the columns its manifest lists, with rows; its detail view shows the newest
 * record read-only; a record made from its sample (through its create form where every sampled
 * widget can be filled, else through the API) is edited through its form and deleted from its list. As the viewer, the list offers no Create, Edit or Delete. A new area is covered by being in
 * the index (and by its `sample`).
 *
 * A run tests one area of each shape (what decides this file's tests, `shapeOf`); every area with
 * E2E_FULL_MATRIX=1 (`npm run test:all`), named ones with E2E_AREAS (support/area-matrix.ts).
 */
import { conditionScope, entityRightName, isFieldShown } from '@bm/contracts';
import { expect, type Page } from '@playwright/test';
import { AREA_INDEX } from '../../apps/api/areas/index.ts';
import type { AreaField, EntityManifest, SampleValue } from '../../apps/api/areas/manifest.ts';
import { DROPDOWNS } from '../../apps/api/catalog/dropdowns.ts';
import { entitySpecOf } from '../../apps/api/catalog/entities/index.ts';
import { objectNames } from '../../apps/api/catalog/object-names.ts';
import { presetsOf } from '../../apps/api/catalog/presets/default-presets.ts';
import { ROLES } from '../../apps/api/catalog/roles.ts';
import { chooseAreas } from '../support/area-matrix.ts';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { apiCall, grid, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });
// Every test makes and removes its own records: the file's tests spread over the workers, so the
// file that grows with every new area is not the run's long pole.
test.describe.configure({ mode: 'parallel' });

const modules = AREA_INDEX.filter(
  (a): a is EntityManifest => a.kind === 'entity' && a.fields !== undefined && a.list !== undefined,
);

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

/** The fields its create form lets the user fill, in form order. */
const createFields = (area: EntityManifest): AreaField[] =>
  (area.fields ?? []).filter(
    (f) =>
      f.form !== undefined &&
      !f.form.notOnCreate &&
      !f.readOnly &&
      !(f.form.cssClass ?? '').includes('readonly') &&
      (f.select === undefined || f.idKey !== undefined),
  );

const FILLABLE = new Set([
  'text',
  'number',
  'decimal',
  'boolean',
  'combobox',
  'singleselect',
  'autocomplete',
]);

/** Whether a test can fill every field of its sample through the create form's widgets. */
const formFillable = (area: EntityManifest): boolean =>
  hasPreset(area, 'Create') &&
  createFields(area).every(
    (f) => !Object.hasOwn(area.sample ?? {}, f.idKey ?? f.key) || FILLABLE.has(f.form?.type ?? f.type),
  );

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** What a lookup field shows for an id and what its lookup searches by, from the lookup's view. */
async function lookupTexts(f: AreaField, value: unknown): Promise<{ search: string; shown: string }> {
  const name = /^\/api\/dropdowns\/([\w-]+)/.exec(f.form?.source ?? '')?.[1] ?? '';
  const lookup = DROPDOWNS.find((d) => d.name.toLowerCase() === name.toLowerCase());
  if (!lookup) throw new Error(`${f.key}: no lookup ${name}`);
  const display = f.form?.displayFieldName ?? 'name';
  const [row] = await query<{ s: string; d: string }>(
    `SELECT "${lookup.searchColumn}" AS s, "${display}" AS d FROM ${lookup.view}
      WHERE "${f.form?.valueFieldName ?? 'id'}"::text = $1`,
    [String(value)],
  );
  if (!row) throw new Error(`${f.key}: ${String(value)} is not in ${lookup.view}`);
  return { search: row.s, shown: row.d };
}

/** Sets one field through its widget, as staff would. A field the layout hides is left alone. */
async function fillField(page: Page, f: AreaField, value: unknown): Promise<void> {
  const form = page.getByRole('form', { name: 'Record form' });
  const named = { name: f.label, exact: true };
  const type = f.form?.type ?? f.type;
  // A field that shows for some values only appears once the fields before it have taken theirs
  // (the caller passes only the fields the sample's values show).
  const role =
    type === 'boolean' ? 'checkbox' : type === 'combobox' || type === 'singleselect' ? 'combobox' : 'textbox';
  if (f.form?.visibleWhen) await form.getByRole(role, named).first().waitFor();
  if (type === 'boolean') {
    const box = form.getByRole(role, named);
    if ((await box.count()) > 0 && (await box.isChecked()) !== Boolean(value)) await box.click();
    return;
  }
  if (type === 'combobox' || type === 'singleselect') {
    const select = form.getByRole(role, named);
    if ((await select.count()) === 0) return;
    // An option reads 'value - name' (or the name alone when they are the same).
    const option = new RegExp(`^${escapeRegExp(String(value))}( - |$)`, 'i');
    // Clicking the option already chosen (a default) would clear it: leave it chosen.
    if (option.test(await select.inputValue())) return;
    await select.click();
    await page.getByRole('option', { name: option }).first().click();
    return;
  }
  const input = form.getByRole(role, named);
  if ((await input.count()) === 0) return;
  if (type !== 'autocomplete') return void (await input.fill(String(value)));
  const { search, shown } = await lookupTexts(f, value);
  await input.pressSequentially(search);
  const label = String(value).toLowerCase() === shown.toLowerCase() ? shown : `${String(value)} - ${shown}`;
  await page.getByRole('option', { name: label, exact: true }).click();
}

const hasPreset = (area: EntityManifest, action: string) =>
  presetsOf(area).some(
    (p) => p.rightName.endsWith(`/${action}`) || p.rightName === area.rightOverrides?.[action as 'Edit'],
  );

const rowMenu = (page: Page) =>
  gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ });

const isEditable = (a: EntityManifest) =>
  Boolean(
    a.sample &&
      a.actions.includes('Edit') &&
      a.actions.includes('Delete') &&
      hasPreset(a, 'Edit') &&
      plainText(a),
  );

// Areas whose list the viewer holds (not Exports: exporting is no viewer's right).
const viewerRights = new Set(ROLES.find((r) => r.name === 'viewer')?.rights);
const viewerLists = (a: EntityManifest) =>
  viewerRights.has(entityRightName(a.entity, 'List', a.rightOverrides));

/**
 * An area's shape: which of this file's tests it gets and which way each goes (a list of one parent,
 * a record made through the form or the API), and what else its list and forms carry. Areas of one
 * shape take the same paths, so one of each is tested per run.
 */
const shapeOf = (a: EntityManifest): string =>
  [
    a.list?.requiredParam ? 'list of one parent' : 'list',
    a.actions.includes('View') && a.form ? 'detail view' : '',
    isEditable(a) ? (formFillable(a) ? 'created through its form' : 'created through the API') : '',
    viewerLists(a) ? 'viewer lists' : '',
    a.map ? 'map list' : '',
    a.actions.includes('Publish') ? 'publishable' : '',
    a.actions.includes('BulkEdit') ? 'bulk-editable' : '',
  ]
    .filter(Boolean)
    .join(', ');

const matrix = chooseAreas(modules, shapeOf, (a) => [a.entity, a.segment, a.label]);
// Once, from the runner's process (its workers load this file again).
if (process.env.TEST_WORKER_INDEX === undefined) console.log(`areas.spec.ts: ${matrix.summary}`);
const chosen = matrix.areas;

for (const area of chosen) {
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

for (const area of chosen.filter(isEditable)) {
  test.describe(`${area.group}: ${area.label}`, () => {
    const throughForm = formFillable(area);
    test(`a record is ${throughForm ? 'created through its form, ' : ''}edited through /${area.segment}/edit/:id and deleted from the list`, async ({
      page,
    }) => {
      const field = plainText(area) as AreaField;
      const sample = await sampleOf(area);
      const view = entitySpecOf(area)?.view ?? '';
      let id: number;
      if (throughForm) {
        const marker = `E2E created ${Date.now()}`;
        await page.goto(`/${area.segment}/create`);
        await waitForForm(page);
        // The sample's values decide which conditional fields the form shows (read by map key, and
        // a field that edits an id also by its id key), as the form itself decides.
        const fields = createFields(area);
        const scope = conditionScope(
          fields.map((f) => ({ mapKey: f.key, spec: { mapKeyId: f.idKey } })),
          sample,
        );
        for (const f of fields) {
          const key = f.idKey ?? f.key;
          if (!isFieldShown({ visibleWhen: f.form?.visibleWhen }, scope)) continue;
          if (f.key === field.key) await fillField(page, f, marker);
          else if (Object.hasOwn(sample, key)) await fillField(page, f, sample[key]);
        }
        await toolbarButton(page, 'Save and close').click();
        await page.waitForURL((url) => !url.pathname.endsWith('/create'));
        const [row] = await query<{ id: number }>(`SELECT id FROM ${view} WHERE "${field.key}" = $1`, [
          marker,
        ]);
        expect(row, `${area.label} saved from its create form`).toBeDefined();
        id = row?.id ?? 0;
      } else {
        await page.goto(await listUrl(area));
        await waitForRows(page);
        const created = await apiCall<{ id: number }>(page, 'POST', area.api, {
          storeProcedure: objectNames(area).save,
          values: Object.entries(sample).map(([mapkey, value]) => ({ mapkey, value })),
        });
        expect(created.status, JSON.stringify(created.body)).toBe(201);
        id = created.body.id;
      }

      const edited = `E2E edited ${Date.now()}`;
      await page.goto(`/${area.segment}/edit/${id}`);
      await waitForForm(page);
      await page.getByRole('textbox', { name: field.label, exact: true }).fill(edited);
      await toolbarButton(page, 'Save and close').click();
      await page.waitForURL((url) => !url.pathname.includes('/edit/'));
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
  test.use({ signedInAs: ACCOUNTS.viewer });
  for (const area of chosen.filter(viewerLists)) {
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
