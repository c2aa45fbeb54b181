/**
 * The list grid on Pages: a
 * filter for each column type, and/or, sort, paging, page size, page jump, column toggle, one open
 * menu, keyboard, 'No records', failed list calls, approximate totals. `ignorestate` keeps the
 * admin's presets untouched for the other specs.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import {
  columnMenu,
  columnTexts,
  countRows,
  expectTotal,
  filterChips,
  filterColumn,
  grid,
  gridRows,
  headerButton,
  totalRows,
  waitForRows,
} from '../support/list-helpers.ts';
import { requestBarrier, settleRender } from '../support/settle.ts';
import { alertModal } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const COL = { id: 0, name: 1, url: 2, language: 4, status: 5, active: 6, priority: 7, published: 8 };

async function openPages(page: Page, query = ''): Promise<void> {
  await page.goto(`/page/list?ignorestate=true${query}`);
  await waitForRows(page);
}

test('a text filter narrows the rows, shows a chip and reloads from page 0', async ({ page }) => {
  await openPages(page);
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');
  const listCall = page.waitForRequest((r) => r.url().includes('/api/pages?') && r.url().includes('filters'));
  await filterColumn(page, 'Name', { operator: 'contains', value: 'Seville' });
  const url = new URL((await listCall).url());
  expect(JSON.parse(url.searchParams.get('filters') ?? '')).toEqual({
    operation: 'contains',
    name: 'name',
    type: 'text',
    value: 'Seville',
  });
  expect(url.searchParams.get('pageIndex')).toBe('0');
  await expectTotal(page, await countRows('v_pages', "name ILIKE '%Seville%'"));
  for (const name of await columnTexts(page, COL.name)) expect(name).toContain('Seville');
  await expect(filterChips(page)).toHaveText(['Name contains Seville']);
  await expect(headerButton(page, 'Name')).toHaveAccessibleName('Name filtered');

  await page.getByRole('button', { name: 'Remove filter Name contains Seville' }).click();
  await expect(filterChips(page)).toHaveCount(0);
  await expectTotal(page, await countRows('v_pages'));
});

test('a number filter with between and a second condition joined by or', async ({ page }) => {
  await openPages(page);
  await headerButton(page, 'Priority').click();
  const menu = columnMenu(page, 'Priority');
  await menu.getByLabel('Condition 1 operator').selectOption('between');
  await menu.getByLabel('Condition 1 from').fill('2');
  await menu.getByLabel('Condition 1 to').fill('3');
  await menu.getByRole('button', { name: 'Add condition' }).click();
  await menu.getByLabel('Condition 2 conjunction').selectOption('or');
  await menu.getByLabel('Condition 2 operator').selectOption('gte');
  await menu.getByLabel('Condition 2 value').fill('9');
  await menu.getByRole('button', { name: 'Apply' }).click();
  await expect(menu).toBeHidden();
  await expectTotal(page, await countRows('v_pages', 'priority BETWEEN 2 AND 3 OR priority >= 9'));
  for (const p of await columnTexts(page, COL.priority)) expect(['2', '3', '9']).toContain(p);
  await expect(filterChips(page)).toHaveText(['Priority between 2 and 3', 'or Priority at least 9']);
});

test('a date filter on a datetime column sends the date and its type', async ({ page }) => {
  await openPages(page);
  const listCall = page.waitForRequest((r) => r.url().includes('/api/pages?') && r.url().includes('filters'));
  await filterColumn(page, 'Published', { operator: 'lt', value: '2026-01-10' });
  const filters = JSON.parse(new URL((await listCall).url()).searchParams.get('filters') ?? '');
  expect(filters).toEqual({ operation: 'lt', name: 'publishedAt', type: 'datetime', value: '2026-01-10' });
  await expectTotal(page, await countRows('v_pages', `"publishedAt" < '2026-01-10'`));
  for (const d of await columnTexts(page, COL.published)) expect(d < '2026-01-10').toBe(true);
  await expect(filterChips(page)).toHaveText(['Published before 2026-01-10']);
});

test('a boolean filter', async ({ page }) => {
  await openPages(page);
  await filterColumn(page, 'Active', { operator: 'eq', value: 'false' });
  await expectTotal(page, await countRows('v_pages', 'NOT "isActive"'));
  expect(new Set(await columnTexts(page, COL.active))).toEqual(new Set(['No']));
});

test('a combobox filter takes several options and goes as text with in', async ({ page }) => {
  await openPages(page);
  const listCall = page.waitForRequest((r) => r.url().includes('/api/pages?') && r.url().includes('filters'));
  await filterColumn(page, 'Status', { options: ['Draft', 'Archived'] });
  const filters = JSON.parse(new URL((await listCall).url()).searchParams.get('filters') ?? '');
  expect(filters).toEqual({ operation: 'in', name: 'status', type: 'text', value: ['draft', 'archived'] });
  await expectTotal(page, await countRows('v_pages', "status IN ('draft', 'archived')"));
  for (const s of await columnTexts(page, COL.status)) expect(['Draft', 'Archived']).toContain(s);
});

test('Enter applies a filter, Clear removes it, Reset all removes every one', async ({ page }) => {
  await openPages(page);
  await headerButton(page, 'Name').click();
  await columnMenu(page, 'Name').getByLabel('Condition 1 value').fill('Madrid');
  await columnMenu(page, 'Name').getByLabel('Condition 1 value').press('Enter');
  await expect(columnMenu(page, 'Name')).toBeHidden();
  await expect(filterChips(page)).toHaveText(['Name contains Madrid']);

  await headerButton(page, 'Name').click();
  await columnMenu(page, 'Name').getByRole('button', { name: 'Clear' }).click();
  await expect(columnMenu(page, 'Name')).toBeHidden();
  await expect(filterChips(page)).toHaveCount(0);

  await filterColumn(page, 'Name', { value: 'Madrid' });
  await filterColumn(page, 'Language', { options: ['DE'] });
  await expect(filterChips(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Reset all' }).click();
  await expect(filterChips(page)).toHaveCount(0);
  await expectTotal(page, await countRows('v_pages'));
});

test('a filter that matches nothing shows No records', async ({ page }) => {
  await openPages(page);
  await filterColumn(page, 'Name', { value: 'no such page at all' });
  await expect(grid(page).getByText('No records')).toHaveCount(0);
  await expect(page.getByText('No records', { exact: true })).toBeVisible();
  await expect(gridRows(page)).toHaveCount(0);
});

test('sort by the header arrow and from the column menu', async ({ page }) => {
  await openPages(page);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Id');
  const ids = (await columnTexts(page, COL.id)).map(Number);
  expect(ids).toEqual([...ids].sort((a, b) => b - a));

  const sorted = page.waitForRequest(
    (r) => r.url().includes('/api/pages?') && r.url().includes('name%3DASC'),
  );
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await sorted;
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('Name');
  await waitForRows(page);
  const names = await columnTexts(page, COL.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));

  await headerButton(page, 'Priority').click();
  await columnMenu(page, 'Priority').getByRole('button', { name: 'Sort descending' }).click();
  await expect(columnMenu(page, 'Priority')).toBeHidden();
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Priority');
  await expect.poll(async () => (await columnTexts(page, COL.priority))[0]).toBe('9');
});

test('a plain cell holds its text with no element of its own; a tag keeps its badge', async ({ page }) => {
  await openPages(page);
  // The record's data cells (a list with bulk edit has a checkbox cell before them).
  const cells = gridRows(page).first().locator('td[data-cell]');
  // Each element inside a cell is work on every sort, page change and scroll frame.
  const shape = (index: number) =>
    cells.nth(index).evaluate((cell) => ({
      elements: cell.childElementCount,
      text: cell.textContent ?? '',
      title: cell.getAttribute('title'),
    }));
  const name = await shape(COL.name);
  expect(name.elements).toBe(0);
  expect(name.text).not.toBe('');
  expect(name.title).toBe(name.text);
  expect(await shape(COL.priority)).toMatchObject({ elements: 0, title: null });
  const status = await shape(COL.status);
  expect(status.elements).toBe(1);
  await expect(cells.nth(COL.status).locator('.mantine-Badge-root')).toHaveCount(1);
});

test('paging, the page jump within range, page size and the paging switch', async ({ page }) => {
  await openPages(page);
  const total = await countRows('v_pages');
  const pages = Math.ceil(total / 20);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '21');
  const first = await columnTexts(page, COL.id);

  await page.getByRole('button', { name: 'next page' }).click();
  await expect.poll(async () => (await columnTexts(page, COL.id))[0]).not.toBe(first[0]);
  await expect(page.getByRole('button', { name: 'Page 2' })).toHaveAttribute('data-active', 'true');

  const jump = page.getByRole('textbox', { name: 'Go to page' });
  await jump.fill(String(pages));
  await jump.press('Enter');
  await expect(page.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute('data-active', 'true');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total - (pages - 1) * 20 + 1));
  await jump.fill(String(pages + 1));
  await jump.press('Enter');
  await expect(page.getByRole('button', { name: `Page ${pages}` })).toHaveAttribute('data-active', 'true');

  const resized = page.waitForRequest(
    (r) => r.url().includes('/api/pages?') && r.url().includes('pageSize=50'),
  );
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('50');
  expect(new URL((await resized).url()).searchParams.get('pageIndex')).toBe('0');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  await expect(page.getByRole('button', { name: 'Page 1', exact: true })).toHaveAttribute(
    'data-active',
    'true',
  );

  await page.getByRole('button', { name: 'Page 2' }).click();
  const all = page.waitForRequest(
    (r) => r.url().includes('/api/pages?') && r.url().includes('pageSize=1000'),
  );
  await page.getByRole('switch', { name: 'Paging' }).click();
  expect(new URL((await all).url()).searchParams.get('pageIndex')).toBe('0');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', String(total + 1));
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveCount(0);
});

test('column toggle: one column, all on shows all, all off keeps the first', async ({ page }) => {
  await openPages(page);
  const headers = grid(page).locator('thead th');
  await expect(headers.filter({ hasText: 'Updated by' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Columns' }).click();
  const dialog = page.getByRole('dialog', { name: 'Columns' });
  await dialog.getByRole('checkbox', { name: 'URL' }).uncheck();
  await expect(headers.filter({ hasText: 'URL' })).toHaveCount(0);
  await dialog.getByRole('checkbox', { name: 'All columns' }).check();
  await expect(headers.filter({ hasText: 'Updated by' })).toHaveCount(1);
  await expect(headers.filter({ hasText: 'URL' })).toHaveCount(1);
  await dialog.getByRole('checkbox', { name: 'All columns' }).uncheck();
  // The checkbox column (the pages list offers bulk edit), the first data column and the actions column.
  await expect(headers).toHaveCount(3);
  await expect(headers.nth(1)).toContainText('Id');
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('only one column or row menu is open at a time; Escape closes it', async ({ page }) => {
  await openPages(page);
  await headerButton(page, 'Name').click();
  await expect(columnMenu(page, 'Name')).toBeVisible();
  await headerButton(page, 'Title').click();
  await expect(columnMenu(page, 'Title')).toBeVisible();
  await expect(columnMenu(page, 'Name')).toBeHidden();
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await expect(page.getByRole('menu')).toBeVisible();
  await expect(columnMenu(page, 'Title')).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('menu')).toBeHidden();
});

test('arrow keys move through cells and Enter opens the row’s first action', async ({ page }) => {
  await openPages(page);
  const firstCell = grid(page).locator('td[data-cell="0:0"]');
  await firstCell.click({ position: { x: 2, y: 2 }, trial: true });
  await firstCell.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('ArrowRight');
  await expect(grid(page).locator('td[data-cell="1:1"]')).toBeFocused();
  await page.keyboard.press('End');
  await expect(grid(page).locator('td[data-cell="1:8"]')).toBeFocused();
  // Page Down and Page Up move by the rows the grid shows at once (read on the key press).
  const focusedRow = () =>
    page.evaluate(() => Number(document.activeElement?.getAttribute('data-cell')?.split(':')[0]));
  await page.keyboard.press('PageDown');
  await expect.poll(focusedRow).toBeGreaterThan(5);
  await expect(grid(page).locator('td:focus')).toHaveAttribute('data-cell', /:8$/);
  await page.keyboard.press('PageUp');
  await expect.poll(focusedRow).toBeLessThanOrEqual(1);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowDown');
  await expect(grid(page).locator('td[data-cell="1:8"]')).toBeFocused();
  const id = await grid(page).locator('td[data-cell="1:0"]').innerText();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(new RegExp(`/page/view/${id}$`));
});

test('a list that cannot load says so inline, in plain words, with no modal and no "No records"', async ({
  page,
}) => {
  let calls = 0;
  await page.route('**/api/pages?*', (route) => {
    calls += 1;
    return route.fulfill({ status: 400, json: { message: 'sort: column priority cannot be sorted' } });
  });
  await page.goto('/page/list?ignorestate=true');
  const error = page.getByRole('alert').filter({ hasText: 'The list could not be loaded' });
  // Column keys become the labels the user sees.
  await expect(error).toContainText('Column “Priority” cannot be sorted');
  // The call leaves while the screen first renders and fails before its query subscribes: it is
  // still sent once, not again when the query subscribes.
  await settleRender(page);
  await requestBarrier(page);
  expect(calls).toBe(1);
  await expect(alertModal(page)).toHaveCount(0);
  await expect(page.getByText('No records', { exact: true })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Pages' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
});

test('a failed sort keeps the rows and the sort they were loaded with, and Retry applies it', async ({
  page,
}) => {
  await openPages(page);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Id');
  const before = await columnTexts(page, COL.id);
  await page.route(
    (url) => url.pathname === '/api/pages' && url.search.includes('name%3DASC'),
    (route) => route.abort('connectionrefused'),
  );
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  const error = page.getByRole('alert').filter({ hasText: 'The list could not be loaded' });
  await expect(error).toContainText('The server could not be reached');
  await expect(error).not.toContainText('Failed to fetch');
  await expect(alertModal(page)).toHaveCount(0);
  await expect(page.locator('th[aria-sort="descending"]')).toContainText('Id');
  await expect(page.locator('th[aria-sort="ascending"]')).toHaveCount(0);
  expect(await columnTexts(page, COL.id)).toEqual(before);

  await page.unrouteAll();
  await error.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('th[aria-sort="ascending"]')).toContainText('Name');
  await expect(error).toHaveCount(0);
  await waitForRows(page);
  const names = await columnTexts(page, COL.name);
  expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
});

/** Sorts by Name and holds the list call until `release` is called; the loading bar shows meanwhile. */
async function sortWithTheCallHeld(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/pages?*', async (route) => {
    await held;
    await route.continue().catch(() => undefined);
  });
  await page.getByRole('button', { name: 'Sort by Name' }).click();
  await expect(page.getByRole('progressbar', { name: 'Loading', exact: true })).toBeVisible();
  return release;
}

test('the loading bar stays in the page and a call shows it by its opacity alone', async ({ page }) => {
  await openPages(page);
  // Mounting it per call cost a render, a layout, a paint and a new layer on every call's start and end.
  const bar = page.locator('[role="progressbar"][aria-label="Loading"]');
  const state = () =>
    bar.evaluate((element) => ({
      same: (element as HTMLElement & { __seen?: boolean }).__seen === true,
      opacity: getComputedStyle(element).opacity,
      hidden: element.getAttribute('aria-hidden'),
    }));
  await bar.evaluate((element) => {
    (element as HTMLElement & { __seen?: boolean }).__seen = true;
  });
  expect(await state()).toEqual({ same: true, opacity: '0', hidden: 'true' });

  const release = await sortWithTheCallHeld(page);
  expect(await state()).toEqual({ same: true, opacity: '1', hidden: null });

  release();
  await waitForRows(page);
  await expect.poll(state).toEqual({ same: true, opacity: '0', hidden: 'true' });
});

test('estimated totals show as approximate', async ({ page }) => {
  await page.route('**/api/pages/page-summarize?*', (route) =>
    route.fulfill({
      json: { totalItemsCount: 1000000, totalPages: 50000, pageIndex: 0, pageSize: 20, exact: false },
    }),
  );
  await openPages(page);
  await expect(totalRows(page)).toHaveText('≈ 1,000,000 rows');
  await expect(page.getByRole('button', { name: 'Page 50000' })).toBeVisible();
});

// The two checks of how the page moves run as most people see it, with motion (the other tests
// ask for reduced motion, playwright.config.ts).
test.describe('with motion', () => {
  test.use({ contextOptions: { reducedMotion: 'no-preference' } });

  test('while rows load, the loading bars move on the compositor: nothing repaints the page per frame', async ({
    page,
  }) => {
    await openPages(page);
    const release = await sortWithTheCallHeld(page);
    await expect(page.getByRole('progressbar', { name: 'Loading rows' })).toBeVisible();
    // Every running CSS animation (the bars' endless ones; a hover's short transition is not one)
    // changes transform or opacity only, which the compositor runs without the main thread; a moving
    // background or size would repaint the page on every frame instead.
    const animated = await page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation instanceof CSSAnimation)
        .map((animation) => {
          const effect = animation.effect as KeyframeEffect | null;
          const properties = new Set(
            (effect?.getKeyframes() ?? []).flatMap((frame) =>
              Object.keys(frame).filter(
                (key) => !['offset', 'computedOffset', 'easing', 'composite'].includes(key),
              ),
            ),
          );
          return { running: animation.playState === 'running', properties: [...properties].sort() };
        }),
    );
    const running = animated.filter((a) => a.running);
    expect(running.length).toBeGreaterThanOrEqual(2);
    const repainting = running
      .flatMap((a) => a.properties)
      .filter((p) => p !== 'transform' && p !== 'opacity');
    expect(repainting, 'properties animated on the main thread').toEqual([]);
    release();
    await waitForRows(page);
    await expect(page.getByRole('progressbar')).toHaveCount(0);
  });

  test('a sort lays out the grid alone, not the whole page around it', async ({ page }) => {
    await openPages(page);
    // The grid's scroll box contains its own size and layout and is positioned, not a flex item, so
    // Chromium lays out what changes inside it (a sort's new cell texts) from that box: the frame
    // does not walk the shell, the bars and the pager. Chromium's trace names each layout's roots.
    const cdp = await page.context().newCDPSession(page);
    type TraceEvent = {
      name: string;
      args: { beginData?: { dirtyObjects?: number; partialLayout?: boolean } };
    };
    const events: TraceEvent[] = [];
    cdp.on('Tracing.dataCollected', (data) => {
      // The protocol types trace events loosely; Layout events carry these fields.
      events.push(...(data.value as unknown as TraceEvent[]));
    });
    const complete = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
    await cdp.send('Tracing.start', { categories: 'devtools.timeline', transferMode: 'ReportEvents' });
    const before = await columnTexts(page, COL.name);
    await page.getByRole('button', { name: 'Sort by Name' }).click();
    await expect.poll(() => columnTexts(page, COL.name)).not.toEqual(before);
    await settleRender(page);
    await cdp.send('Tracing.end');
    await complete;
    // The layout that placed the sorted rows is the one with the most boxes to redo.
    const layouts = events.filter((e) => e.name === 'Layout').map((e) => e.args.beginData ?? {});
    const rows = layouts.reduce((a, b) => ((b.dirtyObjects ?? 0) > (a.dirtyObjects ?? 0) ? b : a), {});
    expect(rows.dirtyObjects ?? 0).toBeGreaterThan(20);
    expect(rows.partialLayout, 'the sorted rows were laid out from the grid').toBe(true);
  });
});

test('a filtered column’s title is shown whole beside its filter mark', async ({ page }) => {
  const filters = encodeURIComponent(
    JSON.stringify({
      currency: [{ operator: 'eq', value: 'EUR' }],
      status: [{ operator: 'eq', value: 'confirmed' }],
    }),
  );
  await page.goto(`/reservation/list?ignorestate=true&filters=${filters}`);
  await waitForRows(page);
  await expect(headerButton(page, 'Currency')).toHaveAccessibleName('Currency filtered');
  // A title cut by its cell shows an ellipsis: its text is wider than the room it is given.
  const cut = await grid(page)
    .locator('thead th button span:first-child')
    .evaluateAll((spans) =>
      spans.filter((s) => s.scrollWidth > s.clientWidth + 1).map((s) => s.textContent ?? ''),
    );
  expect(cut).toEqual([]);
});
