/**
 * Dynamic pages from `GET /api/pageconfigs`: one of each type
 * from the catalogue's configs, 'Source' skipped, and — through configs the test adds to the answer —
 * an unknown type, a page without a default preset and a page the user lacks the right for.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { createPage, pageRow, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { apiCall, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const title = (page: Page, name: string) => page.getByRole('heading', { level: 1, name });

test('a list page config is a list', async ({ page }) => {
  await page.goto('/pages-config/list?ignorestate=true');
  await waitForRows(page);
});

test('an edit page config edits a record on its api and saves through its action', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'Dynamic before' });
  await page.goto(`/pages-config/edit/${id}`);
  await waitForForm(page);
  await expect(title(page, 'Edit page (configured)')).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Dynamic after');
  const call = page.waitForRequest((r) => r.method() === 'PUT' && r.url().endsWith(`/api/pages/${id}`));
  await toolbarButton(page, 'Save').click();
  expect((await call).postDataJSON()).toMatchObject({ storeProcedure: 'bm_page_save', databaseName: 'main' });
  await expect.poll(async () => (await pageRow(id)).title).toBe('Dynamic after');
});

test('an edit page config without an id creates', async ({ page }) => {
  await page.goto('/pages-config/edit');
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: 'Id' })).toHaveCount(0);
  // A create form: Save and close, no Save until the record exists.
  await expect(toolbarButton(page, 'Save and close')).toBeVisible();
  await expect(toolbarButton(page, 'Save')).toHaveCount(0);
});

test('a view page config shows the record read-only', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, { title: 'Dynamic view' });
  await page.goto(`/pages-config/view/${id}`);
  await expect(title(page, 'Page (configured)')).toBeVisible();
  await expect(page.getByText('Dynamic view')).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
});

test('a bulkedit page config is the bulk editor', async ({ page }) => {
  await page.goto('/pages-config/bulkedit');
  await expect(title(page, 'Bulk edit pages (configured)')).toBeVisible();
  await expect(toolbarButton(page, 'Save changes')).toBeVisible();
});

test('an iframe page config frames its tool', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  const { body } = await apiCall<{ toolUrls: Record<string, string> }>(page, 'GET', '/api/config');
  await page.goto('/roadmap-config');
  await expect(title(page, 'Roadmap (configured)')).toBeVisible();
  if (body.toolUrls.roadmap)
    await expect(page.getByTitle('Roadmap (configured)')).toHaveAttribute('src', body.toolUrls.roadmap);
  else await expect(page.getByText('This page has no address to show.')).toBeVisible();
});

test("a map page config opens its record's map list, and without a record says how to open it", async ({
  page,
}) => {
  const [reservation] = await query<{ id: number; number: string }>(
    'SELECT id::int, reservation_number AS number FROM reservations ORDER BY id LIMIT 1',
  );
  if (!reservation) throw new Error('the demo has no reservation');
  const presets = page.waitForRequest((r) =>
    r.url().includes(`/api/presets/user/${encodeURIComponent('BMTools/Reservation/GetMap')}`),
  );
  const list = page.waitForResponse(
    (r) => r.url().includes(`/api/mapReservations?`) && r.url().includes(`id=${reservation.id}`),
  );
  await page.goto(`/reservations-config/map/${reservation.id}`);
  await presets;
  // The map list of that reservation answers (not "A map list needs the id"), and the grid shows it.
  expect((await list).status()).toBe(200);
  await expect(page.getByRole('grid')).toBeVisible();
  await expect(page.getByText(/map list needs the id/i)).toHaveCount(0);

  await page.goto('/reservations-config/map');
  await expect(page.getByText('Choose the record to map')).toBeVisible();
  await expect(page.getByText('Oops! Page not found')).toHaveCount(0);
});

test("a 'Source' config is no page", async ({ page }) => {
  await page.goto('/pages-config/source');
  await expect(page.getByText('Oops! Page not found')).toBeVisible();
});

test.describe('configs added to the answer', () => {
  test.beforeEach(async ({ page }) => {
    await page.route('**/api/pageconfigs', async (route) => {
      const response = await route.fetch();
      const configs = (await response.json()) as unknown[];
      await route.fulfill({
        json: [
          ...configs,
          {
            route: '/e2e-config/chart',
            pageType: 'chart',
            api: '/api/pages',
            pageName: 'Chart',
            actions: [{ action: 'View', rightName: 'BMTools/Page/View', sqlQuery: '', databaseName: '' }],
          },
          {
            route: '/e2e-config/nodefault',
            pageType: 'view',
            api: '/api/merchantIncludedItems',
            pageName: 'No default',
            // A right the admin holds whose screen has no form preset: merchant included items are
            // list-only (their list and map list), so no form preset ships for them.
            actions: [
              {
                action: 'View',
                rightName: 'BMTools/MerchantIncludedItem/View',
                sqlQuery: '',
                databaseName: '',
              },
            ],
          },
          {
            route: '/e2e-config/guarded',
            pageType: 'view',
            api: '/api/pages',
            pageName: 'Guarded',
            actions: [{ action: 'View', rightName: 'BMTools/Nobody/View', sqlQuery: '', databaseName: '' }],
          },
        ],
      });
    });
  });

  test("an unknown type says 'Page type ... is not config'", async ({ page }) => {
    await page.goto('/e2e-config/chart');
    await expect(page.getByText('Page type chart is not config')).toBeVisible();
  });

  test('a page without a default preset is the 428 page', async ({ page }) => {
    await page.goto('/e2e-config/nodefault/1');
    await expect(page.getByText('Precondition Required')).toBeVisible();
  });

  test('a page is guarded by its action rights', async ({ page }) => {
    await page.goto('/e2e-config/guarded/1');
    await expect(page.getByText('Please contact your administrator.')).toBeVisible();
  });
});
