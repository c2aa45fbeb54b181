/**
 * Every list query-string switch on Reservations as the viewer: hidecolumntoggle, hideactions,
 * hidefilters, hidepresets, hideexport, ignorestate, compactview, pageitems and paging. The viewer's
 * reservation presets are reset before each test (ignorestate's contrast saves a state preset).
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  columnMenu,
  filterChips,
  filterColumn,
  grid,
  gridRows,
  headerButton,
  presetSelect,
  resetPresets,
  waitForRows,
} from '../support/list-helpers.ts';
import { requestBarrier } from '../support/settle.ts';
import { storageStateOf, test } from '../support/test.ts';

const RIGHT = 'BMTools/Reservation/List';
const { email } = ACCOUNTS.viewer;
test.use({ signedInAs: ACCOUNTS.viewer });
test.beforeEach(() => resetPresets(email, RIGHT));

async function open(page: Page, query = ''): Promise<void> {
  await page.goto(`/reservation/list${query}`);
  await waitForRows(page);
}

const statePresets = () =>
  query<{ id: number }>(
    `SELECT id FROM presets WHERE name = 'state' AND owner_email = $1 AND right_name = $2`,
    [email, RIGHT],
  );

test('hidecolumntoggle hides the column toggle', async ({ page }) => {
  await open(page);
  await expect(page.getByRole('button', { name: 'Columns' })).toBeVisible();
  await open(page, '?HideColumnToggle=TRUE');
  await expect(page.getByRole('button', { name: 'Columns' })).toHaveCount(0);
});

test('hideactions hides the row actions and row clicks do nothing', async ({ page }) => {
  await open(page);
  await expect(
    gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ }),
  ).toHaveCount(1);
  await open(page, '?hideactions=true');
  await expect(
    gridRows(page)
      .first()
      .getByRole('button', { name: /^Actions for/ }),
  ).toHaveCount(0);
  await expect(grid(page).locator('thead th', { hasText: 'Actions' })).toHaveCount(0);
  await gridRows(page).first().locator('td').first().click();
  await expect(page).toHaveURL(/\/reservation\/list/);
});

test('hidefilters hides the filter bar and the filter dialogs, sorting stays', async ({ page }) => {
  await open(page, '?hidefilters=true');
  await expect(page.getByText('No filters. Click a column title to filter it.')).toHaveCount(0);
  await headerButton(page, 'Customer').click();
  const menu = columnMenu(page, 'Customer');
  await expect(menu.getByRole('button', { name: 'Sort ascending' })).toBeVisible();
  await expect(menu.getByRole('button', { name: 'Apply' })).toHaveCount(0);
});

test('hidepresets hides the presets bar', async ({ page }) => {
  await open(page);
  await expect(presetSelect(page)).toBeVisible();
  await open(page, '?hidepresets=1');
  await expect(presetSelect(page)).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Save as new view' })).toHaveCount(0);
});

test('hideexport: no export button (its modal arrives with the exports issue)', async ({ page }) => {
  await open(page, '?hideexport=true');
  await expect(page.getByRole('button', { name: /export/i })).toHaveCount(0);
  await open(page, '?hideexport=false');
  await expect(page.getByRole('button', { name: /export/i })).toHaveCount(0);
});

test('without ignorestate a filter change saves the working view and marks the view modified', async ({
  page,
}) => {
  await open(page);
  await expect(presetSelect(page)).toHaveValue('default');
  await filterColumn(page, 'Currency', { value: 'EUR' });
  await expect(presetSelect(page)).toHaveValue('default (modified)');
  await expect.poll(async () => (await statePresets()).length).toBe(1);

  // A new tab (no filter history) opens the working view, in use, with its filter.
  const fresh = await page
    .context()
    .browser()
    ?.newPage({ storageState: await storageStateOf(ACCOUNTS.viewer) });
  if (!fresh) throw new Error('no browser');
  await open(fresh);
  await expect(presetSelect(fresh)).toHaveValue('default (modified)');
  await expect(filterChips(fresh)).toHaveText(['Currency contains EUR']);
  await fresh.close();
});

test('ignorestate keeps the state preset untouched', async ({ page }) => {
  // The page's clock is the test's: the working view's save waits for a pause after a change, and
  // the test runs that wait out at once instead of sleeping through it.
  await page.clock.install();
  const saves: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && /\/api\/presets/.test(request.url())) saves.push(request.url());
  });
  await open(page, '?ignorestate=true');
  await filterColumn(page, 'Currency', { value: 'EUR' });
  await expect(filterChips(page)).toHaveCount(1);
  await expect(presetSelect(page)).toHaveValue('default');
  await page.clock.runFor(10_000);
  await requestBarrier(page);
  expect(saves).toEqual([]);
  expect(await statePresets()).toHaveLength(0);
});

test('compactview makes rows tighter', async ({ page }) => {
  await open(page);
  const normal = await gridRows(page)
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  await open(page, '?compactview=true');
  const compact = await gridRows(page)
    .first()
    .evaluate((el) => el.getBoundingClientRect().height);
  expect(normal).toBeGreaterThanOrEqual(31);
  expect(compact).toBeLessThan(normal);
});

test('pageitems sets the page size', async ({ page }) => {
  const call = page.waitForRequest((r) => r.url().includes('/api/reservations?'));
  await open(page, '?pageitems=50');
  expect(new URL((await call).url()).searchParams.get('pageSize')).toBe('50');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '51');
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50');
});

test('paging=false loads the first 1,000 rows without a pager', async ({ page }) => {
  const call = page.waitForRequest((r) => r.url().includes('/api/reservations?'));
  await open(page, '?paging=false');
  const url = new URL((await call).url());
  expect(url.searchParams.get('pageSize')).toBe('1000');
  expect(url.searchParams.get('pageIndex')).toBe('0');
  await expect(page.getByRole('switch', { name: 'Paging' })).not.toBeChecked();
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveCount(0);
  await expect(grid(page)).toHaveAttribute('aria-rowcount', '1001');
});
