/**
 * Views you can share: the list's address holds the chosen view and its filters, Copy link hands it
 * on, and another account opening it sees the same view with the same filters. A link to a view the
 * other account may not see (someone's own) opens the list with a plain notice, not an error over
 * the page; parameters the list does not know are said to be ignored. The person who saved a shared
 * view renames and deletes it. Runs as the editor on Pages (the viewer opens the links); the
 * editor's presets are reset before each test.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import {
  filterChips,
  filterColumn,
  presetSelect,
  resetPresets,
  waitForRows,
} from '../support/list-helpers.ts';
import { alertModal } from '../support/shell.ts';
import { storageStateOf, test } from '../support/test.ts';

const RIGHT = 'BMTools/Page/List';
test.use({ signedInAs: ACCOUNTS.editor });
test.beforeEach(() => resetPresets(ACCOUNTS.editor.email, RIGHT));
test.afterEach(() => resetPresets(ACCOUNTS.editor.email, RIGHT));

async function saveView(page: Page, name: string, group: string): Promise<void> {
  await page.getByRole('button', { name: 'Save as new view' }).click();
  const form = page.getByRole('form', { name: 'Save as new view' });
  await form.getByLabel('View name').fill(name);
  await form.getByLabel('Group').selectOption({ label: group });
  await form.getByRole('button', { name: 'Save' }).click();
  await expect(presetSelect(page)).toHaveValue(name);
}

/** The link as Copy link hands it on: the address, once it names the view. */
async function copiedLink(page: Page, view: string): Promise<string> {
  await expect(page).toHaveURL((url) => url.searchParams.get('preset') === view);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(
    page.locator('.mantine-Notification-root').filter({ hasText: /Link copied|Copy this link/ }),
  ).toBeVisible();
  return page.url();
}

/** Opens a link as the viewer, in a browser context of its own. */
async function openAsViewer(page: Page, link: string): Promise<Page> {
  const viewer = await page
    .context()
    .browser()
    ?.newPage({ storageState: await storageStateOf(ACCOUNTS.viewer) });
  if (!viewer) throw new Error('no browser');
  await viewer.goto(link);
  await waitForRows(viewer);
  return viewer;
}

test('a shared view opens by its link for another account, with the same view and filters', async ({
  page,
}) => {
  await page.goto('/page/list');
  await waitForRows(page);
  await filterColumn(page, 'Name', { value: 'Madrid' });
  await saveView(page, 'Madrid pages', 'Team');
  // The address holds the view and the filter, whatever the user did last.
  await expect(page).toHaveURL((url) => url.searchParams.get('presetgroup') === 'Team');
  await expect(page).toHaveURL((url) => (url.searchParams.get('filters') ?? '').includes('Madrid'));
  const link = await copiedLink(page, 'Madrid pages');

  const viewer = await openAsViewer(page, link);
  await expect(presetSelect(viewer)).toHaveValue('Madrid pages');
  await expect(filterChips(viewer)).toHaveText(['Name contains Madrid']);
  await expect(viewer.getByRole('alert')).toHaveCount(0);
  // The viewer may read Team but not change it, and did not save this view.
  await expect(viewer.getByRole('button', { name: 'Rename view' })).toBeDisabled();
  await expect(viewer.getByRole('button', { name: 'Delete view' })).toBeDisabled();

  // A filter the link carries beyond the view's own reaches the other account too.
  await filterColumn(page, 'Status', { options: ['Draft'] });
  await expect(page).toHaveURL((url) => (url.searchParams.get('filters') ?? '').includes('draft'));
  await viewer.goto(page.url());
  await waitForRows(viewer);
  await expect(filterChips(viewer)).toHaveText(['Name contains Madrid', 'Status is any of Draft']);
  await viewer.close();
});

test('a link to a view the other account may not see opens the list with a plain notice', async ({
  page,
}) => {
  await page.goto('/page/list');
  await waitForRows(page);
  await filterColumn(page, 'Name', { value: 'Lisbon' });
  await saveView(page, 'My Lisbon', 'personal');
  const link = await copiedLink(page, 'My Lisbon');

  const viewer = await openAsViewer(page, `${link}&utm_source=mail`);
  const notices = viewer.getByRole('alert');
  await expect(notices.filter({ hasText: 'The preset does not exist in the preset group' })).toBeVisible();
  await expect(
    notices.filter({ hasText: '“utm_source” is not one this list knows, so it was ignored' }),
  ).toBeVisible();
  await expect(alertModal(viewer)).toHaveCount(0);
  // The list is there, in the viewer's own view.
  await expect(presetSelect(viewer)).not.toHaveValue('My Lisbon');
  await notices.first().getByRole('button', { name: 'Dismiss' }).click();
  await expect(notices).toHaveCount(1);
  await viewer.close();
});

test('the person who saved a shared view renames and deletes it', async ({ page }) => {
  await page.goto('/page/list');
  await waitForRows(page);
  await saveView(page, 'Team draft', 'Team');
  await page.getByRole('button', { name: 'Rename view' }).click();
  const form = page.getByRole('form', { name: 'Rename view' });
  await form.getByLabel('New name').fill('Team drafts');
  await form.getByRole('button', { name: 'Rename' }).click();
  await expect(presetSelect(page)).toHaveValue('Team drafts');
  await expect(page).toHaveURL((url) => url.searchParams.get('preset') === 'Team drafts');
  // The editor may not delete views in Team, but this one they saved.
  await page.getByRole('button', { name: 'Delete view' }).click();
  await page.getByRole('dialog', { name: 'Delete view' }).getByRole('button', { name: 'Delete' }).click();
  await expect(presetSelect(page)).toHaveValue('default');
});
