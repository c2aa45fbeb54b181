/**
 * Accessibility in Chromium: axe-core checks every kind of screen — the sign-in view and the
 * provider's login form, the home, a list, a map list, a record form (create and edit), a record
 * view and its History, the bulk editor, the menu editor, the dashboard editor, the mapping queue
 * and the tool pages (the reservation search with its results) — against WCAG 2.0 and 2.1, levels
 * A and AA, with the menu tree, the notifications, a column menu and the dialogs open and a form
 * showing its errors, in the light theme, and at each of those states in the dark theme too, for the
 * rules that depend on colours (the page switched by its colour-scheme preference, not reloaded).
 * No violation of impact critical or serious may be found; the failure message
 * lists each one with the elements it was found on. And the grid by keyboard: its header is one Tab
 * stop per column (not three), with a skip past it to the rows.
 */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, signInButton, waitForShell } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { createPage, pageRow, savePage, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { grid, headerButton, waitForRows } from '../support/list-helpers.ts';
import { formErrors, header, MENU_GROUPS, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
const BLOCKING = new Set(['critical', 'serious']);
/**
 * The rules whose answer depends on colours. The dark theme changes colours only (the same elements,
 * names, roles and order), so in it these are all that can find something new: the other rules
 * would repeat the light theme's run at its cost (on two cores a whole-page run takes seconds).
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/** Runs axe with `rules` (or the WCAG tags) and fails with every critical or serious violation. */
async function expectNoSeriousViolationsOf(page: Page, screen: string, rules?: string[]): Promise<void> {
  const axe = new AxeBuilder({ page })
    // Axe ships this WCAG 2.1 A check (2.5.3, label in name) as experimental, off unless asked for:
    // a control whose accessible name does not contain its visible text cannot be called by voice.
    // (Given first: `options` replaces what `withTags` set.)
    .options({ rules: { 'label-content-name-mismatch': { enabled: true } } });
  const { violations } = await (rules ? axe.withRules(rules) : axe.withTags(WCAG_TAGS)).analyze();
  const blocking = violations.filter((v) => v.impact && BLOCKING.has(v.impact));
  const report = blocking
    .map((v) =>
      [
        `${v.id} (${v.impact}, ${v.nodes.length} element${v.nodes.length === 1 ? '' : 's'}): ${v.help}`,
        ...v.nodes.map(
          (n) => `    ${n.target.join(' ')}\n      ${(n.failureSummary ?? '').replace(/\n/g, '\n      ')}`,
        ),
      ].join('\n'),
    )
    .join('\n');
  expect(
    blocking.map((v) => v.id),
    `axe found on ${screen}:\n${report}`,
  ).toEqual([]);
}

/** The console follows the browser's colour-scheme preference; resolves once it shows `scheme`. */
async function showScheme(page: Page, scheme: 'light' | 'dark'): Promise<void> {
  await page.emulateMedia({ colorScheme: scheme });
  await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', scheme);
}

/**
 * Runs axe over the whole page in the light theme, then, for a console screen, over the same state
 * in the dark theme with the colour rules, and fails with every critical or serious violation:
 * rule, impact, what it asks for and, for each element, its selector and axe's account of it.
 */
async function expectNoSeriousViolations(page: Page, screen: string): Promise<void> {
  // Checked once loaded: no spinner left (the form loads its heavier fields lazily).
  await expect(page.locator('[role="status"][aria-label^="Loading"]')).toHaveCount(0);
  await expectNoSeriousViolationsOf(page, screen);
  // The provider's login form is the server's own page, in one scheme.
  if ((await page.locator('html[data-mantine-color-scheme]').count()) === 0) return;
  await showScheme(page, 'dark');
  try {
    await expectNoSeriousViolationsOf(page, `${screen} (dark theme)`, COLOUR_RULES);
  } finally {
    await showScheme(page, 'light');
  }
}

/** Opens every group of the menu, so the whole tree is checked with the screen. */
async function openMenu(page: Page): Promise<void> {
  for (const group of MENU_GROUPS) await openGroup(page, group);
}

async function firstId(sql: string): Promise<number> {
  const [row] = await query<{ id: number }>(sql);
  if (!row) throw new Error(`nothing found: ${sql}`);
  return row.id;
}

test.describe('signed out', () => {
  test('the sign-in view and the provider login form', async ({ page }) => {
    await page.goto('/');
    await expect(signInButton(page)).toBeVisible();
    await expectNoSeriousViolations(page, 'the sign-in view');

    await signInButton(page).click();
    await page.waitForURL(/\/oidc\//);
    await expect(page.getByLabel('Password')).toBeVisible();
    await expectNoSeriousViolations(page, 'the provider login form');
  });
});

test.describe('signed in', () => {
  test.use({ signedInAs: ACCOUNTS.admin, colorScheme: 'light' });

  test('the home (the first dashboard, its charts drawn) with the whole menu open', async ({ page }) => {
    await page.goto('/');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('heading', { name: 'Reservation desk', level: 1 })).toBeVisible();
    await expect(page.getByText(/^Payments by status: /)).toBeVisible();
    await openMenu(page);
    await expectNoSeriousViolations(page, 'the home');
    await header(page)
      .getByRole('button', { name: /^Notifications/ })
      .click();
    await expect(page.getByRole('list', { name: 'Notification list' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the home with the notifications open');
  });

  test('the database tool', async ({ page }) => {
    await page.goto('/mongoManagement');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('heading', { name: 'Database management' })).toBeVisible();
    await expect(page.getByRole('table', { name: 'Tables' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the database tool');
  });

  test('a list', async ({ page }) => {
    // Two checks of a whole list page: about twenty seconds each on a busy two-core machine.
    test.slow();
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    await expectNoSeriousViolations(page, 'the pages list');
    // A column's menu with its filter editor open.
    await headerButton(page, 'Name').click();
    await expect(
      page.getByRole('dialog', { name: 'Name column menu' }).getByLabel('Condition 1 value'),
    ).toBeVisible();
    await expectNoSeriousViolations(page, 'the pages list with a column menu open');
  });

  test('a map list', async ({ page }) => {
    const id = await firstId('SELECT id FROM merchant_locations ORDER BY id LIMIT 1');
    await page.goto(`/merchantlocation/${id}/getmap?ignorestate=true`);
    await waitForRows(page);
    await expect(grid(page)).toBeVisible();
    await expectNoSeriousViolations(page, 'a merchant location map list');
  });

  test('a record form, new and edited', async ({ page }) => {
    await page.goto('/page/create');
    await waitForForm(page);
    await expectNoSeriousViolations(page, 'the new page form');
    // Saved empty: the summary at the top and the messages under the fields.
    await toolbarButton(page, 'Save and close').click();
    await expect(formErrors(page)).toBeVisible();
    await expectNoSeriousViolations(page, 'the new page form with its errors');

    const id = await firstId('SELECT id FROM pages ORDER BY id LIMIT 1');
    await page.goto(`/page/edit/${id}`);
    await waitForForm(page);
    await expectNoSeriousViolations(page, 'the page edit form');
  });

  test('a record view', async ({ page }) => {
    const id = await firstId('SELECT id FROM pages ORDER BY id LIMIT 1');
    await page.goto(`/page/view/${id}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Page “');
    await expectNoSeriousViolations(page, 'the page view');
  });

  test('the bulk editor', async ({ page }) => {
    await page.goto('/page/bulkedit');
    await expect(page.getByLabel('Records to change')).toBeVisible();
    await expectNoSeriousViolations(page, 'the pages bulk editor');
  });

  test('the menu editor', async ({ page }) => {
    await page.goto('/menu/edit/1');
    await waitForForm(page);
    await expect(page.getByRole('tree', { name: 'Items' }).getByRole('treeitem').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the main menu in the menu editor');
  });

  test('the dashboard editor and its Add panel form', async ({ page }) => {
    await page.goto('/dashboard/operations');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('heading', { name: 'Operations', level: 1 })).toBeVisible();
    await page.getByRole('button', { name: 'Edit dashboard' }).click();
    await expect(page.getByRole('list', { name: 'Panels' }).getByRole('listitem').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the dashboard editor');
    // Nothing is saved: the form is only opened, and shown what it lacks.
    await page.getByRole('button', { name: 'Add panel' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add panel' });
    await dialog.getByRole('button', { name: 'Add panel' }).click();
    await expect(dialog.getByText('A title is required')).toBeVisible();
    await expectNoSeriousViolations(page, 'the Add panel form with its error');
  });

  test('the mapping queue', async ({ page }) => {
    await page.goto('/merchantlocation/mapqueue');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mapping queue · Locations');
    await expect(page.getByTestId('queue-status')).toContainText('to map');
    await expect(page.getByRole('table', { name: 'Candidates' }).locator('tbody tr').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the locations mapping queue');
  });

  test('a record’s History and its Revert question', async ({ page }) => {
    // A page of its own, made and then edited through its form, so its History has an edit.
    await page.goto('/page/list?ignorestate=true');
    const id = await createPage(page, { title: 'Accessibility history' });
    await page.goto(`/page/edit/${id}`);
    await waitForForm(page);
    await page.getByRole('textbox', { name: 'Title' }).fill('Accessibility history edited');
    await savePage(page);
    await expect.poll(async () => (await pageRow(id)).title).toBe('Accessibility history edited');

    await page.goto(`/page/view/${id}`);
    const history = page.getByRole('region', { name: 'History' });
    await history.getByRole('button', { name: 'History' }).click();
    const edit = history.getByRole('table', { name: 'History' }).locator('tbody tr').first();
    await expect(edit).toContainText('Edited');
    await expectNoSeriousViolations(page, 'a page’s History');
    await edit.getByRole('button', { name: 'Revert' }).click();
    await expect(page.getByRole('dialog', { name: 'Revert this change?' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the Revert question');
  });

  test('the tool pages', async ({ page }) => {
    await page.goto('/searchReservation');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page.getByRole('textbox', { name: 'Search reservations' })).toBeVisible();
    await expectNoSeriousViolations(page, 'the reservation search');
    // With its results, their filters and the link to the list.
    const [booking] = await query<{ name: string }>(
      'SELECT customer_name AS name FROM reservations ORDER BY id LIMIT 1',
    );
    await page.getByRole('textbox', { name: 'Search reservations' }).fill(booking?.name ?? '');
    await expect(page.getByRole('list', { name: 'Results' }).getByRole('link').first()).toBeVisible();
    await expectNoSeriousViolations(page, 'the reservation search with results');

    await page.goto('/replicationManagement');
    await expect(page.getByText('No replica streams from this server.')).toBeVisible();
    await expectNoSeriousViolations(page, 'replication management');
  });
});

test.describe('the grid by keyboard', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  /** Where the focus is: a column's header, a row's cell, or elsewhere. */
  const focusIn = (page: Page) =>
    page.evaluate(() => {
      const focused = document.activeElement;
      if (focused?.closest('[role="grid"] thead')) return 'header';
      if (focused?.closest('[role="grid"] tbody')) return 'rows';
      return 'elsewhere';
    });

  test('the header is one Tab stop per column, Shift+arrows resize, and a skip leads to the rows', async ({
    page,
  }) => {
    await page.goto('/page/list?ignorestate=true');
    await waitForRows(page);
    const columns = await grid(page).locator('thead th [aria-haspopup="dialog"]').count();
    expect(columns).toBeGreaterThan(3);

    // The skip comes first; after it the box that ticks the page's rows (the pages list offers
    // bulk edit), one stop per column, then the rows.
    const skip = page.getByRole('button', { name: 'Skip to rows' });
    await skip.focus();
    await page.keyboard.press('Tab');
    await expect(page.locator(':focus')).toHaveAttribute('aria-label', 'Select every row on this page');
    for (let stop = 0; stop < columns; stop++) {
      await page.keyboard.press('Tab');
      expect(await focusIn(page), `Tab stop ${stop + 1} of ${columns} columns`).toBe('header');
      await expect(page.locator(':focus')).toHaveAttribute('aria-haspopup', 'dialog');
    }
    await page.keyboard.press('Tab');
    expect(await focusIn(page)).toBe('rows');

    await skip.focus();
    await page.keyboard.press('Enter');
    expect(await focusIn(page)).toBe('rows');

    // A column is resized from its header, as by dragging its edge.
    const resize = page.getByRole('separator', { name: 'Resize Name' });
    const before = Number(await resize.getAttribute('aria-valuenow'));
    await headerButton(page, 'Name').focus();
    await page.keyboard.press('Shift+ArrowRight');
    await expect(resize).toHaveAttribute('aria-valuenow', String(before + 16));
    await page.keyboard.press('Shift+ArrowLeft');
    await expect(resize).toHaveAttribute('aria-valuenow', String(before));
  });
});
