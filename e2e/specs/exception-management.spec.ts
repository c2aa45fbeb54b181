/**
 * Exception management and API logs in Chromium: an exception's 'Config Thresholds' row action
 * opens the thresholds of that exception; the threshold list without an exception goes to the
 * exceptions list; a threshold created from there has its exception chosen already (by name, read
 * from the exception's record), is saved for it and returns to its thresholds. The API logs list
 * shows the newest calls first, offers no Create, and its view page is read-only.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { query } from '../support/db.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { grid, gridRows, waitForRows } from '../support/list-helpers.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const form = (page: Page) => page.getByRole('form', { name: 'Record form' });

/** An exception with thresholds, and the name its record (and so the threshold form) shows. */
async function exceptionWithThresholds(): Promise<{ id: number; name: string; thresholds: number }> {
  const [row] = await query<{ id: number; name: string; thresholds: number }>(
    `SELECT e.id, e.exception_type || ' · ' || a.name || ' (' || a.environment || ')' AS name,
            (SELECT count(*)::int FROM em_exception_thresholds h WHERE h.exception_id = e.id) AS thresholds
       FROM em_exceptions e JOIN em_applications a ON a.id = e.application_id
      WHERE e.id = (SELECT min(exception_id) FROM em_exception_thresholds WHERE severity = 'medium')`,
  );
  if (!row) throw new Error('the demo has no exception with thresholds');
  return row;
}

test("an exception's Config Thresholds opens its thresholds; without an exception the list goes back", async ({
  page,
}) => {
  const exception = await exceptionWithThresholds();
  // The threshold list needs its exception: without one the exceptions list is shown.
  await page.goto('/exceptionthreshold/list');
  await page.waitForURL(/\/exception\/list/);
  await waitForRows(page);

  await page.goto(`/exception/list?ignorestate=true&id=${exception.id}`);
  await expect(gridRows(page)).toHaveCount(1);
  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  await page.getByRole('menuitem', { name: 'Config Thresholds' }).click();
  await page.waitForURL(new RegExp(`/exceptionthreshold/list\\?exceptionId=${exception.id}(&|$)`));
  await waitForRows(page);
  await expect(gridRows(page)).toHaveCount(exception.thresholds);
  for (const cell of await gridRows(page).allInnerTexts()) expect(cell).toContain(exception.name);
  await expect(grid(page).getByText('Medium', { exact: true }).first()).toBeVisible();
});

test('a threshold created from its exception has the exception chosen and returns to its thresholds', async ({
  page,
}) => {
  const exception = await exceptionWithThresholds();
  await page.goto(`/exceptionthreshold/list?ignorestate=true&exceptionId=${exception.id}`);
  await waitForRows(page);
  await page.getByRole('link', { name: 'Create record' }).click();
  // The list passes its exception (and where to return) in the address.
  await page.waitForURL(new RegExp(`/exceptionthreshold/create\\?exceptionId=${exception.id}(&|$)`));
  await waitForForm(page);
  // The exception comes from the address, shown by the name its record gives.
  await expect(form(page).getByRole('textbox', { name: /^Exception/ })).toHaveValue(exception.name);

  // A severity the exception has no threshold of yet.
  const [free] = await query<{ severity: string; label: string }>(
    `SELECT s.severity, initcap(s.severity) AS label FROM unnest(ARRAY['low', 'high', 'critical']) AS s (severity)
      WHERE NOT EXISTS (SELECT 1 FROM em_exception_thresholds h WHERE h.exception_id = $1 AND h.severity = s.severity)
      LIMIT 1`,
    [exception.id],
  );
  expect(free, 'a severity is free').toBeDefined();
  const maxOccurrences = 1000 + Math.floor(Math.random() * 9000);
  await form(page).getByRole('combobox', { name: 'Severity', exact: true }).click();
  await page
    .getByRole('option', { name: new RegExp(`^(${free?.severity} - )?${free?.label}$`, 'i') })
    .first()
    .click();
  await form(page)
    .getByRole('textbox', { name: 'Max occurrences', exact: true })
    .fill(String(maxOccurrences));
  await form(page).getByRole('textbox', { name: 'Window (minutes)', exact: true }).fill('30');
  await form(page).getByRole('combobox', { name: 'Escalation policy', exact: true }).click();
  await page
    .getByRole('option', { name: /Payments critical 24\/7$/ })
    .first()
    .click();
  await toolbarButton(page, 'Save and close').click();

  await page.waitForURL(new RegExp(`/exceptionthreshold/list\\?exceptionId=${exception.id}(&|$)`));
  await waitForRows(page);
  // The grid groups thousands (3,244).
  const shown = new RegExp(String(maxOccurrences).replace(/(\d)(\d{3})$/, '$1,?$2'));
  await expect(gridRows(page).filter({ hasText: shown })).toHaveCount(1);
  const [saved] = await query<{
    exception_id: number;
    severity: string;
    window_minutes: number;
    policy: string;
  }>(
    `SELECT h.exception_id, h.severity, h.window_minutes, p.name AS policy
       FROM em_exception_thresholds h JOIN em_escalation_policies p ON p.id = h.escalation_policy_id
      WHERE h.max_occurrences = $1 AND h.exception_id = $2`,
    [maxOccurrences, exception.id],
  );
  expect(saved).toEqual({
    exception_id: exception.id,
    severity: free?.severity,
    window_minutes: 30,
    policy: 'Payments critical 24/7',
  });
});

test('the API logs list the newest calls first, without Create, and show one read-only', async ({ page }) => {
  const [newest] = await query<{ id: number; path: string }>(
    'SELECT id, path FROM api_logs ORDER BY requested_at DESC, id DESC LIMIT 1',
  );
  await page.goto('/apilogs/list?ignorestate=true');
  await waitForRows(page);
  await expect(page.getByRole('button', { name: 'Create record' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Create record' })).toHaveCount(0);
  await expect(gridRows(page).first()).toContainText(newest?.path ?? '');

  await gridRows(page)
    .first()
    .getByRole('button', { name: /^Actions for/ })
    .click();
  const menu = page.getByRole('menu');
  await expect(menu.getByRole('menuitem', { name: 'View' })).toBeVisible();
  for (const action of ['Edit', 'Delete'])
    await expect(menu.getByRole('menuitem', { name: action })).toHaveCount(0);
  await menu.getByRole('menuitem', { name: 'View' }).click();
  await page.waitForURL(new RegExp(`/apilogs/view/${newest?.id}$`));
  // A read-only detail page: the entry's values as text, no inputs, nothing to save.
  await expect(page.getByRole('heading', { name: `API log entry #${newest?.id}` })).toBeVisible();
  await expect(page.getByText(newest?.path ?? '', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('main').getByRole('textbox')).toHaveCount(0);
  await expect(page.getByRole('button', { name: /^Save/ })).toHaveCount(0);
});
