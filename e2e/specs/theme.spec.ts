/** Light and dark themes: the switch in the user menu changes the colour scheme. */
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS, userMenuButton, waitForShell } from '../support/auth.ts';
import { SCREENSHOT_DIR } from '../support/paths.ts';
import { openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin, viewport: { width: 1440, height: 900 } });
const { email } = ACCOUNTS.admin;

const colorScheme = (page: Page): Promise<string | null> =>
  page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));

/** The page background, to prove the scheme is painted, not just named. */
const background = (page: Page): Promise<string> =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

/** Perceived brightness 0..255 of a CSS rgb() colour. */
function brightness(rgb: string): number {
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+(\.\d+)?/g) ?? []).map(Number);
  return 0.299 * r + 0.587 * g + 0.114 * b;
}

async function toggleTheme(page: Page): Promise<void> {
  await userMenuButton(page, email).click();
  await page.getByRole('menuitem', { name: /^(Dark|Light) theme$/ }).click();
}

test('the theme switch turns light into dark and back, and the choice survives a reload', async ({
  page,
}) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await page.goto('/');
  await waitForShell(page, email);
  await expect.poll(() => colorScheme(page)).toBe('light');
  expect(brightness(await background(page))).toBeGreaterThan(180);

  await mkdir(SCREENSHOT_DIR, { recursive: true });
  await openGroup(page, 'Tools');
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-light.png') });

  await toggleTheme(page);
  await expect.poll(() => colorScheme(page)).toBe('dark');
  expect(brightness(await background(page))).toBeLessThan(80);
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'shell-dark.png') });

  await page.reload();
  await waitForShell(page, email);
  await expect.poll(() => colorScheme(page)).toBe('dark');

  await toggleTheme(page);
  await expect.poll(() => colorScheme(page)).toBe('light');
});

test('with no choice made, the theme follows the system', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  await waitForShell(page, email);
  await expect.poll(() => colorScheme(page)).toBe('dark');
});
