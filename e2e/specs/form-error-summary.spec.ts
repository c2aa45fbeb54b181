/**
 * The form's error summary says what is wrong, in Chromium: an on-call contact saved with "abc" as
 * its e-mail says the value is not valid and names the field with its rule's message — not "fill up
 * all required field", which is for an empty required field; with a required field emptied too it
 * says both. The field's name in the summary puts the cursor in that field.
 */
import { expect } from '@playwright/test';
import { ACCOUNTS } from '../support/auth.ts';
import { toolbarButton, waitForForm } from '../support/form-helpers.ts';
import { formErrors } from '../support/shell.ts';
import { test } from '../support/test.ts';

test.use({ signedInAs: ACCOUNTS.admin });

const EMAIL_RULE = 'An e-mail address, as in ana@example.com';

test('an e-mail of "abc" is reported as not valid, by field, and the summary leads to it', async ({
  page,
}) => {
  await page.goto('/contact/create');
  await waitForForm(page);
  await page.getByRole('textbox', { name: 'Name' }).fill('Format check');
  await page.getByRole('textbox', { name: 'Email' }).fill('abc');
  await page.getByRole('textbox', { name: 'Team' }).fill('Night desk');
  await toolbarButton(page, 'Save and close').click();

  const summary = formErrors(page);
  await expect(summary).toContainText('Please correct the values that are not valid');
  await expect(summary).not.toContainText('Please fill up all required field');
  await expect(summary.getByRole('listitem')).toHaveText([`Email: ${EMAIL_RULE}`]);
  await expect(page).toHaveURL(/\/contact\/create/);

  await summary.getByRole('button', { name: 'Email' }).click();
  await expect(page.getByRole('textbox', { name: 'Email' })).toBeFocused();

  // An empty required field as well: the summary says both, each field with its own message.
  await page.getByRole('textbox', { name: 'Team' }).fill('');
  await toolbarButton(page, 'Save and close').click();
  await expect(summary).toContainText(
    'Please fill up all required field, and correct the values that are not valid',
  );
  await expect(summary.getByRole('listitem')).toHaveText([`Email: ${EMAIL_RULE}`, /^Team: /]);
});
