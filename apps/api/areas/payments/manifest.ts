/**
 * Payments: the money taken for a reservation (a deposit and the balance, or one payment of the
 * whole) and given back (refunds), as the payment provider reported it. Staff list, view and correct
 * them; a new payment is recorded from a reservation, whose number, amount and currency the address
 * prefills (`/payment/create?reservationId=…&amount=…&currency=…`).
 *
 * Rights: Payment has List, View and Edit rights only. Recording a payment is a correction, so the
 * create screen and `POST /api/payments` are guarded by the Edit right (`rightOverrides`), and no
 * Payment/Create right exists. Payments are never deleted: a wrong one is refunded or failed.
 */
import { idField, lookup, maxLength, required, reservationField, updatedFields } from '../catalogue.ts';
import { defineArea, type FormSettings, type Tags, tagOptions } from '../manifest.ts';

const PAYMENT_STATUS: Tags = {
  authorized: { color: 'blue', label: 'Authorized' },
  captured: { color: 'green', label: 'Captured' },
  refunded: { color: 'orange', label: 'Refunded' },
  failed: { color: 'red', label: 'Failed' },
};
const KIND: Tags = {
  deposit: { color: 'cyan', label: 'Deposit' },
  balance: { color: 'indigo', label: 'Balance' },
  refund: { color: 'orange', label: 'Refund' },
};
const METHOD: Tags = {
  card: { color: 'blue', label: 'Card' },
  paypal: { color: 'indigo', label: 'PayPal' },
  bank_transfer: { color: 'gray', label: 'Bank transfer' },
  voucher: { color: 'grape', label: 'Voucher' },
};
const CARD_BRANDS = [
  { value: 'visa', label: 'Visa' },
  { value: 'mastercard', label: 'Mastercard' },
  { value: 'maestro', label: 'Maestro' },
  { value: 'amex', label: 'American Express' },
];
const BY_CARD = "method == 'card'";
/**
 * Money that moved has a time it moved: a captured or refunded payment has its Paid at. The form
 * marks the field required while the status says so, the save refuses it in these words, and the
 * table's payments_paid_at_check (with its trigger's words, migration 1700000011500) stays the
 * last line of defence for writes that do not come through the form.
 */
const MONEY_MOVED = "status == 'captured' || status == 'refunded'";
export const PAID_AT_RULE = 'Paid at is required when the status is Captured or Refunded';

/** An amount of money: two decimals, more than zero (the table's check says the same). */
export const amountForm: FormSettings = {
  type: 'decimal',
  validations: [required, { name: 'min', value: 0.01, message: 'More than zero' }],
};

/** A currency chosen from the ISO 4217 list (`currencies`). */
export const currencyForm: FormSettings = {
  type: 'combobox',
  source: '/api/dropdowns/currencies',
  validations: [required],
};

export const payments = defineArea({
  entity: 'Payment',
  label: 'Payments',
  singular: 'Payment',
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'credit-card',
  segment: 'payment',
  api: '/api/payments',
  actions: ['List', 'View', 'Create', 'Edit'],
  rightOverrides: { Create: 'BMTools/Payment/Edit' },
  table: 'payments',
  sql: 'generated',
  joins: 'JOIN reservations r ON r.id = t.reservation_id',
  list: { sort: { key: 'id', direction: 'DESC' } },
  form: {},
  fields: [
    idField,
    // Opened from a reservation (`?reservationId=`) or picked here: the form shows its number and
    // takes its currency, which a payment must have.
    reservationField(['reservationNumber', 'currency'], { order: 2 }),
    { key: 'customerName', label: 'Customer', type: 'text', select: 'r.customer_name' },
    { key: 'amount', label: 'Amount', type: 'decimal', form: { ...amountForm, order: 3 } },
    { key: 'currency', label: 'Currency', type: 'text', form: { ...currencyForm, order: 4 } },
    {
      key: 'kind',
      label: 'Kind',
      type: 'text',
      list: { tags: KIND },
      form: { type: 'singleselect', order: 5, options: tagOptions(KIND), validations: [required] },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      list: { tags: PAYMENT_STATUS },
      form: {
        type: 'singleselect',
        order: 6,
        options: tagOptions(PAYMENT_STATUS),
        validations: [required],
      },
    },
    {
      key: 'paidAt',
      label: 'Paid at',
      type: 'datetime',
      form: { type: 'datetime', order: 11, requiredWhen: MONEY_MOVED, requiredMessage: PAID_AT_RULE },
    },
    {
      key: 'pspReference',
      searchable: true,
      label: 'PSP reference',
      type: 'text',
      form: { type: 'text', order: 10, validations: [maxLength(100)] },
    },
    {
      key: 'method',
      label: 'Method',
      type: 'text',
      list: { tags: METHOD },
      form: { type: 'singleselect', order: 7, options: tagOptions(METHOD), validations: [required] },
    },
    {
      key: 'cardBrand',
      label: 'Card brand',
      type: 'text',
      form: {
        type: 'singleselect',
        order: 8,
        options: CARD_BRANDS,
        visibleWhen: BY_CARD,
        requiredWhen: BY_CARD,
        // Another method has no card: the brand is cleared, as the table requires.
        keepWhen: BY_CARD,
      },
    },
    {
      key: 'cardLast4',
      label: 'Card last four',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        order: 9,
        visibleWhen: BY_CARD,
        requiredWhen: BY_CARD,
        keepWhen: BY_CARD,
        validations: [{ name: 'pattern', value: '[0-9]{4}', message: 'The last four digits, as in 4242' }],
      },
    },
    {
      // The staff member who recorded it; a new payment takes the signed-in user.
      key: 'user',
      label: 'User',
      type: 'text',
      column: 'user_email',
      list: { visible: false },
      form: { type: 'text', order: 12, validations: [maxLength(200)] },
    },
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'reservations',
      view: 'v_dd_reservations',
      columns: ['id', 'name', 'customerName', 'currency'],
      searchColumn: 'name',
      orderBy: 'name',
    }),
    lookup({
      name: 'currencies',
      view: 'v_dd_currencies',
      columns: ['value', 'label'],
      searchColumn: 'label',
      orderBy: 'value',
    }),
  ],
  sample: {
    reservationId: { sql: "SELECT min(id) FROM reservations WHERE currency = 'EUR'" },
    amount: 45.5,
    currency: 'EUR',
    kind: 'deposit',
    status: 'authorized',
    pspReference: 'SAMPLE-8815733294736001',
    method: 'card',
    cardBrand: 'visa',
    cardLast4: '4242',
    user: 'admin@bmtools.local',
  },
  demo: async (db) => (await import('./demo.ts')).seedPayments(db),
});
