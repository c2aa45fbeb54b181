/**
 * Stored XSS (issue 4, CSP on): a corpus saved into an HTML field, text fields and code fields never
 * runs on the edit, view or list screens — no dialog opens and no script sets the page's flag. HTML is
 * sanitised on save and at render; text and code always render as text.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import {
  createInterception,
  createPage,
  pageRow,
  savePage,
  waitForForm,
  watchDialogs,
} from '../support/form-helpers.ts';
import { waitForRows } from '../support/list-helpers.ts';
import { settleRender } from '../support/settle.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const CORPUS = [
  '<img src=x onerror="window.__xss=1;alert(1)">',
  '<script>window.__xss=1;alert(1)</script>',
  '<a href="javascript:window.__xss=1;alert(1)">click me</a>',
  '<svg onload="window.__xss=1;alert(1)"></svg>',
  '<iframe src="javascript:alert(1)"></iframe>',
  '"><img src=x onerror=alert(1)>',
  "';alert(1);//",
];
const JOINED = CORPUS.join('');

async function expectNothingRan(page: Page, dialogs: string[]): Promise<void> {
  // Late handlers (image errors, frames) have fired by now if they were going to.
  await settleRender(page);
  expect(dialogs).toEqual([]);
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

test('the corpus in HTML and text fields of a page never runs on edit, view or list', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, {
    name: `XSS ${CORPUS[0]}`,
    title: CORPUS[5],
    metaDescription: JOINED,
    contentHtml: `<p>Safe part</p>${JOINED}`,
  });
  const stored = await pageRow(id);
  expect(String(stored.contentHtml)).toContain('Safe part');
  expect(String(stored.contentHtml)).not.toMatch(/onerror|<script|javascript:|onload/i);

  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  await expect(page.getByRole('textbox', { name: 'Name' })).toHaveValue(`XSS ${CORPUS[0]}`);
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByRole('textbox', { name: 'Content' })).toContainText('Safe part');
  await expectNothingRan(page, dialogs);

  await page.goto(`/page/view/${id}`);
  // The name shows as text in the heading, the breadcrumb and the field alike.
  await expect(page.getByRole('heading', { level: 1 })).toContainText(`XSS ${CORPUS[0]}`);
  await expect(page.getByText(`XSS ${CORPUS[0]}`, { exact: true }).last()).toBeVisible();
  await page.getByRole('tab', { name: 'Content' }).click();
  await expect(page.getByText('Safe part')).toBeVisible();
  expect(
    await page
      .locator('[data-html-view] script, [data-html-view] [onerror], [data-html-view] svg, main iframe')
      .count(),
  ).toBe(0);
  await expectNothingRan(page, dialogs);

  await page.goto(`/page/list?ignorestate=true&name=${encodeURIComponent('XSS ')}`);
  await waitForRows(page);
  await expect(page.getByText(`XSS ${CORPUS[0]}`).first()).toBeVisible();
  await expectNothingRan(page, dialogs);
});

test('the corpus typed into text fields through the form is stored and shown as text', async ({ page }) => {
  const dialogs = watchDialogs(page);
  await page.goto('/page/list?ignorestate=true');
  const id = await createPage(page, {});
  await page.goto(`/page/edit/${id}`);
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Title' }).fill(CORPUS[1] ?? '');
  await page.getByRole('tab', { name: 'Content' }).click();
  await page.getByRole('textbox', { name: 'Meta description' }).fill(CORPUS[3] ?? '');
  await savePage(page);
  await expect.poll(async () => (await pageRow(id)).title).toBe(CORPUS[1]);
  await page.goto(`/page/view/${id}`);
  await expect(page.getByText(CORPUS[1] ?? '')).toBeVisible();
  await expectNothingRan(page, dialogs);
});

test('the corpus in code fields of an interception is kept verbatim and shown as text', async ({ page }) => {
  const dialogs = watchDialogs(page);
  const id = await createInterception({
    script: JOINED,
    config: JSON.stringify({ html: JOINED }),
    styles: `a{background:url("javascript:alert(1)")}`,
  });
  await page.goto(`/interception/edit/${id}`);
  await waitForForm(page);
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(page.getByRole('textbox', { name: 'Script', exact: true })).toContainText(
    '<script>window.__xss=1;alert(1)</script>',
  );
  await expectNothingRan(page, dialogs);

  await page.goto(`/interception/view/${id}`);
  await page.getByRole('tab', { name: 'Code' }).click();
  await expect(
    page.getByText('<svg onload="window.__xss=1;alert(1)"></svg>', { exact: false }).first(),
  ).toBeVisible();
  await expectNothingRan(page, dialogs);

  await page.goto('/interception/list?ignorestate=true');
  await waitForRows(page);
  await expectNothingRan(page, dialogs);
});
