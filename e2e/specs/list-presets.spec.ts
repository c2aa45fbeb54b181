/**
 * Presets (views) on the list, with their exact messages: save as new under a group, save, switch,
 * delete, what the default view does not offer, the "(modified)" title, toasts for each action, two
 * tabs on one list, page size from the preset, and deep links with each alert case. Runs as the
 * editor on Pages, whose presets are reset first.
 */
import { expect, type Page, type Response } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import {
  filterChips,
  filterColumn,
  grid,
  presetSelect,
  resetPresets,
  waitForRows,
} from '../support/list-helpers.ts';
import { alertModal } from '../support/shell.ts';
import { test } from '../support/test.ts';

const RIGHT = 'BMTools/Page/List';
const { email } = ACCOUNTS.editor;
test.use({ signedInAs: ACCOUNTS.editor });
test.beforeEach(() => resetPresets(email, RIGHT));

async function open(page: Page, search = ''): Promise<void> {
  await page.goto(`/page/list${search}`);
  await waitForRows(page);
}

const toast = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root').filter({ hasText: text });

async function createPreset(page: Page, name: string, group = 'personal'): Promise<void> {
  await page.getByRole('button', { name: 'Save as new view' }).click();
  const form = page.getByRole('form', { name: 'Save as new view' });
  await form.getByLabel('View name').fill(name);
  await form.getByLabel('Group').selectOption({ label: group });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(presetSelect(page)).toHaveValue(name);
  await expect(toast(page, `Saved as the new view “${name}” (${group})`)).toBeVisible();
}

async function choosePreset(page: Page, name: string): Promise<void> {
  // The picker's options are in the page only while it is open: a hidden list is positioned again
  // whenever the screen changes, which cost the list screen's first render most of its forced layout.
  const options = page.locator('.mantine-Select-dropdown');
  await expect(options).toHaveCount(0);
  await presetSelect(page).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(presetSelect(page)).toHaveValue(name);
  await expect(options).toHaveCount(0);
}

async function deleteChosenPreset(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
}

/** A link the list could not follow is said in a plain notice above the list, not a modal over it. */
async function expectNotice(page: Page, text: string): Promise<void> {
  await expect(page.getByRole('alert').filter({ hasText: text })).toBeVisible();
  await expect(alertModal(page)).toHaveCount(0);
}

const inUse = async () =>
  (
    await query<{ name: string }>(
      'SELECT p.name FROM preset_in_use u JOIN presets p ON p.id = u.preset_id WHERE u.user_email = $1 AND u.right_name = $2',
      [email, RIGHT],
    )
  )[0]?.name;

test('save as new needs a name, then adds a personal preset that is in use', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Save as new view' }).click();
  const form = page.getByRole('form', { name: 'Save as new view' });
  await form.getByRole('button', { name: 'Save' }).click();
  // Said under the field, not in a modal.
  await expect(form.getByText('Please fill the name before create')).toBeVisible();
  await expect(alertModal(page)).toHaveCount(0);
  await page.keyboard.press('Escape');

  await filterColumn(page, 'Name', { value: 'Paris' });
  await createPreset(page, 'Paris pages');
  await expect(filterChips(page)).toHaveText(['Name contains Paris']);
  await expect.poll(inUse).toBe('Paris pages');

  // Reopened in a new tab: the in-use preset with its own filter.
  await page.evaluate(() => sessionStorage.clear());
  await open(page);
  await expect(presetSelect(page)).toHaveValue('Paris pages');
  await expect(filterChips(page)).toHaveText(['Name contains Paris']);
});

test('a view created while the working view is saved stays in the picker', async ({ page }) => {
  await open(page);
  // The presets fetch that follows the working view's save is held until the new view exists, so
  // one answer brings both: the two refreshes must each add theirs (one new preset per fetch).
  let created!: () => void;
  const createdOnServer = new Promise<void>((resolve) => {
    created = resolve;
  });
  let held = false;
  await page.route(
    (url) => url.pathname.startsWith('/api/presets/user/BMTools'),
    async (route) => {
      if (route.request().method() !== 'GET' || held) return route.fallback();
      held = true;
      await createdOnServer;
      // The page may have given up on it meanwhile.
      await route.fallback().catch(() => {});
    },
  );
  const isPost = (name: string) => (r: Response) =>
    new URL(r.url()).pathname === '/api/presets/user' &&
    r.request().method() === 'POST' &&
    (r.request().postDataJSON() as { name?: string }).name === name;
  const stateSaved = page.waitForResponse(isPost('state'));
  await filterColumn(page, 'Name', { value: 'Paris' });
  await stateSaved;
  await expect.poll(() => held).toBe(true);

  // Not createPreset: its checks wait for the page's create to finish, which waits for the held fetch.
  const createAnswered = page.waitForResponse(isPost('Paris pages'));
  await page.getByRole('button', { name: 'Save as new view' }).click();
  const form = page.getByRole('form', { name: 'Save as new view' });
  await form.getByLabel('View name').fill('Paris pages');
  await form.getByRole('button', { name: 'Save' }).click();
  expect((await createAnswered).status()).toBe(201);
  created();

  await expect(presetSelect(page)).toHaveValue('Paris pages');
  await presetSelect(page).click();
  await expect(page.getByRole('option', { name: 'Paris pages', exact: true })).toHaveCount(1);
  await page.keyboard.press('Escape');
  await expect.poll(inUse).toBe('Paris pages');
});

test('create under a group the user may write to', async ({ page }) => {
  await open(page);
  await createPreset(page, 'Team view', 'Team');
  const rows = await query<{ group: string }>(
    `SELECT g.name AS group FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id WHERE p.name = 'Team view'`,
  );
  expect(rows.map((r) => r.group)).toEqual(['Team']);
});

test('a filter change marks the view modified; Save writes the grid into the chosen preset', async ({
  page,
}) => {
  await open(page);
  await createPreset(page, 'Mine');
  await filterColumn(page, 'Status', { options: ['Draft'] });
  await expect(presetSelect(page)).toHaveValue('Mine (modified)');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/presets/user/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  expect((await saved).status()).toBe(200);
  await expect(presetSelect(page)).toHaveValue('Mine');
  await expect(toast(page, 'Saved the view “Mine”')).toBeVisible();
  await expect.poll(inUse).toBe('Mine');

  await page.evaluate(() => sessionStorage.clear());
  await open(page);
  await expect(presetSelect(page)).toHaveValue('Mine');
  await expect(filterChips(page)).toHaveText(['Status is any of Draft']);
});

test('switching presets resets filters and page size to the chosen preset', async ({ page }) => {
  await open(page);
  await page.getByRole('combobox', { name: 'Page size' }).selectOption('50');
  await filterColumn(page, 'Name', { value: 'Rome' });
  await createPreset(page, 'Rome fifty');
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50');

  await choosePreset(page, 'default');
  await expect(filterChips(page)).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('20');
  await expect.poll(inUse).toBe('default');
  const history = await page.evaluate((key) => sessionStorage.getItem(key), `${RIGHT}^__^state`);
  expect(JSON.parse(history ?? 'null')).toEqual({});

  await choosePreset(page, 'Rome fifty');
  await expect(filterChips(page)).toHaveText(['Name contains Rome']);
  await expect(page.getByRole('combobox', { name: 'Page size' })).toHaveValue('50');
  await expect(grid(page)).toHaveAttribute('aria-rowcount', /\d+/);
});

test('delete removes the chosen preset; the default offers neither Save nor Delete', async ({ page }) => {
  await open(page);
  // The built-in default: both buttons disabled, each saying why.
  await expect(page.getByRole('button', { name: 'Delete view' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Delete view' })).toHaveAccessibleDescription(
    "The built-in default view can't be deleted.",
  );
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save', exact: true })).toHaveAccessibleDescription(
    "The built-in default view can't be changed: use “Save as new view”.",
  );

  await createPreset(page, 'Throwaway');
  await page.getByRole('button', { name: 'Delete view' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete view' });
  await expect(confirm).toContainText('Delete the view “Throwaway” (personal)?');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  // Focus goes back to the button that opened the dialog.
  await expect(page.getByRole('button', { name: 'Delete view' })).toBeFocused();
  await expect(presetSelect(page)).toHaveValue('Throwaway');
  await deleteChosenPreset(page);
  await expect(presetSelect(page)).toHaveValue('default');
  await expect(toast(page, 'Deleted the view “Throwaway”')).toBeVisible();
  await presetSelect(page).click();
  await expect(page.getByRole('option', { name: 'Throwaway' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  // The list may settle before the delete's answer is committed: poll the table.
  await expect
    .poll(async () => (await query(`SELECT id FROM presets WHERE name = 'Throwaway'`)).length)
    .toBe(0);
  await expect(alertModal(page)).toHaveCount(0);
});

test('a second tab on the same list is told when the first changes the working view', async ({ page }) => {
  await open(page);
  const other = await page.context().newPage();
  await open(other);
  await filterColumn(page, 'Name', { value: 'Madrid' });
  await expect(presetSelect(page)).toHaveValue('default (modified)');
  await expect(toast(other, 'Another tab changed your unsaved view of this list')).toBeVisible();
  // The other tab keeps what it shows.
  await expect(filterChips(other)).toHaveCount(0);
  await expect(toast(page, 'Another tab changed')).toHaveCount(0);
  await other.close();
});

test.describe('deep links', () => {
  test('preset and presetgroup select that preset', async ({ page }) => {
    await open(page);
    await filterColumn(page, 'Name', { value: 'Lisbon' });
    await createPreset(page, 'Lisbon');
    await choosePreset(page, 'default');
    await open(page, '?preset=Lisbon&presetgroup=personal');
    await expect(presetSelect(page)).toHaveValue('Lisbon');
    await expect(filterChips(page)).toHaveText(['Name contains Lisbon']);
    await expect(alertModal(page)).toHaveCount(0);
    await expect.poll(inUse).toBe('Lisbon');
  });

  const cases = [
    ['?preset=Nope&presetgroup=personal', 'The preset does not exist in the preset group'],
    ['?preset=default&presetgroup=Team', 'The preset does not exist in the preset group'],
    ['?preset=Mine&presetgroup=Nowhere', 'The preset group does not exist'],
    ['?presetgroup=Team', 'The preset name is missing for the preset group'],
    ['?preset=Mine', 'The preset group is missing for the preset'],
  ] as const;
  for (const [search, message] of cases) {
    test(`${search} says '${message}' and falls back to the default`, async ({ page }) => {
      await page.goto(`/page/list${search}`);
      await expectNotice(page, message);
      await waitForRows(page);
      await expect(presetSelect(page)).toHaveValue('default');
    });
  }

  test('column keys become initial filters with the default operators', async ({ page }) => {
    await page.goto('/page/list?name=Seville&status=draft,published&isActive=true&priority=3');
    await expect(filterChips(page)).toHaveText([
      'Name contains Seville',
      'Status is any of Draft, Published',
      'Active equals Yes',
      'Priority equals 3',
    ]);
    await expect(presetSelect(page)).toHaveValue('default (modified)');
  });
});
