/**
 * Presets on the list, with their exact messages: create under
 * a group, save, switch, delete, the default's refusals, the state title, page size from the preset,
 * and deep links with each alert case. Runs as the editor on Pages, whose presets are reset first.
 */
import { expect, type Page, test } from '@playwright/test';
import { ACCOUNTS, storageStateOf } from '../support/auth.ts';
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

const RIGHT = 'BMTools/Page/List';
const { email } = ACCOUNTS.editor;
test.use({ storageState: storageStateOf(ACCOUNTS.editor) });
test.beforeEach(() => resetPresets(email, RIGHT));

async function open(page: Page, search = ''): Promise<void> {
  await page.goto(`/page/list${search}`);
  await waitForRows(page);
}

async function createPreset(page: Page, name: string, group = 'personal'): Promise<void> {
  await page.getByRole('button', { name: 'Create preset' }).click();
  const form = page.getByRole('form', { name: 'Create preset' });
  await form.getByLabel('Preset name').fill(name);
  await form.getByLabel('Preset group').selectOption({ label: group });
  await form.getByRole('button', { name: 'Create' }).click();
  await expect(presetSelect(page)).toHaveValue(name);
}

async function choosePreset(page: Page, name: string): Promise<void> {
  await presetSelect(page).click();
  await page.getByRole('option', { name, exact: true }).click();
  await expect(presetSelect(page)).toHaveValue(name);
}

async function deleteChosenPreset(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Delete preset' }).click();
  await page.getByRole('dialog', { name: 'Delete preset' }).getByRole('button', { name: 'OK' }).click();
}

async function expectAlert(page: Page, text: string): Promise<void> {
  await expect(alertModal(page)).toContainText(text);
  await alertModal(page).getByRole('button', { name: 'Ok' }).click();
  await expect(alertModal(page)).toBeHidden();
}

const inUse = async () =>
  (
    await query<{ name: string }>(
      'SELECT p.name FROM preset_in_use u JOIN presets p ON p.id = u.preset_id WHERE u.user_email = $1 AND u.right_name = $2',
      [email, RIGHT],
    )
  )[0]?.name;

test('create needs a name, then adds a personal preset that is in use', async ({ page }) => {
  await open(page);
  await page.getByRole('button', { name: 'Create preset' }).click();
  await page.getByRole('form', { name: 'Create preset' }).getByRole('button', { name: 'Create' }).click();
  await expectAlert(page, 'Please fill the name before create');
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

test('create under a group the user may write to', async ({ page }) => {
  await open(page);
  await createPreset(page, 'Team view', 'Team');
  const rows = await query<{ group: string }>(
    `SELECT g.name AS group FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id WHERE p.name = 'Team view'`,
  );
  expect(rows.map((r) => r.group)).toEqual(['Team']);
});

test('a filter change turns the title into state; Save writes the grid into the chosen preset', async ({
  page,
}) => {
  await open(page);
  await createPreset(page, 'Mine');
  await filterColumn(page, 'Status', { options: ['Draft'] });
  await expect(presetSelect(page)).toHaveValue('state');
  const saved = page.waitForResponse(
    (r) => r.url().includes('/api/presets/user/') && r.request().method() === 'PUT',
  );
  await page.getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
  await expect(presetSelect(page)).toHaveValue('Mine');
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

test('delete removes the chosen preset; the default is neither deleted nor overwritten', async ({ page }) => {
  await open(page);
  await deleteChosenPreset(page);
  await expectAlert(page, 'You can not detele the last preset');

  await createPreset(page, 'Throwaway');
  await page.getByRole('button', { name: 'Delete preset' }).click();
  const confirm = page.getByRole('dialog', { name: 'Delete preset' });
  await expect(confirm).toContainText("Delete the preset 'Throwaway' (personal)?");
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(presetSelect(page)).toHaveValue('Throwaway');
  await deleteChosenPreset(page);
  await expect(presetSelect(page)).toHaveValue('default');
  await presetSelect(page).click();
  await expect(page.getByRole('option', { name: 'Throwaway' })).toHaveCount(0);
  await page.keyboard.press('Escape');
  expect(await query(`SELECT id FROM presets WHERE name = 'Throwaway'`)).toHaveLength(0);

  await createPreset(page, 'Keeper');
  await choosePreset(page, 'default');
  await deleteChosenPreset(page);
  await expectAlert(page, 'The default preset cannot be deleted');
  await page.getByRole('button', { name: 'Save' }).click();
  await expectAlert(page, 'The default preset cannot be overwritten');
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
    test(`${search} alerts '${message}' and falls back to the default`, async ({ page }) => {
      await page.goto(`/page/list${search}`);
      await expectAlert(page, message);
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
    await expect(presetSelect(page)).toHaveValue('state');
  });
});
