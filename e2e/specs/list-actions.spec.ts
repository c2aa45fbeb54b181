/**
 * Row actions (docs/adr/0003-list-engine.md): row click runs the first visible
 * action, actions follow `visibleWhen` and frozen rows keep only fixed actions, a messagebox asks
 * OK/Cancel first, and delete (as admin on Pages) asks with the default message and runs the call.
 */
import { expect, type Page, type Route } from '@playwright/test';
import { createAccount } from '../support/accounts.ts';
import { ACCOUNTS, signIn } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { filterColumn, gridRows, waitForRows } from '../support/list-helpers.ts';
import { alertModal } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

// A presets call still in the route handler when the test ends would fail it with "Response has
// been disposed" (the page closes under it): such late calls are of no interest, so they are let go.
test.afterEach(async ({ page }) => {
  await page.unrouteAll({ behavior: 'ignoreErrors' });
});

const rowMenu = (page: Page, index = 0) =>
  gridRows(page)
    .nth(index)
    .getByRole('button', { name: /^Actions for/ });

/** Serves the presets with their definitions changed by `edit`. */
async function editPresets(page: Page, edit: (definition: Record<string, unknown>) => void): Promise<void> {
  await page.route('**/api/presets/user/*', async (route: Route) => {
    if (route.request().method() !== 'GET') return route.continue();
    const response = await route.fetch();
    const presets = (await response.json()) as Array<{ definition: string }>;
    for (const preset of presets) {
      const definition = JSON.parse(preset.definition) as Record<string, unknown>;
      edit(definition);
      preset.definition = JSON.stringify(definition);
    }
    await route.fulfill({ response, json: presets });
  });
}

test('a row click opens the first visible action; the menu offers the others', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const id = await gridRows(page).first().locator('td[data-cell]').first().innerText();
  await rowMenu(page).click();
  await page.getByRole('menuitem', { name: 'Edit' }).click();
  await expect(page).toHaveURL(new RegExp(`/page/edit/${id}$`));
  await page.goBack();
  await waitForRows(page);
  // The same row, by its id: other spec files add pages in parallel, which may move it.
  await gridRows(page)
    .filter({ has: page.locator('td[data-cell$=":0"]', { hasText: new RegExp(`^\\s*${id}\\s*$`) }) })
    .locator('td[data-cell]')
    .nth(1)
    .click();
  await expect(page).toHaveURL(new RegExp(`/page/view/${id}$`));
});

test('an action with a messagebox asks OK/Cancel first', async ({ page }) => {
  await editPresets(page, (definition) => {
    const [view] = definition.rowActions as Array<Record<string, unknown>>;
    if (view) view.messagebox = 'Open the page {{id}} now?';
  });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  const id = (await gridRows(page).first().locator('td[data-cell]').first().innerText()).trim();
  // The same row throughout, by its id: other spec files add pages in parallel, which may move it.
  const row = gridRows(page).filter({
    has: page.locator('td[data-cell$=":0"]', { hasText: new RegExp(`^\\s*${id}\\s*$`) }),
  });
  await row.locator('td[data-cell]').nth(1).click();
  const dialog = page.getByRole('dialog', { name: 'View' });
  await expect(dialog).toContainText(`Open the page ${id} now?`);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  await expect(page).toHaveURL(/\/page\/list/);
  await row.locator('td[data-cell]').nth(1).click();
  await page.getByRole('dialog', { name: 'View' }).getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(new RegExp(`/page/view/${id}$`));
});

test('delete asks with the default message, then deletes through the registered procedure', async ({
  page,
}) => {
  const stamp = Date.now();
  const [created] = await query<{ id: number }>(
    `INSERT INTO pages (name, url, title) VALUES ($1, $2, 'e2e') RETURNING id`,
    [`Delete me ${stamp}`, `/e2e/delete-me-${stamp}`],
  );
  const id = created?.id;
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await filterColumn(page, 'Name', { value: `Delete me ${stamp}` });
  await expect(gridRows(page)).toHaveCount(1);

  await rowMenu(page).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  // Names the record, and the red button says Delete.
  await expect(dialog).toContainText(`Do you want to delete this item id ${id} (“Delete me ${stamp}”)`);
  await expect(dialog.getByRole('button', { name: 'OK' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(gridRows(page)).toHaveCount(1);
  // Focus goes back to the row's menu button, which opened the dialog.
  await expect(rowMenu(page)).toBeFocused();

  await rowMenu(page).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const call = page.waitForRequest((r) => r.method() === 'DELETE' && r.url().endsWith(`/api/pages/${id}`));
  await page.getByRole('dialog', { name: 'Delete' }).getByRole('button', { name: 'Delete' }).click();
  expect((await call).postDataJSON()).toEqual({
    storeProcedure: 'bm_page_delete',
    values: [{ mapkey: 'id', value: id }],
  });
  await expect(page.getByText('No records', { exact: true })).toBeVisible();
  expect(await query('SELECT id FROM pages WHERE id = $1', [id])).toHaveLength(0);
});

test('delete without delete columns alerts and sends nothing', async ({ page }) => {
  await editPresets(page, (definition) => {
    for (const column of definition.definition as Array<Record<string, unknown>>) delete column.delete;
  });
  let sent = false;
  page.on('request', (r) => {
    if (r.method() === 'DELETE') sent = true;
  });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await rowMenu(page).click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await expect(alertModal(page)).toContainText('you must config the delete columns in the list definition');
  expect(sent).toBe(false);
});

test('reservations: visibleWhen hides Delete on confirmed rows, frozen rows keep only View', async ({
  page,
}) => {
  const [locked] = await query<{ id: string }>(`SELECT id FROM v_reservations WHERE "isLocked" LIMIT 1`);
  const [confirmed] = await query<{ id: string }>(
    `SELECT id FROM v_reservations WHERE status = 'confirmed' AND NOT "isLocked" LIMIT 1`,
  );
  const [pending] = await query<{ id: string }>(
    `SELECT id FROM v_reservations WHERE status = 'pending' AND NOT "isLocked" LIMIT 1`,
  );
  const actionsOf = async (id: string | undefined): Promise<string[]> => {
    await page.goto(`/reservation/list?ignorestate=true&id=${id}`);
    await waitForRows(page);
    await expect(gridRows(page)).toHaveCount(1);
    await rowMenu(page).click();
    const items = await page.getByRole('menuitem').allInnerTexts();
    await page.keyboard.press('Escape');
    return items;
  };
  expect(await actionsOf(locked?.id)).toEqual(['View']);
  expect(await actionsOf(confirmed?.id)).toEqual(['View', 'Get Map']);
  expect(await actionsOf(pending?.id)).toEqual(['View', 'Get Map', 'Delete']);
});

test('a stored preset with a foreign stylesheet and action URL loads and opens neither', async ({ page }) => {
  await editPresets(page, (definition) => {
    definition.cssUrl = 'https://evil.example/steal.css';
    const [view] = definition.rowActions as Array<Record<string, unknown>>;
    if (view) view.pageUrl = 'https://evil.example/page/{id}';
  });
  const foreign: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('evil.example')) foreign.push(r.url());
  });
  let popups = 0;
  page.on('popup', () => {
    popups++;
  });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await expect(page.locator('link[data-preset-css]')).toHaveCount(0);
  await gridRows(page).first().locator('td[data-cell]').nth(1).click();
  await expect(alertModal(page)).toContainText('This action leads to an address that is not allowed');
  await expect(page).toHaveURL(/\/page\/list/);
  expect(popups).toBe(0);
  expect(foreign).toEqual([]);
});

test('a stored preset with a stylesheet of our own origin loads it', async ({ page }) => {
  await editPresets(page, (definition) => {
    definition.cssUrl = '/preset-styles/list.css';
  });
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await expect(page.locator('link[data-preset-css]')).toHaveAttribute('href', '/preset-styles/list.css');
});

test.describe('as an admin of its own', () => {
  test.use({ storageState: { cookies: [], origins: [] } });

  test('the state saved from such a preset leaves its foreign URLs behind', async ({ page }) => {
    // An admin of its own: this visit saves a state preset the demo admin's specs must not start from.
    const admin = await createAccount('admin');
    await signIn(page, admin.email, admin.password);
    await editPresets(page, (definition) => {
      definition.cssUrl = 'https://evil.example/steal.css';
      const [view] = definition.rowActions as Array<Record<string, unknown>>;
      if (view) view.pageUrl = 'https://evil.example/page/{id}';
    });
    await page.goto('/page/list');
    await waitForRows(page);
    const saved = page.waitForResponse(
      (r) => r.url().endsWith('/api/presets/user') && r.request().method() === 'POST',
    );
    await filterColumn(page, 'Name', { value: 'a' });
    const response = await saved;
    expect(response.status()).toBe(201);
    const sent = response.request().postDataJSON() as { name: string; definition: string };
    expect(sent.name).toBe('state');
    expect(sent.definition).not.toContain('evil.example');
    expect(JSON.parse(sent.definition).rowActions.length).toBeGreaterThan(0);
  });
});
