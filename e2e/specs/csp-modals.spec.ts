/**
 * The server's Content-Security-Policy allows styles only with the page's nonce. Opening a modal
 * (its scroll lock injects a style tag) must not break the policy: any violation would show in the
 * browser console and means a style the console needs is dropped.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

async function recordViolations(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on('console', (message) => {
    if (/Content Security Policy/i.test(message.text())) console.push(message.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener('securitypolicyviolation', (event) => {
      seen.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test('opening and closing a modal logs no CSP violation', async ({ page }) => {
  const violations = await recordViolations(page);
  await page.goto('/page/list?ignorestate=true');
  await waitForRows(page);
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete' });
  await expect(dialog).toBeVisible();
  // The scroll lock's style tag is in place while the modal is open.
  await expect(
    page.locator('style[data-react-remove-scroll], body[data-scroll-locked]').first(),
  ).toBeAttached();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
  expect(await violations()).toEqual([]);
});
