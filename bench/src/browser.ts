/**
 * The browser the browser benchmarks drive: Debian's Chromium (CHROME_PATH, else /usr/bin/chromium),
 * headless, with the flags the browser tests use on this machine (e2e/playwright.config.ts), signed
 * in through the console's own sign-in (the built-in provider's form), as a member of staff would.
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS } from '../../e2e/support/chromium.ts';

export interface SignedInBrowser {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
  });
}

/** Signs in through the console's sign-in button and the provider's form; waits for the shell. */
export async function signInThroughConsole(page: Page, base: string, email: string, password: string) {
  await page.goto(new URL('/', base).toString());
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await page.waitForURL(/\/oidc\//);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/oidc') && !url.pathname.startsWith('/callback'));
  await page.getByRole('banner').getByRole('button', { name: email }).waitFor();
}

/** Launches Chromium and signs in at `base` as `email`; the returned page shows the console. */
export async function signedInBrowser(
  base: string,
  email: string,
  password: string,
): Promise<SignedInBrowser> {
  const browser = await launchChromium();
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  context.setDefaultTimeout(60_000);
  // tsx compiles the functions handed to page.evaluate with esbuild's keepNames, which wraps named
  // inner functions in a `__name` helper that exists only in Node: give pages a no-op one.
  await context.addInitScript({ content: 'globalThis.__name = (fn) => fn;' });
  await signInThroughConsole(page, base, email, password);
  return {
    browser,
    context,
    page,
    close: async () => {
      await context.close();
      await browser.close();
    },
  };
}

/**
 * Chromium's CPU throttling for one page through the DevTools protocol (1 = none). The session
 * stays open while the throttling should hold: emulation ends with the session that set it.
 */
export async function cpuThrottle(
  page: Page,
): Promise<{ set(rate: number): Promise<void>; detach(): Promise<void> }> {
  const session = await page.context().newCDPSession(page);
  return {
    set: async (rate) => {
      await session.send('Emulation.setCPUThrottlingRate', { rate });
    },
    detach: () => session.detach(),
  };
}
