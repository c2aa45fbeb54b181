/** Locators for the shell (header, navbar, alert modal), kept in one place for every spec. */
import { expect, type Locator, type Page } from '@playwright/test';

/** The seven groups of the demo menu, in menu order (apps/api/catalog/menu.ts). */
export const MENU_GROUPS = [
  'Price-watch',
  'Merchant',
  'Content',
  'Reservations & payments',
  'Exception management',
  'Tools',
  'Administration',
] as const;
export type MenuGroupName = (typeof MENU_GROUPS)[number];

export const header = (page: Page): Locator => page.getByRole('banner');
/** The left navbar (AppShell.Navbar, labelled 'Main navigation'), holding both tabs' trees. */
export const navbar = (page: Page): Locator => page.getByRole('navigation', { name: 'Main navigation' });
export const menuSearch = (page: Page): Locator => page.getByRole('textbox', { name: 'Search menu' });

export const allMenuTab = (page: Page): Locator => page.getByRole('tab', { name: 'All menu' });
export const favoritesTab = (page: Page): Locator => page.getByRole('tab', { name: 'Favorites' });

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A group of the menu tree: the button that opens and closes it, labelled 'Expand X' or 'Collapse X'. */
export const menuGroup = (page: Page, name: string): Locator =>
  navbar(page).getByRole('button', { name: new RegExp(`^(Expand|Collapse) ${escapeRegExp(name)}$`) });

/** A linked entry of the menu tree. */
export const menuLink = (page: Page, name: string): Locator =>
  navbar(page).getByRole('link', { name, exact: true });

/**
 * Opens a group of the menu when it is closed. Retried as a whole: the tree may re-render (the home
 * redirect, a menu refetch) between reading the group's state and clicking it.
 */
export async function openGroup(page: Page, name: string): Promise<void> {
  const group = menuGroup(page, name);
  await expect(async () => {
    if ((await group.getAttribute('aria-expanded')) !== 'true') await group.click();
    await expect(group).toHaveAttribute('aria-expanded', 'true', { timeout: 1_000 });
  }).toPass({ timeout: 15_000 });
}

/** The alert modal of failed calls: a dialog titled 'Error' with one Ok button. */
/** The summary at the top of a form that was not saved: its message and each field's error. */
export const formErrors = (page: Page): Locator => page.getByRole('alert', { name: 'Form errors' });

export const alertModal = (page: Page): Locator => page.getByRole('dialog', { name: 'Error' });

/** Waits until the bell's hub socket is open, so a notification raised from now on arrives live. */
export async function waitForLiveNotifications(page: Page): Promise<void> {
  await expect(header(page).getByRole('button', { name: /^Notifications/ })).toHaveAttribute(
    'data-live',
    'true',
  );
}
