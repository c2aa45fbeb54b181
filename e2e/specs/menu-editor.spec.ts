/**
 * The menu editor in Chromium: an administrator creates a menu from the menus list (a copy, so
 * other tests reading the main menu are not disturbed), edits its tree in place (add, nest, rename,
 * remove, reorder with the mouse and the keyboard) and saves it; the last top-level item cannot be
 * removed and a blank name is refused. (A change to the main menu, which every user sees, is in
 * menu-main.spec.ts.)
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { item, itemButton, itemName, outline, storedMenu } from '../support/menu-helpers.ts';
import { menuLink, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

test('a new menu is built, nested, reordered and saved', async ({ page }) => {
  await page.goto('/menu/list');
  await page.getByRole('link', { name: 'Create record' }).click();
  await page.waitForURL('**/menu/create');
  await waitForForm(page);
  const name = `E2E menu ${Date.now()}`;
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name);
  await expect(item(page, 'Menu Name')).toBeVisible();

  // The only top-level item cannot be removed.
  await item(page, 'Menu Name').click();
  await expect(itemButton(page, 'Remove item')).toBeDisabled();
  await item(page, 'Menu Name').press('Delete');
  await expect(item(page, 'Menu Name')).toBeVisible();

  // A new menu is saved and closed (a create form offers no Save), then opened for editing.
  await toolbarButton(page, 'Save and close').click();
  await page.waitForURL((url) => url.pathname === '/menu/list');
  const [created] = await query<{ id: number }>('SELECT id::int AS id FROM menus WHERE name = $1', [name]);
  if (!created) throw new Error(`the menu ${name} was not stored`);
  const { id } = created;
  expect(outline((await storedMenu(id)).content)).toBe('Menu Name');
  await page.goto(`/menu/edit/${id}`);
  await waitForForm(page);

  // Add: a sibling and a submenu, renamed and linked.
  await item(page, 'Menu Name').click();
  await itemName(page).fill('Content');
  await itemButton(page, 'Add submenu').click();
  await expect(item(page, 'Sub Menu')).toBeFocused();
  await itemName(page).fill('Pages');
  await page.getByRole('combobox', { name: 'Link' }).fill('/page/list');
  await itemButton(page, 'Add item').click();
  await itemName(page).fill('Reviews');
  await page.getByRole('combobox', { name: 'Link' }).fill('/review/list');
  await itemButton(page, 'Add item').click();
  await itemName(page).fill('Doomed');
  await item(page, 'Content').click();
  await itemButton(page, 'Add item').click();
  await itemName(page).fill('Tools');

  // Remove.
  await item(page, 'Doomed').click();
  await itemButton(page, 'Remove item').click();
  await expect(item(page, 'Doomed')).toHaveCount(0);

  // Reorder by keyboard: Reviews up above Pages, then out of Content, then back in under Content.
  const reviews = item(page, 'Reviews');
  await reviews.press('Alt+ArrowUp');
  await reviews.press('Alt+ArrowLeft');
  await expect(reviews).toHaveAttribute('aria-level', '1');
  await reviews.press('Alt+ArrowUp');
  await reviews.press('Alt+ArrowUp');
  // Reviews is first now; move it down one (after Content) and in (the last child of Content).
  await reviews.press('Alt+ArrowDown');
  await reviews.press('Alt+ArrowRight');
  await expect(item(page, 'Reviews')).toHaveAttribute('aria-level', '2');

  // Reorder by mouse: Tools dropped onto the middle of Pages becomes its child.
  await item(page, 'Tools').dragTo(item(page, 'Pages'));
  await expect(item(page, 'Tools')).toHaveAttribute('aria-level', '3');

  // A blank item name is shown as required and refused by the save.
  await item(page, 'Tools').click();
  await itemName(page).fill('');
  await expect(page.getByText('required field').first()).toBeVisible();
  await toolbarButton(page, 'Save').click();
  await expect(page.getByText(/Item 1\.1\.1: name is a required field/).first()).toBeVisible();
  await itemName(page).fill('Tools');

  // A blank menu name too, in the browser already.
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill('');
  await toolbarButton(page, 'Save').click();
  await expect(page.getByText('required field').first()).toBeVisible();
  expect((await storedMenu(id)).name).toBe(name);
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(`${name} v2`);

  await toolbarButton(page, 'Save').click();
  await expect.poll(async () => (await storedMenu(id)).name).toBe(`${name} v2`);
  const saved = await storedMenu(id);
  expect(outline(saved.content)).toBe('Content(Pages(Tools), Reviews)');
  expect(saved.content[0]?.submenu?.[0]?.linkTo).toBe('/page/list');
  // Reloaded from the store: the tree shows what was saved, and leaving asks nothing.
  await expect(item(page, 'Tools')).toHaveAttribute('aria-level', '3');
  await query('DELETE FROM menus WHERE id = $1', [id]);
});

test('leaving a menu with unsaved tree edits asks first; Discard changes leaves them unsaved', async ({
  page,
}) => {
  const [created] = await query<{ id: number }>(
    `INSERT INTO menus (name, content) VALUES ($1, $2) RETURNING id::int AS id`,
    [`E2E unsaved ${Date.now()}`, JSON.stringify([{ id: 1, name: 'Kept' }])],
  );
  if (!created) throw new Error('the menu was not stored');
  try {
    await page.goto(`/menu/edit/${created.id}`);
    await waitForForm(page);
    await item(page, 'Kept').click();
    await itemName(page).fill('Renamed, not saved');

    // An in-app link: our dialog; staying keeps the edit in the tree. The link is followed from the
    // keyboard: the group is still sliding open, and a pointer click once landed after the list
    // had moved under it (neither link took it, so no dialog came).
    await openGroup(page, 'Content');
    await menuLink(page, 'Reviews').press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Unsaved changes' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Stay on this page' }).click();
    await expect(dialog).toBeHidden();
    await expect(item(page, 'Renamed, not saved')).toBeVisible();

    // Discard changes goes to the menus list and stores nothing.
    await toolbarButton(page, 'Discard changes').click();
    await page.waitForURL(/\/menu\/list/);
    expect(outline((await storedMenu(created.id)).content)).toBe('Kept');
  } finally {
    await query('DELETE FROM menus WHERE id = $1', [created.id]);
  }
});
