/**
 * Editing a dashboard in Chromium: the admin (who holds the right) moves a panel up, removes one
 * and adds one through the "Add panel" form, saves, and the viewer, in a browser of their own,
 * sees the dashboard as saved; the viewer is offered no editing. The dashboard is put back as
 * shipped at the end, for the specs after this one on the worker's database.
 */
import { type Browser, expect, type Page } from '@playwright/test';
import { ACCOUNTS, type DemoAccount, waitForShell } from '../support/auth.ts';
import { storageStateOf, test } from '../support/test.ts';

async function openAs(browser: Browser, account: DemoAccount, path: string): Promise<Page> {
  const context = await browser.newContext({ storageState: await storageStateOf(account) });
  const page = await context.newPage();
  await page.goto(path);
  await waitForShell(page, account.email);
  return page;
}

/** The panels' titles on the dashboard, in their order. */
const panelTitles = (page: Page) => page.locator('main section h3').allTextContents();

test('the admin adds, moves and removes panels, and the viewer sees the saved dashboard', async ({
  browser,
}) => {
  const admin = await openAs(browser, ACCOUNTS.admin, '/dashboard/operations');
  await expect(admin.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
  await expect(admin.locator('main section h3').first()).toBeVisible();
  const before = await panelTitles(admin);
  const [first = '', second = '', ...rest] = before;
  const last = rest.at(-1) ?? '';

  await admin.getByRole('button', { name: 'Edit dashboard' }).click();
  const panels = admin.getByRole('list', { name: 'Panels' });
  await expect(panels.getByRole('listitem')).toHaveCount(before.length);
  await admin.getByRole('button', { name: `Move ${second} up` }).click();
  await admin.getByRole('button', { name: `Remove ${last}` }).click();
  await admin.getByRole('button', { name: 'Add panel' }).click();
  const dialog = admin.getByRole('dialog', { name: 'Add panel' });
  await dialog.getByRole('button', { name: 'Add panel' }).click();
  // The form says what it lacks, and adds nothing.
  await expect(dialog.getByText('A title is required')).toBeVisible();
  await dialog.getByRole('textbox', { name: 'Title' }).fill('Payments by currency');
  await dialog.getByRole('combobox', { name: 'List' }).fill('Payments');
  await admin.getByRole('option', { name: 'Payments', exact: true }).click();
  await dialog.getByRole('combobox', { name: 'Chart' }).click();
  await admin.getByRole('option', { name: 'Donut' }).click();
  await dialog.getByRole('combobox', { name: 'Group by' }).click();
  await admin.getByRole('option', { name: 'Currency', exact: true }).click();
  await dialog.getByRole('button', { name: 'Add panel' }).click();
  await expect(dialog).toBeHidden();
  await admin.getByRole('button', { name: 'Save dashboard' }).click();
  await expect(admin.getByText('Dashboard saved')).toBeVisible();

  const expected = [second, first, ...rest.slice(0, -1), 'Payments by currency'];
  await expect(admin.locator('main section h3')).toHaveText(expected);
  await expect(
    admin.getByRole('region', { name: 'Payments by currency' }).getByText(/^Payments by currency: /),
  ).toBeVisible();

  const viewer = await openAs(browser, ACCOUNTS.viewer, '/dashboard/operations');
  await expect(viewer.locator('main section h3')).toHaveText(expected);
  await expect(viewer.getByRole('button', { name: 'Edit dashboard' })).toHaveCount(0);

  // Put back as shipped.
  await admin.getByRole('button', { name: 'Edit dashboard' }).click();
  await admin.getByRole('button', { name: 'Put back as shipped' }).click();
  await admin
    .getByRole('dialog', { name: 'Put back as shipped?' })
    .getByRole('button', { name: 'Put back as shipped' })
    .click();
  await expect(admin.getByText('Dashboard put back as shipped')).toBeVisible();
  await expect(admin.locator('main section h3')).toHaveText(before);
  await admin.context().close();
  await viewer.context().close();
});
