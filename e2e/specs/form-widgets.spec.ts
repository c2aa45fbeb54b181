/**
 * Every field widget in a real browser, on a Pages create form whose preset is swapped
 * for one holding all 23 types: what each widget takes, how it checks, and what the save payload
 * carries (ids under mapKeyId, null for empty non-text, prefixes, lists, dates). The lookups, code
 * validation and upload are the real server's; only the create call is answered by the test.
 */
import { expect, type Page } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { createInterception, pickOption, toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { alertModal, formErrors } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const spec = (type: string, label: string, extra: Record<string, unknown> = {}) => ({
  type,
  label,
  ...extra,
});
const FIELDS: [string, Record<string, unknown>][] = [
  [
    'title',
    spec('text', 'Title', {
      validations: 'required|specialchars',
      validationMessages: 'Title please|No special characters',
    }),
  ],
  [
    'code',
    spec('text', 'Code', {
      validations: [
        { name: 'letters', message: 'Letters only' },
        { name: 'minlength', value: 3, message: 'Three or more' },
      ],
    }),
  ],
  ['priority', spec('number', 'Priority')],
  ['rate', spec('decimal', 'Rate')],
  ['isActive', spec('boolean', 'Active')],
  ['language', spec('combobox', 'Language', { source: '/api/dropdowns/languages2' })],
  [
    'status',
    spec('singleselect', 'Status', {
      options: [
        { value: 'draft', label: 'Draft' },
        { value: 'published', label: 'Published' },
      ],
    }),
  ],
  [
    'tags',
    spec('multiselect', 'Tags', {
      options: [
        { value: 'a', label: 'Alpha' },
        { value: 'b', label: 'Beta' },
      ],
    }),
  ],
  [
    'interception',
    spec('autocomplete', 'Interception', {
      fetchAPI: '/api/dropdowns/interceptions',
      mapKeyId: 'interceptionId',
    }),
  ],
  ['csharp', spec('cscode', 'C# code')],
  ['script', spec('jscode', 'Script')],
  ['config', spec('jsoncode', 'Config')],
  ['styles', spec('csscode', 'Styles')],
  ['markup', spec('htmlcode', 'Markup')],
  ['feed', spec('xmlcode', 'Feed')],
  ['apiKey', spec('keygenerator', 'API key')],
  ['day', spec('date', 'Day')],
  ['published', spec('datetime', 'Published')],
  ['starts', spec('datetime2', 'Starts')],
  ['payload', spec('jsonview', 'Payload', { defaultValue: { a: 1 } })],
  ['contentHtml', spec('htmleditor', 'Content')],
  ['website', spec('link', 'Website', { preFill: 'https://' })],
  ['image', spec('uploadsingleselect', 'Image', { sourceParams: { directory: 'pages/images' } })],
  ['gap', spec('spacer', 'Gap')],
];

const definition = {
  source: '/api/pages',
  settings: {},
  actions: { create: { storedProcedure: 'bm_page_save' } },
  rowActions: [],
  definition: FIELDS.map(([mapKey, create], i) => ({
    key: mapKey,
    mapKey,
    column: String(create.label),
    type: 'text',
    visible: true,
    create: { order: i + 1, ...create },
  })),
};

async function openWidgetForm(page: Page): Promise<{ payload: () => Promise<Record<string, unknown>> }> {
  await page.route('**/api/presets/user/BMTools%2FPage%2FCreate', (route) =>
    route.fulfill({
      json: [
        {
          id: 90001,
          name: 'default',
          rightName: 'BMTools/Page/Create',
          presetGroupId: 1,
          presetGroup: { id: 1, name: 'default' },
          isInUse: true,
          latestVersion: true,
          version: 1,
          parentId: null,
          totalItemCount: null,
          definition: JSON.stringify(definition),
        },
      ],
    }),
  );
  let resolveBody: (body: Record<string, unknown>) => void = () => {};
  const body = new Promise<Record<string, unknown>>((resolve) => {
    resolveBody = resolve;
  });
  await page.route('**/api/pages', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    const sent = route.request().postDataJSON() as { values: { mapkey: string; value: unknown }[] };
    resolveBody(Object.fromEntries(sent.values.map((v) => [v.mapkey, v.value])));
    return route.fulfill({ json: { isSuccess: true, id: 1, message: 'Saved' } });
  });
  await page.goto('/page/create?redirecturl=/page/list');
  await waitForForm(page);
  return { payload: () => body };
}

async function typeCode(page: Page, label: string, code: string): Promise<void> {
  const editor = page.getByRole('textbox', { name: label, exact: true });
  await editor.click();
  await page.keyboard.type(code);
}

test('each widget takes its input and the payload carries it in its wire form', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/page/list?ignorestate=true');
  const interceptionName = `Widget rule ${Date.now()}`;
  const interceptionId = await createInterception({ name: interceptionName });
  const { payload } = await openWidgetForm(page);

  await page.getByRole('textbox', { name: 'Title' }).fill('Widget title');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('Abc');
  await page.getByRole('textbox', { name: 'Priority' }).pressSequentially('4x2');
  await page.getByRole('textbox', { name: 'Rate' }).fill('2.5');
  await page.getByRole('checkbox', { name: 'Active' }).check();
  await pickOption(page, 'Language', 'fr - French');
  await pickOption(page, 'Status', 'Published');
  const tags = page.getByRole('combobox', { name: 'Tags' });
  await tags.click();
  await page.getByRole('option', { name: 'a - Alpha' }).click();
  await page.getByRole('option', { name: 'b - Beta' }).click();
  await tags.press('Escape');

  const lookup = page.waitForRequest((r) => r.url().includes('/api/dropdowns/interceptions?name='));
  await page.getByRole('textbox', { name: 'Interception' }).pressSequentially(interceptionName.slice(0, 14));
  expect(new URL((await lookup).url()).searchParams.get('name')).toBe(interceptionName.slice(0, 14));
  await page.getByRole('option', { name: `${interceptionId} - ${interceptionName}` }).click();

  await typeCode(page, 'C# code', 'class A { }');
  await typeCode(page, 'Script', 'const a = 1;');
  await typeCode(page, 'Config', '{"on": true}');
  await typeCode(page, 'Styles', 'a { color: red; }');
  // The HTML mode closes the tag itself.
  await typeCode(page, 'Markup', '<p>Hi');
  await typeCode(page, 'Feed', '<feed/>');

  const key = page.getByRole('textbox', { name: 'API key' });
  await key.pressSequentially('typed');
  await expect(key).toHaveValue('');
  // The server makes a new record's key; the browser offers no way to make or choose one.
  await expect(page.getByRole('button', { name: /Generate new key/ })).toHaveCount(0);

  await page.getByRole('textbox', { name: 'Day' }).fill('2024-05-01');
  await page.getByRole('textbox', { name: 'Day' }).press('Tab');
  // The Day field's calendar closes with a transition; until it is gone its day buttons would be
  // the first "15" on the page, not the Published picker's.
  const dayFifteen = page.getByRole('button', { name: /^15 / });
  await expect(dayFifteen).toHaveCount(0);
  await page.getByRole('button', { name: 'Published', exact: true }).click();
  await dayFifteen.first().click();
  await page.locator('.mantine-DateTimePicker-submitButton').click();
  await expect(page.getByRole('button', { name: 'Published', exact: true })).toHaveText(
    /\d{4}-\d{2}-15 00:00/,
  );
  await page.getByRole('textbox', { name: 'Starts' }).fill('2024-05-02 10:30');
  await page.getByRole('textbox', { name: 'Starts' }).press('Tab');

  await expect(page.getByText('"a": 1')).toBeVisible();
  const content = page.getByRole('textbox', { name: 'Content' });
  await content.click();
  await page.keyboard.type('Hello rich text');
  await expect(page.getByRole('textbox', { name: 'Website' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Website' }).fill('example.com');
  await page
    .getByLabel('Image', { exact: true })
    .setInputFiles({ name: 'e2e.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') });
  await expect(page.getByText(/^pages\/images\/e2e-[0-9a-f]{12}\.txt$/)).toBeVisible();

  await toolbarButton(page, 'Save and close').click();
  const sent = await payload();
  expect(sent).toMatchObject({
    title: 'Widget title',
    code: 'Abc',
    priority: 42,
    rate: 2.5,
    isActive: true,
    language: 'fr',
    status: 'published',
    tags: ['a', 'b'],
    interceptionId: String(interceptionId),
    csharp: 'class A { }',
    script: 'const a = 1;',
    config: '{"on": true}',
    styles: 'a { color: red; }',
    markup: '<p>Hi</p>',
    feed: '<feed/>',
    day: '2024-05-01',
    starts: '2024-05-02T10:30:00',
    payload: { a: 1 },
    website: 'https://example.com',
  });
  expect(sent.apiKey ?? '').toBe('');
  expect(String(sent.published)).toMatch(/^\d{4}-\d{2}-15T00:00:00([+-]\d{2}:\d{2}|Z)$/);
  expect(String(sent.contentHtml)).toContain('Hello rich text');
  expect(String(sent.image)).toMatch(/^pages\/images\/e2e-[0-9a-f]{12}\.txt$/);
  expect(sent).not.toHaveProperty('gap');
  expect(sent).not.toHaveProperty('interception');
  // The path: the create form's own address holds `redirecturl=/page/list`.
  await page.waitForURL((url) => url.pathname === '/page/list');
});

test('empty non-text values go as null, text as empty; rules of both formats show their messages', async ({
  page,
}) => {
  await page.goto('/page/list?ignorestate=true');
  const { payload } = await openWidgetForm(page);
  await page.getByRole('textbox', { name: 'Title' }).fill('Bad#title');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('A1');
  await toolbarButton(page, 'Save and close').click();
  // Both values are there, only not valid: the summary says so, not that a field is missing.
  await expect(formErrors(page)).toContainText('Please correct the values that are not valid');
  await expect(formErrors(page)).not.toContainText('Please fill up all required field');
  await expect(alertModal(page)).toHaveCount(0);
  await expect(page.getByText('No special characters', { exact: true })).toBeVisible();
  await expect(page.getByText('Letters only', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('');
  await expect(page.getByText('Title please', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Title' }).fill('Fine');
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('Ab');
  await expect(page.getByText('Three or more', { exact: true })).toBeVisible();
  await page.getByRole('textbox', { name: 'Code', exact: true }).fill('Abc');
  await toolbarButton(page, 'Save and close').click();
  const sent = await payload();
  expect(sent).toMatchObject({
    title: 'Fine',
    priority: null,
    rate: null,
    isActive: false,
    language: null,
    tags: null,
    script: '',
    website: '',
  });
});

test('the autocomplete accepts only a suggestion', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await openWidgetForm(page);
  const input = page.getByRole('textbox', { name: 'Interception' });
  await input.pressSequentially('zzzz-no-such-rule');
  await expect(page.getByText('There is no such data')).toBeVisible();
  await input.press('Tab');
  await expect(input).toHaveValue('');
});

test('code fields validate on the server: valid code, and the message with line and column', async ({
  page,
}) => {
  await page.goto('/page/list?ignorestate=true');
  await openWidgetForm(page);
  await typeCode(page, 'Config', '{"a": 1}');
  await page.getByRole('button', { name: 'Validate Config' }).click();
  const notice = page.getByRole('dialog', { name: 'Validation' });
  await expect(notice).toContainText('Your code is valid');
  await notice.getByRole('button', { name: 'Ok' }).click();
  await typeCode(page, 'Script', 'const = ;');
  await page.getByRole('button', { name: 'Validate Script' }).click();
  await expect(alertModal(page)).toContainText(/\d/);
});

test('the upload takes one file: dropping two is refused under the field', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await openWidgetForm(page);
  const zone = page
    .getByLabel('Image', { exact: true })
    .locator('xpath=ancestor::*[@role="presentation"][1]');
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File(['a'], 'a.txt', { type: 'text/plain' }));
    dt.items.add(new File(['b'], 'b.txt', { type: 'text/plain' }));
    return dt;
  });
  await zone.dispatchEvent('dragenter', { dataTransfer });
  await zone.dispatchEvent('dragover', { dataTransfer });
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(page.getByText('1 file is the maximum number of files you can drop here')).toBeVisible();
});

test('select menus are at most 200 px high', async ({ page }) => {
  await page.goto('/page/list?ignorestate=true');
  await openWidgetForm(page);
  await page.getByRole('combobox', { name: 'Language' }).click();
  await expect(page.getByRole('listbox')).toBeVisible();
  const dropdown = page
    .locator('.mantine-Select-dropdown')
    .filter({ has: page.getByRole('option', { name: 'fr - French' }) });
  const height = await dropdown.evaluate((el) => el.getBoundingClientRect().height);
  // 200 px of options plus the dropdown's own padding and border.
  expect(height).toBeLessThanOrEqual(212);
  expect(height).toBeGreaterThan(150);
});
