/** The menu each demo account sees: groups and entries cut to the account's rights. */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, apiGet, type DemoAccount, waitForShell } from '../support/auth.ts';
import { MENU_GROUPS, type MenuGroupName, menuGroup, menuLink, navbar, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

/** Actions that change data; none may show for, or be granted to, the viewer. */
const EDITING_ACTIONS = ['Create', 'Edit', 'Delete', 'BulkEdit', 'Publish', 'Map', 'GetMap', 'Export'];

async function openShell(page: Page, account: DemoAccount): Promise<void> {
  await page.goto('/');
  await waitForShell(page, account.email);
}

async function expectGroups(page: Page, visible: readonly MenuGroupName[]): Promise<void> {
  for (const group of MENU_GROUPS) {
    if (visible.includes(group)) await expect(menuGroup(page, group), group).toBeVisible();
    else await expect(menuGroup(page, group), group).toHaveCount(0);
  }
}

test.describe('menu of the admin', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('shows all seven groups', async ({ page }) => {
    await openShell(page, ACCOUNTS.admin);
    await expectGroups(page, MENU_GROUPS);
    await openGroup(page, 'Administration');
    for (const entry of ['Menus', 'Presets', 'Account API keys', 'API logs']) {
      await expect(menuLink(page, entry)).toBeVisible();
    }
  });

  test('groups expand and collapse', async ({ page }) => {
    await openShell(page, ACCOUNTS.admin);
    await openGroup(page, 'Exception management');
    await expect(menuLink(page, 'Escalation policies')).toBeVisible();
    await menuGroup(page, 'Exception management').click();
    await expect(menuGroup(page, 'Exception management')).toHaveAttribute('aria-expanded', 'false');
    await expect(menuLink(page, 'Escalation policies')).toBeHidden();
  });
});

test.describe('menu of the editor', () => {
  test.use({ signedInAs: ACCOUNTS.editor });

  test('shows Content and Administration → Menus only', async ({ page }) => {
    await openShell(page, ACCOUNTS.editor);
    await expectGroups(page, ['Content', 'Administration']);
    await openGroup(page, 'Content');
    for (const entry of [
      'Pages',
      'Interceptions',
      'Interception triggers',
      'Product placement rules',
      'Location keywords',
      'Reviews',
    ]) {
      await expect(menuLink(page, entry)).toBeVisible();
    }
    for (const entry of ['Resources', 'Translation resources', 'Translation interceptions']) {
      await expect(menuLink(page, entry)).toHaveCount(0);
    }
    await openGroup(page, 'Administration');
    await expect(menuLink(page, 'Menus')).toBeVisible();
    for (const entry of ['Presets', 'Exports', 'Account API keys', 'API logs', 'Open API documents']) {
      await expect(menuLink(page, entry)).toHaveCount(0);
    }
  });
});

test.describe('menu of the mapper', () => {
  test.use({ signedInAs: ACCOUNTS.mapper });

  test('shows only the Price-watch and Merchant groups', async ({ page }) => {
    await openShell(page, ACCOUNTS.mapper);
    await expectGroups(page, ['Price-watch', 'Merchant']);
    await openGroup(page, 'Price-watch');
    await openGroup(page, 'Merchant');
    const links = navbar(page).getByRole('link');
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    // Seven price-watch and seven merchant lists, the mapping history and the auto-mapping runs.
    expect(hrefs.length).toBe(16);
    for (const href of hrefs) expect(href).toMatch(/^\/(pricewatch|merchant|maphistory|automaprun)/i);
  });
});

test.describe('menu of the viewer', () => {
  test.use({ signedInAs: ACCOUNTS.viewer });

  test('has every group but no editing affordance, and no editing right', async ({ page }) => {
    await openShell(page, ACCOUNTS.viewer);
    await expectGroups(page, MENU_GROUPS);
    for (const group of MENU_GROUPS) await openGroup(page, group);

    const hrefs = await navbar(page)
      .getByRole('link')
      .evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href') ?? ''));
    expect(hrefs.length).toBeGreaterThan(40);
    for (const href of hrefs) expect(href).not.toMatch(/\/(create|edit|map|getmap)(\/|$)/i);
    // The only buttons in the menu are its groups and the favourite stars.
    const buttons = await navbar(page)
      .getByRole('button')
      .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('aria-label') ?? node.textContent ?? ''));
    for (const name of buttons)
      expect(name).toMatch(/^(Expand|Collapse) .+|^(Add .+ to|Remove .+ from) favorites$/);
    // Nothing that edits records; the views bar's Delete is disabled on the built-in default.
    await expect(
      page.getByRole('button', { name: /^(create|new|edit|delete)\b/i, disabled: false }),
    ).toHaveCount(0);

    const { status, body: rights } = await apiGet<string[]>(page, '/api/userRights');
    expect(status).toBe(200);
    expect(rights).toContain('BMTools/Page/List');
    expect(rights).toContain('BMTools/Page/View');
    const editing = rights.filter((right) => EDITING_ACTIONS.includes(right.split('/').at(-1) ?? ''));
    expect(editing).toEqual([]);
    expect(rights.filter((r) => /^(Create|Edit)/.test(r.split('/').at(-1) ?? ''))).toEqual([]);
  });
});
