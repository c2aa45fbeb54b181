/** The home redirect at `/`, and how the menu shows screens that are not set up. */
import { expect } from '@playwright/test';
import { ACCOUNTS, type DemoAccount, waitForShell } from '../support/auth.ts';
import { resetPresets } from '../support/list-helpers.ts';
import { navbar, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

const cases: readonly [DemoAccount, string][] = [
  [ACCOUNTS.admin, 'the reservation desk, the first dashboard it sees'],
  [ACCOUNTS.viewer, 'the reservation desk, the first dashboard it sees'],
  [ACCOUNTS.editor, 'pages, its first permitted entry: no dashboard shows it anything'],
  [ACCOUNTS.mapper, 'the mapping dashboard, the only one it sees'],
];

for (const [account, why] of cases) {
  test.describe(`home redirect for ${account.key}`, () => {
    test.use({ signedInAs: account });

    test(`/ leads ${account.key} to ${account.home}: ${why}`, async ({ page }) => {
      await page.goto('/');
      await waitForShell(page, account.email);
      await expect(page).toHaveURL((url) => url.pathname === account.home);
      if (account.home === '/') {
        await expect(
          page.getByRole('heading', { name: 'Nothing is set up for your role yet' }),
        ).toBeVisible();
        await expect(page.getByText('401')).toHaveCount(0);
      } else {
        await expect(page.getByText('No address is configured for this tool.')).toHaveCount(0);
      }
    });
  });
}

test.describe('returning', () => {
  test.use({ signedInAs: ACCOUNTS.admin });
  // Visiting a filtered list saves the admin's working view of it; the worker's later specs read
  // Reservations.
  test.afterEach(() => resetPresets(ACCOUNTS.admin.email, 'BMTools/Reservation/List'));

  test('/ returns to the page last visited, query included', async ({ page }) => {
    await page.goto('/reservation/list?status=confirmed');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('grid')).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/reservation/list');
    expect(new URL(page.url()).searchParams.get('status')).toBe('confirmed');
  });

  test('a tool without an address is marked in the menu and never remembered', async ({ page }) => {
    await page.goto('/roadmapManagement');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByText('No address is configured for this tool.')).toBeVisible();
    await openGroup(page, 'Tools');
    // The entry keeps its name; the mark is its description. A native tool is never marked.
    const entry = navbar(page).getByRole('link', { name: 'Roadmap', exact: true });
    await expect(entry).toBeVisible();
    await expect(entry).toHaveAccessibleDescription('Not set up yet: ask your administrator');
    const native = navbar(page).getByRole('link', { name: 'Database management', exact: true });
    await expect(native).not.toHaveAccessibleDescription('Not set up yet: ask your administrator');
    await openGroup(page, 'Content');
    await expect(navbar(page).getByRole('link', { name: 'Pages', exact: true })).toBeVisible();
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === ACCOUNTS.admin.home);
  });
});
