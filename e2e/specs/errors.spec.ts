/** Not found, unauthorised, render failure and request timeout. */
import { expect } from '@playwright/test';
import { ACCOUNTS, waitForShell } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { gate } from '../support/settle.ts';
import { alertModal, navbar, openGroup } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.describe('not found', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  for (const path of ['/nope', '/page/edit/abc', '/page/view/12x', '/no/such/deep/path']) {
    test(`${path} shows the not-found page`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
    });
  }
});

test.describe('unauthorised', () => {
  test.use({ signedInAs: ACCOUNTS.editor });

  test('a route whose right the user lacks names the screen and the right, and logs a warning', async ({
    page,
  }) => {
    const started = new Date();
    const logged = page.waitForRequest((r) => r.url().endsWith('/api/logs') && r.method() === 'POST');
    await page.goto('/reservation/list');
    await expect(page.getByRole('heading', { name: "You don't have access to this page" })).toBeVisible();
    await expect(page.getByText('403')).toBeVisible();
    await expect(page.getByText('401')).toHaveCount(0);
    await expect(page.getByText(/needs the right “List reservation”/)).toBeVisible();
    await expect(page.getByText('Please contact your administrator.')).toBeVisible();
    await page.getByRole('link', { name: 'Go to the start page' }).click();
    await expect(page).toHaveURL((url) => url.pathname === ACCOUNTS.editor.home);
    await page.goBack();

    const body = (await logged).postDataJSON() as { level: string; message: string; url: string };
    expect(body.level).toBe('warn');
    expect(body.message).toContain(ACCOUNTS.editor.email);
    expect(body.message).toContain('/reservation/list');
    // The user's own rights are listed, so an administrator sees what the user holds.
    expect(body.message).toContain('BMTools/Page/List');
    expect(body.message).not.toContain('BMTools/Reservation/List');

    await expect
      .poll(async () => {
        const rows = await query<{ level: string; message: string; user_email: string }>(
          `SELECT level, message, user_email FROM client_logs
            WHERE user_email = $1 AND created_at >= $2 AND message LIKE '%/reservation/list%'`,
          [ACCOUNTS.editor.email, new Date(started.getTime() - 5_000)],
        );
        return rows.map((row) => row.level);
      })
      .toContain('warn');
  });
});

test.describe('render failure', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('a menu the SPA cannot read is a silent failure with a retry, not a crash', async ({ page }) => {
    // Failed menu fetches are swallowed; the SPA checks the menu and offers a retry.
    await page.route('**/api/menu/json/1', (route) =>
      route.fulfill({ json: { id: 1, name: 'x', content: '{not json' } }),
    );
    await page.goto('/');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(navbar(page).getByText('The menu could not be loaded.')).toBeVisible();
    await expect(alertModal(page)).toHaveCount(0);
  });

  test('a screen that throws while rendering shows the error boundary and is reported', async ({ page }) => {
    // Session storage that refuses access (as a browser does when site data is blocked) makes the
    // shell's switch lookup throw during render.
    await page.addInitScript(() => {
      const getItem = Storage.prototype.getItem;
      Storage.prototype.getItem = function (this: Storage, key: string) {
        if (this === window.sessionStorage && key.startsWith('bm-switches:')) {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        }
        return getItem.call(this, key);
      };
    });
    const reported = page.waitForRequest(
      (r) => r.url().endsWith('/api/logs') && r.method() === 'POST' && r.postDataJSON()?.level === 'error',
    );
    await page.goto('/page/list');
    await expect(page.getByText('Uh oh! Something went wrong.')).toBeVisible();
    expect((await reported).postDataJSON()?.message).toContain('SecurityError');
  });
});

test.describe('request timeout', () => {
  test.use({ signedInAs: ACCOUNTS.admin });

  test('a call that outlives clientRequestTimeOut rejects with Timeout in the alert modal', async ({
    page,
  }) => {
    await page.route('**/api/config', async (route) => {
      const response = await route.fetch();
      const config = (await response.json()) as Record<string, unknown>;
      await route.fulfill({ response, json: { ...config, clientRequestTimeOut: 3 } });
    });
    await page.goto('/');
    await waitForShell(page, ACCOUNTS.admin.email);
    await expect(page).toHaveURL((url) => url.pathname === ACCOUNTS.admin.home);

    // The favourite call hangs past the 3 s timeout and never reaches the server: it is held until
    // the alert has shown, then dropped.
    const answered = gate();
    await page.route('**/api/menu/addfavorite', async (route) => {
      await answered.passed;
      await route.abort().catch(() => {});
    });
    await openGroup(page, 'Tools');
    await navbar(page).getByRole('button', { name: 'Add Roadmap to favorites' }).click();

    const modal = alertModal(page);
    await expect(modal).toBeVisible({ timeout: 8_000 });
    await expect(modal).toContainText('Timeout');
    answered.open();
    await modal.getByRole('button', { name: 'Ok' }).click();
    await expect(modal).toBeHidden();
  });
});
