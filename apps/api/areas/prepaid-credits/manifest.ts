/**
 * Prepaid credits: money a customer holds with us to spend on a later booking before it expires (a
 * cancellation fee kept as credit, a goodwill gesture, an overpayment). What is left never falls
 * below zero nor exceeds what was given, and a credit from a payment is in that payment's currency.
 * A new credit is granted by whoever records it: its User starts as the signed-in user's email.
 */
import {
  emailRule,
  idField,
  lookup,
  maxLength,
  pickedBy,
  refersTo,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';
import { amountForm, currencyForm } from '../payments/manifest.ts';

export const prepaidCredits = defineArea({
  entity: 'PrepaidCredit',
  label: 'Prepaid credits',
  singular: 'Prepaid credit',
  titleField: null,
  group: 'Reservations & payments',
  icon: 'wallet',
  segment: 'prepaidcredit',
  api: '/api/prepaidcredits',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'prepaid_credits',
  sql: 'generated',
  joins: 'LEFT JOIN payments sp ON sp.id = t.source_payment_id',
  list: { sort: { key: 'id', direction: 'DESC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    {
      key: 'reason',
      searchable: true,
      label: 'Reason',
      type: 'text',
      form: { type: 'text', order: 8, validations: [required, maxLength(500)] },
    },
    {
      key: 'customerEmail',
      searchable: true,
      label: 'Customer email',
      type: 'text',
      form: {
        type: 'text',
        order: 2,
        validations: [required, maxLength(200), emailRule],
      },
    },
    { key: 'amount', label: 'Amount', type: 'decimal', form: { ...amountForm, order: 3 } },
    {
      key: 'remaining',
      label: 'Remaining',
      type: 'decimal',
      form: {
        type: 'decimal',
        order: 4,
        validations: [required, { name: 'min', value: 0, message: 'Not below zero' }],
      },
    },
    { key: 'currency', label: 'Currency', type: 'text', form: { ...currencyForm, order: 5 } },
    {
      key: 'expiresAt',
      label: 'Expires',
      type: 'date',
      form: { type: 'date', order: 6, validations: [required] },
    },
    refersTo(
      'Payment',
      pickedBy('sourceReference', 'Source payment', 'sp.psp_reference', 'sourcePaymentId', 'payments', {
        type: 'autocomplete',
        order: 7,
        // Optional; when chosen, the credit takes the payment's currency.
        validations: [],
        changedEvent: '/api/payments/{value}',
        prefillFields: ['currency'],
      }),
    ),
    {
      // The staff member who granted it; a new credit takes the signed-in user.
      key: 'user',
      label: 'User',
      type: 'text',
      column: 'user_email',
      form: { type: 'text', order: 9, validations: [required, maxLength(200)] },
    },
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'payments',
      view: 'v_dd_payments',
      columns: ['id', 'name', 'amount', 'currency'],
      searchColumn: 'name',
      orderBy: 'name',
    }),
  ],
  sample: {
    reason: 'Goodwill: shuttle to the off-airport desk ran 40 minutes late',
    customerEmail: 'maria.lopez@example.com',
    amount: 50,
    remaining: 50,
    currency: 'EUR',
    expiresAt: '2027-11-30',
    user: 'admin@bmtools.local',
  },
  demo: async (db) => (await import('./demo.ts')).seedPrepaidCredits(db),
});
