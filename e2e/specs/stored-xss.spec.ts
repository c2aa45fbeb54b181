/**
 * Stored XSS: a corpus of payloads, each of which would count a hit in `window.__xss`, log
 * `xss-hit` and open an alert if it ever ran, is stored through the real API into every text, rich
 * text, code and name field of the areas that save records (the field list comes from the area
 * catalogue, so a new area or field is covered without touching this file; a run takes one area of
 * each shape of payload fields, `npm run test:all` every area). Chromium then renders
 * the records on the list, view and edit screens, the bulk editor, a notification (bell and toast),
 * the menu editor and an export. Every screen is checked twice: with the Content-Security-Policy the
 * server sends, and with the policy ignored by the browser (`bypassCSP`), which proves the escaping
 * and sanitising themselves hold rather than the policy catching what slipped through. Each check
 * also finds the payload on screen as literal text, so a screen that rendered nothing would fail.
 */
import { CODE_FIELD_TYPES, exportDownloadPath } from '@bm/contracts';
import { type Browser, expect, type Page } from '@playwright/test';
import ExcelJS from 'exceljs';
import { AREA_INDEX } from '../../apps/api/areas/index.ts';
import type { AreaField, EntityManifest, SampleValue } from '../../apps/api/areas/manifest.ts';
import { entitySpecOf } from '../../apps/api/catalog/entities/index.ts';
import { objectNames } from '../../apps/api/catalog/object-names.ts';
import { presetsOf } from '../../apps/api/catalog/presets/default-presets.ts';
import { chooseAreas } from '../support/area-matrix.ts';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbar, waitForForm } from '../support/form-helpers.ts';
import { gridRows } from '../support/list-helpers.ts';
import { settleRender } from '../support/settle.ts';
import { header, waitForLiveNotifications } from '../support/shell.ts';
import { storageStateOf, test } from '../support/test.ts';

const admin = ACCOUNTS.admin;
test.use({ signedInAs: admin });
test.describe.configure({ mode: 'parallel' });

/** What every payload runs if it ever executes: a global, a console line and a dialog. */
const RUN = "__xss=(self.__xss|0)+1,console.log('xss-hit'),alert(1)";

const CORPUS = [
  `<script>${RUN}</script>`,
  `<img src=x onerror="${RUN}">`,
  `<svg onload="${RUN}">`,
  `<a href="javascript:${RUN}">js link</a>`,
  `"><img src=x onerror=${RUN}>`,
  `'><svg/onload=${RUN}>`,
  `{{constructor.constructor("${RUN}")()}}`,
  `</textarea><script>${RUN}</script>`,
  `<iframe srcdoc="<script>parent.${RUN}</script>"></iframe>`,
  `<p style="width:expression(${RUN})">css</p>`,
  `<div style="background:url(javascript:${RUN})">css</div>`,
  `<ScRiPt>${RUN}</sCrIpT>`,
  `<IMG SRC=x OnErRoR=${RUN}>`,
  `&lt;img src=x onerror=${RUN}&gt;`,
  `<a href="&#106;avascript:${RUN}">entity link</a>`,
  `[md link](javascript:${RUN})`,
  `javascript:${RUN}`,
  `<math><mtext><table><mglyph><style><img src=x onerror=${RUN}>`,
];
const JOINED = CORPUS.join(' ');

// ---------------------------------------------------------------------------------------------------
// Watching for execution

interface Hits {
  events: string[];
}

/** Records dialogs, hit lines and script refusals of the page (a refusal means markup got through). */
function watch(page: Page): Hits {
  const hits: Hits = { events: [] };
  page.on('dialog', (dialog) => {
    hits.events.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/xss-hit|Refused to (execute|run|evaluate)/i.test(text)) hits.events.push(`console: ${text}`);
  });
  return hits;
}

/**
 * Nothing ran on the screen: no dialog, no hit, no refused script, the global unset, and no live
 * script, handler, javascript: link or srcdoc frame in the document.
 */
async function expectNothingRan(page: Page, hits: Hits, where: string): Promise<void> {
  // Image errors and frames have fired by now if they were going to.
  await settleRender(page);
  const state = await page.evaluate(() => ({
    xss: (window as unknown as { __xss?: number }).__xss,
    live: [
      ...document.querySelectorAll(
        'body script, body [onerror], body [onload], body [onclick], iframe[srcdoc], a[href^="javascript:" i], [style*="expression(" i], [style*="javascript:" i]',
      ),
    ].map((el) => el.outerHTML.slice(0, 120)),
  }));
  expect(hits.events, `${where}: events`).toEqual([]);
  expect(state.xss, `${where}: window.__xss`).toBeUndefined();
  expect(state.live, `${where}: live markup`).toEqual([]);
}

/** Everything a screen shows as text: its text nodes (hidden tabs included) and its inputs' values. */
const screenText = (page: Page): Promise<string> =>
  page.evaluate(() =>
    [
      document.body.textContent ?? '',
      ...[...document.querySelectorAll('input, textarea')].map(
        (el) => (el as HTMLInputElement | HTMLTextAreaElement).value,
      ),
    ].join('\n'),
  );

async function expectShownAsText(page: Page, values: string[], where: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const text = await screenText(page);
        return values.filter((v) => !text.includes(v));
      },
      { message: `${where}: payloads shown as literal text` },
    )
    .toEqual([]);
}

// ---------------------------------------------------------------------------------------------------
// The catalogue: which fields of which area carry payloads

const TEXTUAL = new Set<string>(['text', 'htmleditor', ...CODE_FIELD_TYPES]);
/** Rules a payload cannot meet: such a field keeps its sample value. */
const REFUSING = new Set(['pattern', 'url', 'email', 'openapi', 'presetpart']);

const rulesOf = (f: AreaField): { name: string; value?: unknown }[] =>
  (f.form?.validations ?? []) as { name: string; value?: unknown }[];

const carriers = (area: EntityManifest): AreaField[] =>
  (area.fields ?? []).filter(
    (f) =>
      f.form !== undefined &&
      !f.readOnly &&
      !f.select &&
      !f.form.notOnCreate &&
      TEXTUAL.has(f.form.type ?? f.type) &&
      !rulesOf(f).some((r) => REFUSING.has(r.name)),
  );

const hasPreset = (area: EntityManifest, action: string): boolean =>
  presetsOf(area).some(
    (p) => p.rightName.endsWith(`/${action}`) || p.rightName === area.rightOverrides?.[action as 'Edit'],
  );

/** Areas whose records the API saves from a sample, with at least one field a payload can sit in. */
const AREAS = AREA_INDEX.filter(
  (a): a is EntityManifest =>
    a.kind === 'entity' &&
    a.fields !== undefined &&
    a.list !== undefined &&
    a.sample !== undefined &&
    objectNames(a).save !== undefined &&
    hasPreset(a, 'Edit') &&
    carriers(a).length > 0,
);

/**
 * Areas whose payloads sit in fields of the same kinds (form widget, list cell, shown in the list
 * or not) go through the same rendering code on list, view and edit: a run tests one area of each
 * such shape, and Pages always (its screens also run with the policy on); `npm run test:all`
 * (E2E_FULL_MATRIX=1) tests every area, as the generated area tests do (support/area-matrix.ts).
 */
const xssShape = (area: EntityManifest): string => {
  const kinds = carriers(area).map((f) => {
    const listed = !(f.list === false || f.list?.hidden || f.list?.visible === false);
    return `${f.form?.type ?? f.type}/${f.type}/${listed ? 'listed' : 'unlisted'}`;
  });
  // A payload in the title field also heads the record screens (and a map list's header).
  const titled = carriers(area).some((f) => f.key === area.titleField);
  return (
    [...new Set(kinds)].sort().join(', ') +
    (titled ? ' · in the title' : '') +
    (area.map ? ' · map list' : '')
  );
};
const matrix = chooseAreas(AREAS, xssShape, (a) => [a.entity, a.segment, a.label]);
if (process.env.TEST_WORKER_INDEX === undefined) console.log(`stored-xss.spec.ts: ${matrix.summary}`);
const CHOSEN = AREAS.filter((a) => a.segment === 'page' || matrix.areas.includes(a));

interface Carried {
  field: AreaField;
  /** The stored value. */
  value: string;
  /** What must show literally (undefined: rich text, which is sanitised rather than shown as text). */
  literal?: string;
}

/** A payload per field, rotating through the corpus; the whole corpus where the field is long enough. */
function payloadsOf(area: EntityManifest, tag: string): Carried[] {
  return carriers(area).flatMap((field, i): Carried[] => {
    const type = field.form?.type ?? field.type;
    const max = Number(rulesOf(field).find((r) => r.name === 'maxlength')?.value ?? 100_000);
    if (type === 'htmleditor') return [{ field, value: `<p>Safe ${tag}</p>${JOINED}` }];
    const fits = (v: string) => v.length <= max;
    const whole = `${JOINED} ${tag}`;
    const one = [...CORPUS.slice(i % CORPUS.length), ...CORPUS].map((p) => `${p} ${tag}`).find(fits);
    const text = fits(whole) ? whole : one;
    if (text === undefined) return [];
    if (rulesOf(field).some((r) => r.name === 'json') || type === 'jsoncode')
      // A JSON document must stay JSON: the payload is one of its strings (escaped quotes and all).
      return [{ field, value: JSON.stringify({ note: text }, null, 2) }];
    return [{ field, value: text, literal: text }];
  });
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

// ---------------------------------------------------------------------------------------------------
// Real HTTP as the admin, to the worker's own server, with the token the worker signed the admin in with

const baseUrl = (): string => process.env.E2E_BASE_URL ?? '';

async function adminToken(): Promise<string> {
  const state = await storageStateOf(admin);
  const entry = state.origins.flatMap((o) => o.localStorage).find((e) => e.name.startsWith('oidc.user:'));
  return (JSON.parse(entry?.value ?? '{}') as { access_token?: string }).access_token ?? '';
}

async function api<T>(
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      Accept: 'application/json',
      'Content-Type': 'application/json',
      Authorization: `Bearer ${await adminToken()}`,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** Saves one record of the area with payloads in all its carrier fields; its id. */
async function storeRecord(area: EntityManifest, carried: Carried[]): Promise<number> {
  const sample = await sampleOf(area);
  for (;;) {
    const values = { ...sample };
    for (const c of carried) values[c.field.key] = c.value;
    const saved = await api<{
      isSuccess?: boolean;
      id?: number;
      message?: string;
      errors?: Record<string, string>;
    }>('POST', area.api, {
      storeProcedure: objectNames(area).save,
      values: Object.entries(values).map(([mapkey, value]) => ({ mapkey, value })),
    });
    // A field whose own rule (a server-side list of values, say) refuses markup keeps its sample
    // value: that the server refuses it is the protection there.
    const refused = Object.keys(saved.body?.errors ?? {});
    if (saved.status === 400 && refused.length > 0 && carried.some((c) => refused.includes(c.field.key))) {
      carried.splice(0, carried.length, ...carried.filter((c) => !refused.includes(c.field.key)));
      continue;
    }
    expect(saved.status, `${area.label}: ${JSON.stringify(saved.body)}`).toBeLessThan(300);
    expect(saved.body.isSuccess, `${area.label}: ${JSON.stringify(saved.body)}`).not.toBe(false);
    return Number(saved.body.id);
  }
}

/** The list's address showing one record; a list shown for one parent gets the record's parent. */
async function listUrl(area: EntityManifest, id: number): Promise<string> {
  const base = `/${area.segment}/list?ignorestate=true&id=${id}`;
  const param = area.list?.requiredParam?.name;
  if (!param) return base;
  const [row] = await query<Record<string, unknown>>(
    `SELECT "${param}" AS v FROM ${entitySpecOf(area)?.view} WHERE id = $1`,
    [id],
  );
  return `${base}&${param}=${String(row?.v ?? '')}`;
}

const MODES = [
  { name: 'CSP on', bypassCSP: false },
  { name: 'CSP off', bypassCSP: true },
] as const;

/**
 * Opens an address inside the already loaded app (the router follows history), so each screen costs
 * its own render and calls, not a fresh load of the whole app.
 */
async function open(page: Page, url: string): Promise<void> {
  if (page.url() === 'about:blank') {
    await page.goto(url);
    return;
  }
  await page.evaluate((to) => {
    window.history.pushState({}, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, url);
}

async function pageFor(
  browser: Browser,
  bypassCSP: boolean,
): Promise<{ page: Page; hits: Hits; close: () => Promise<void> }> {
  const context = await browser.newContext({ storageState: await storageStateOf(admin), bypassCSP });
  const page = await context.newPage();
  return { page, hits: watch(page), close: () => context.close() };
}

test('the watch itself sees a payload that does run (CSP off), so a silent screen means nothing ran', async ({
  browser,
}) => {
  const { page, hits, close } = await pageFor(browser, true);
  try {
    await page.goto('/');
    await waitForShell(page, admin.email);
    await page.evaluate((html) => document.body.insertAdjacentHTML('beforeend', html), CORPUS[1] ?? '');
    await expect.poll(() => hits.events.length).toBeGreaterThan(0);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBe(1);
  } finally {
    await close();
  }
});

// ---------------------------------------------------------------------------------------------------
// Every area: list, view, edit

for (const area of CHOSEN) {
  test(`${area.group}: ${area.label} — payloads in ${carriers(area)
    .map((f) => f.key)
    .join(', ')} never run on list, view or edit`, async ({ browser }) => {
    test.setTimeout(120_000);
    const tag = `x${Math.random().toString(36).slice(2, 7)}`;
    const carried = payloadsOf(area, tag);
    const id = await storeRecord(area, carried);
    const inList = new Set(
      (area.fields ?? [])
        .filter((f) => f.list !== false && !f.list?.hidden && f.list?.visible !== false)
        .map((f) => f.key),
    );
    const literals = (keys?: Set<string>, plainOnly = false) =>
      carried
        .filter(
          (c) =>
            c.literal !== undefined &&
            (!keys || keys.has(c.field.key)) &&
            (!plainOnly || (c.field.form?.type ?? c.field.type) === 'text'),
        )
        .map((c) => c.literal as string);
    const rich = carried.find(
      (c) => c.literal === undefined && (c.field.form?.type ?? c.field.type) === 'htmleditor',
    );

    // The policy only stops what markup would run; what is put on the page is the same either way,
    // and the checks look at the page itself (no live script, handler or javascript: URL). So every
    // area runs with the policy off, the stronger check that the escaping alone holds, and the
    // policy's own mode runs on the Pages area and on the shared screens below.
    for (const mode of area.segment === 'page' ? MODES : MODES.filter((m) => m.bypassCSP)) {
      const { page, hits, close } = await pageFor(browser, mode.bypassCSP);
      try {
        await open(page, await listUrl(area, id));
        await expect(gridRows(page)).toHaveCount(1, { timeout: 30_000 });
        // A grid cell may shorten a long text or show a looked-up name for a column: the start of at
        // least one stored value must show literally.
        const listed = literals(inList).map((v) => v.slice(0, 60));
        if (listed.length > 0)
          await expect
            .poll(
              async () => {
                const text = await screenText(page);
                return listed.some((v) => text.includes(v));
              },
              { message: `${mode.name} list: a payload shown as literal text` },
            )
            .toBe(true);
        await expectNothingRan(page, hits, `${mode.name} list`);

        if (area.actions.includes('View')) {
          await open(page, `/${area.segment}/view/${id}`);
          await expect(page.getByRole('grid')).toHaveCount(0);
          await expect(
            page
              .getByRole('main')
              .getByText(area.fields?.find((f) => f.form)?.label ?? '')
              .first(),
          ).toBeVisible();
          await expectShownAsText(page, literals(), `${mode.name} view`);
          if (rich) await expectShownAsText(page, [`Safe ${tag}`], `${mode.name} view rich text`);
          await expectNothingRan(page, hits, `${mode.name} view`);
        }

        await open(page, `/${area.segment}/edit/${id}`);
        await waitForForm(page);
        await expect(page.getByRole('main').getByRole('textbox').first()).toBeVisible();
        await expectShownAsText(page, literals(undefined, true), `${mode.name} edit`);
        await expectNothingRan(page, hits, `${mode.name} edit`);
      } finally {
        await close();
      }
    }
  });
}

// ---------------------------------------------------------------------------------------------------
// Shared screens: notifications, the menu editor, the bulk editor, the export

/** A page (Content: Pages) whose name and title carry payloads, made through the API. */
async function payloadPage(tag: string): Promise<{ id: number; name: string; title: string }> {
  const area = AREAS.find((a) => a.segment === 'page');
  if (!area) throw new Error('the Pages area is not in the catalogue');
  const name = `${CORPUS[1]} ${tag}`;
  const title = `${CORPUS[4]} ${tag}`;
  const carried = payloadsOf(area, tag).map((c) =>
    c.field.key === 'name' ? { ...c, value: name } : c.field.key === 'title' ? { ...c, value: title } : c,
  );
  return { id: await storeRecord(area, carried), name, title };
}

for (const mode of MODES) {
  test(`${mode.name}: a notification whose title and message carry payloads shows them as text in the toast and the bell`, async ({
    browser,
  }) => {
    const tag = `n${Math.random().toString(36).slice(2, 7)}`;
    const title = `${CORPUS[2]} ${tag}`;
    const message = `${JOINED} ${tag}`;
    const { page, hits, close } = await pageFor(browser, mode.bypassCSP);
    try {
      await page.goto('/');
      await waitForShell(page, admin.email);
      // Raised once the hub socket is open, so it arrives live.
      await waitForLiveNotifications(page);
      await query(
        'INSERT INTO notifications (from_email, to_email, title, description, actions) VALUES ($1, $2, $3, $4, $5)',
        ['system', admin.email, title, message, '{}'],
      );
      // The toast.
      await expect(page.getByText(title, { exact: false }).first()).toBeVisible();
      await expectNothingRan(page, hits, `${mode.name} toast`);
      // The bell's list.
      await header(page)
        .getByRole('button', { name: /^Notifications/ })
        .click();
      const list = page.getByRole('list', { name: 'Notification list' });
      await expect(list.getByRole('listitem').first()).toContainText(title);
      await expectShownAsText(page, [title, message], `${mode.name} bell`);
      await expectNothingRan(page, hits, `${mode.name} bell`);
    } finally {
      await close();
      await query('DELETE FROM notifications WHERE to_email = $1 AND title = $2', [admin.email, title]);
    }
  });

  test(`${mode.name}: a menu whose name and item carry payloads shows them as text in the menu editor`, async ({
    browser,
  }) => {
    const tag = `m${Math.random().toString(36).slice(2, 7)}`;
    const name = `${CORPUS[0]} ${tag}`.slice(0, 100);
    const itemName = `${CORPUS[12]} ${tag}`;
    const [menu] = await query<{ id: number }>(
      'INSERT INTO menus (name, content) VALUES ($1, $2) RETURNING id::int AS id',
      [name, JSON.stringify([{ id: 1, name: itemName, children: [{ id: 2, name: `${CORPUS[8]} ${tag}` }] }])],
    );
    if (!menu) throw new Error('the menu was not stored');
    const { page, hits, close } = await pageFor(browser, mode.bypassCSP);
    try {
      await open(page, `/menu/list?ignorestate=true&id=${menu.id}`);
      await expect(gridRows(page)).toHaveCount(1, { timeout: 30_000 });
      await expectShownAsText(page, [name], `${mode.name} menu list`);
      await expectNothingRan(page, hits, `${mode.name} menu list`);
      await open(page, `/menu/edit/${menu.id}`);
      await waitForForm(page, 30_000);
      await expect(
        page.getByRole('tree', { name: 'Items' }).getByRole('treeitem', { name: itemName, exact: true }),
      ).toBeVisible();
      await expectShownAsText(page, [name, itemName], `${mode.name} menu editor`);
      await expectNothingRan(page, hits, `${mode.name} menu editor`);
    } finally {
      await close();
      await query('DELETE FROM menus WHERE id = $1', [menu.id]);
    }
  });

  test(`${mode.name}: the bulk editor opened from a list filtered by a payload shows the filter as text`, async ({
    browser,
  }) => {
    const tag = `b${Math.random().toString(36).slice(2, 7)}`;
    const { name } = await payloadPage(tag);
    const { page, hits, close } = await pageFor(browser, mode.bypassCSP);
    try {
      await page.goto(`/page/list?ignorestate=true&name=${encodeURIComponent(name)}`);
      await expect(gridRows(page)).toHaveCount(1, { timeout: 30_000 });
      await expectShownAsText(page, [name], `${mode.name} bulk list`);
      await page.getByRole('link', { name: 'Bulk edit' }).click();
      await page.waitForURL(/\/page\/bulkedit$/);
      await expect(toolbar(page)).toBeVisible();
      await expect(page.getByLabel('Records to change')).toContainText(name);
      await expectNothingRan(page, hits, `${mode.name} bulk editor`);
    } finally {
      await close();
    }
  });
}

test('an export of a list with payload cells writes them as plain text cells of the file', async ({
  page,
}) => {
  const tag = `e${Math.random().toString(36).slice(2, 7)}`;
  const { id, name, title } = await payloadPage(tag);
  const hits = watch(page);
  await page.goto(`/page/list?ignorestate=true&id=${id}`);
  await expect(gridRows(page)).toHaveCount(1, { timeout: 30_000 });
  await page.getByRole('button', { name: 'Export', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Export to Excel' });
  const fileName = `xss ${tag}`;
  await dialog.getByRole('textbox', { name: 'File Name' }).fill(fileName);
  await dialog.getByRole('button', { name: 'Export', exact: true }).click();
  await expect(page.getByText(`Export ready: ${fileName}.xlsx`)).toBeVisible({ timeout: 45_000 });
  await expectNothingRan(page, hits, 'export');

  const [row] = await query<{ id: number }>('SELECT id FROM exports WHERE file_name = $1', [
    `${fileName}.xlsx`,
  ]);
  const response = await fetch(`${baseUrl()}${exportDownloadPath(row?.id ?? 0)}`, {
    headers: { Authorization: `Bearer ${await adminToken()}` },
  });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
  const sheet = book.worksheets[0] as ExcelJS.Worksheet;
  const cells: ExcelJS.Cell[] = [];
  sheet.eachRow((r) => r.eachCell((c) => void cells.push(c)));
  // Each payload is one plain string cell, never a formula, hyperlink or rich text.
  for (const expected of [name, title]) {
    const cell = cells.find((c) => c.value === expected);
    expect(cell, `a cell holding ${expected}`).toBeDefined();
    expect(cell?.type).toBe(ExcelJS.ValueType.String);
  }
  expect(
    cells.filter((c) => c.type === ExcelJS.ValueType.Formula || c.type === ExcelJS.ValueType.Hyperlink),
  ).toEqual([]);
});
