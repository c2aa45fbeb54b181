/** Demo accounts and the sign-in / sign-out steps every spec builds on. */
import { type BrowserContext, expect, type Locator, type Page } from '@playwright/test';

export interface DemoAccount {
  key: 'admin' | 'editor' | 'mapper' | 'viewer';
  email: string;
  password: string;
  /**
   * Where `/` leads this account on a fresh session: the first dashboard that shows it anything,
   * else the first menu entry whose screen opens (the database tool first, for those who hold it;
   * the framed tools have no address in the e2e server). `/` itself when nothing is set up for the
   * role yet.
   */
  home: string;
}

export const ACCOUNTS = {
  admin: {
    key: 'admin',
    email: 'admin@bmtools.local',
    password: 'admin',
    home: '/dashboard/reservation-desk',
  },
  editor: { key: 'editor', email: 'editor@bmtools.local', password: 'editor', home: '/page/list' },
  mapper: {
    key: 'mapper',
    email: 'mapper@bmtools.local',
    password: 'mapper',
    home: '/dashboard/mapping',
  },
  viewer: {
    key: 'viewer',
    email: 'viewer@bmtools.local',
    password: 'viewer',
    home: '/dashboard/reservation-desk',
  },
} as const satisfies Record<string, DemoAccount>;

export const ALL_ACCOUNTS: readonly DemoAccount[] = Object.values(ACCOUNTS);

/** A signed-in browser state (the tokens in local storage), as `storageState` takes it. */
export type SignedInState = Awaited<ReturnType<BrowserContext['storageState']>>;

/** The user menu button in the header; it shows the signed-in user's email. */
export const userMenuButton = (page: Page, email: string): Locator =>
  page.getByRole('banner').getByRole('button', { name: email });

/** The sign-in view shown to visitors without a session. */
export const signInButton = (page: Page): Locator =>
  page.getByRole('button', { name: 'Sign in', exact: true });

/** Resolves once the shell (header with the user's menu) is on screen. */
export async function waitForShell(page: Page, email: string): Promise<void> {
  await expect(userMenuButton(page, email)).toBeVisible({ timeout: 30_000 });
}

/**
 * Signs in through the real provider: '/', Sign in, the provider's login form, back to the app
 * through /callback, and waits for the shell.
 */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/');
  await signInButton(page).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/callback'), {
    timeout: 30_000,
  });
  await waitForShell(page, email);
}

/** Logs out through the user menu and waits for the sign-in view. */
export async function logout(page: Page, email: string): Promise<void> {
  await userMenuButton(page, email).click();
  await page.getByRole('menuitem', { name: 'Logout' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc'), { timeout: 30_000 });
  await expect(signInButton(page)).toBeVisible({ timeout: 30_000 });
}

/** A GET to the API with the page's own access token, as the SPA would send it. */
export async function apiGet<T>(page: Page, path: string): Promise<{ status: number; body: T }> {
  return page.evaluate(async (p) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith('oidc.user:'));
    const stored = key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }) : {};
    const response = await fetch(p, {
      headers: { Accept: 'application/json', Authorization: `Bearer ${stored.access_token ?? ''}` },
    });
    return { status: response.status, body: (await response.json()) as T };
  }, path);
}
