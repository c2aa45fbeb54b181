/**
 * Chargebacks: a cardholder's bank taking back (part of) a captured card payment. Staff answer each
 * before its respond-by date and record the outcome. The table refuses a chargeback about anything
 * but a captured card payment, a reason code of another card scheme, and chargebacks that together
 * take back more than the payment was. A new chargeback is handled by whoever records it: its User
 * starts as the signed-in user's email.
 */
import { idField, lookup, maxLength, pickedBy, refersTo, required, updatedFields } from '../catalogue.ts';
import { defineArea, type Tags, tagOptions } from '../manifest.ts';
import { amountForm } from '../payments/manifest.ts';

/**
 * The chargeback's business rules read the payment it is about (ADR 0027): the payment field names
 * its picked row `payment` (the `card-payments` lookup: amount, currency, card scheme), so the
 * reason codes offered are that scheme's and the amount is at most the payment's, in the form
 * before saving and in the save's 400 alike. The table's trigger (chargebacks_fit_payment) refuses
 * the same in the same words for writes that do not come through the form, and also the sum of all
 * of the payment's chargebacks.
 */
export const REASON_CODE_RULE = 'The reason code {value} is not a {payment.scheme} reason code';
export const AMOUNT_RULE = "The amount is at most the payment's amount ({payment.amount} {payment.currency})";

const STATUS: Tags = {
  open: { color: 'yellow', label: 'Open' },
  under_review: { color: 'blue', label: 'Under review' },
  won: { color: 'green', label: 'Won' },
  lost: { color: 'red', label: 'Lost' },
  accepted: { color: 'gray', label: 'Accepted' },
};

export const chargebacks = defineArea({
  entity: 'ChargeBack',
  label: 'Chargebacks',
  singular: 'Chargeback',
  // The list's rows carry it (a delete names it); the record's form does not, so its screens show the id.
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'receipt-refund',
  segment: 'chargeback',
  api: '/api/chargeBacks',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'chargebacks',
  sql: 'generated',
  joins:
    'JOIN payments p ON p.id = t.payment_id JOIN reservations r ON r.id = p.reservation_id ' +
    'JOIN chargeback_reasons cr ON cr.code = t.reason_code',
  list: { sort: { key: 'id', direction: 'DESC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    refersTo(
      'Payment',
      pickedBy('pspReference', 'Payment', 'p.psp_reference', 'paymentId', 'card-payments', {
        type: 'autocomplete',
        order: 2,
        // The payment's reference shows, and the disputed amount starts as the whole payment.
        changedEvent: '/api/payments/{value}',
        prefillFields: ['pspReference', 'amount'],
        related: 'payment',
      }),
    ),
    // The reservation the payment is for: a link to it in the grid and on the view (read-only on
    // the edit form: it follows from the payment), and the reservation's view lists its chargebacks
    // (filtered on reservationId, through the payments' index on their reservation).
    {
      key: 'reservationNumber',
      searchable: true,
      label: 'Reservation',
      type: 'text',
      select: 'r.reservation_number',
      readOnly: true,
      refersTo: { entity: 'Reservation', idKey: 'reservationId' },
      form: { type: 'text', cssClass: 'readonly', notOnCreate: true },
    },
    {
      key: 'reservationId',
      label: 'Reservation id',
      type: 'number',
      select: 'r.id',
      list: { hidden: true },
      record: true,
    },
    {
      key: 'amount',
      label: 'Amount',
      type: 'decimal',
      form: {
        ...amountForm,
        order: 3,
        validations: [
          ...(Array.isArray(amountForm.validations) ? amountForm.validations : []),
          { name: 'max', value: '{payment.amount}', message: AMOUNT_RULE },
        ],
      },
    },
    { key: 'currency', label: 'Currency', type: 'text', select: 'p.currency' },
    {
      key: 'reasonCode',
      searchable: true,
      label: 'Reason code',
      type: 'text',
      form: {
        type: 'combobox',
        order: 4,
        source: '/api/dropdowns/chargeback-reasons',
        // The payment's card scheme decides: only its codes are offered, and another is refused.
        sourceParams: { scheme: '{payment.scheme}' },
        optionsMessage: REASON_CODE_RULE,
        validations: [required],
      },
    },
    {
      key: 'reason',
      label: 'Reason',
      type: 'text',
      select: "cr.scheme || ' · ' || cr.description",
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      list: { tags: STATUS },
      form: { type: 'singleselect', order: 5, options: tagOptions(STATUS), validations: [required] },
    },
    {
      key: 'openedAt',
      label: 'Opened',
      type: 'date',
      form: { type: 'date', order: 6, validations: [required] },
    },
    {
      key: 'respondBy',
      label: 'Respond by',
      type: 'date',
      form: { type: 'date', order: 7, validations: [required] },
    },
    {
      key: 'caseReference',
      searchable: true,
      label: 'Case reference',
      type: 'text',
      form: { type: 'text', order: 8, validations: [maxLength(60)] },
    },
    {
      key: 'notes',
      label: 'Notes',
      type: 'text',
      list: false,
      form: { type: 'text', itemType: 'textarea', order: 10, validations: [maxLength(4000)] },
    },
    {
      // The staff member handling it; a new chargeback takes the signed-in user.
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
      name: 'card-payments',
      view: 'v_dd_card_payments',
      columns: ['id', 'name', 'amount', 'currency', 'cardBrand', 'scheme'],
      searchColumn: 'name',
      orderBy: 'name',
      // One payment by id: the row the chargeback form's rules read (`related: 'payment'`).
      filters: { id: { column: 'id', type: 'integer' } },
    }),
    lookup({
      name: 'chargeback-reasons',
      view: 'v_dd_chargeback_reasons',
      columns: ['value', 'label'],
      searchColumn: 'label',
      orderBy: 'label',
      // The codes of one card scheme (`Visa`, `Mastercard`, `American Express`).
      filters: { scheme: { column: 'scheme', type: 'text' } },
    }),
  ],
  sample: {
    paymentId: {
      sql: `SELECT min(id) FROM payments p WHERE method = 'card' AND status = 'captured' AND card_brand = 'visa' AND amount >= 50
              AND NOT EXISTS (SELECT 1 FROM chargebacks c WHERE c.payment_id = p.id)`,
    },
    amount: 10,
    reasonCode: '13.1',
    status: 'open',
    openedAt: '2026-10-02',
    respondBy: '2026-10-22',
    caseReference: 'CB-2026-SAMPLE',
    notes: 'Customer says the car was never handed over at the desk',
    user: 'admin@bmtools.local',
  },
  demo: async (db) => (await import('./demo.ts')).seedChargebacks(db),
});
