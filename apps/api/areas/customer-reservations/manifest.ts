/**
 * Customer reservations ("Reservations (new)"): the new reservation store. A reservation number has
 * several rows, one per version (an amendment) and subversion, and exactly one of them is the
 * active customer, the row customer service treats as current. Its list, record view, save and
 * delete are generated; making a row the active customer is its own procedure
 * (`bm_customer_reservations_set_active`, run by the list's "Set active customer" row action), and
 * the table's triggers keep the history ("Reservation Summary") and one active row per number.
 */
import { idField, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea, tagOptions } from '../manifest.ts';

const RESERVATION_STATUS = {
  pending: { color: 'yellow', label: 'Pending' },
  confirmed: { color: 'blue', label: 'Confirmed' },
  amended: { color: 'gray', label: 'Amended' },
  cancelled: { color: 'red', label: 'Cancelled' },
  completed: { color: 'green', label: 'Completed' },
};

/** A reservation number as the booking engine issues it: `BM-{year}-{seven digits}`. */
const RESERVATION_NUMBER_PATTERN = 'BM-[0-9]{4}-[0-9]{7}';

const readonly = { cssClass: 'readonly' };
const text = (tabId: number, max: number, rules = [required]) => ({
  type: 'text' as const,
  tabId,
  validations: [...rules, maxLength(max)],
});

export const customerReservations = defineArea({
  entity: 'CustomerReservation',
  label: 'Reservations (new)',
  singular: 'Customer reservation',
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'calendar-plus',
  segment: 'customerreservation',
  api: '/api/customerReservations',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'GetMap', 'Map', 'SetIsActiveCustomer'],
  table: 'customer_reservations',
  sql: 'generated',
  procedures: { setIsActiveCustomer: 'bm_customer_reservations_set_active' },
  // Get Map: the price-watch location the customer's pick-up place is, ranked as a reservation's
  // (docs/adr/0013-mapping.md; the mapping columns and SQL are the insurance area's migration).
  map: {
    api: '/api/mapCustomerReservations',
    kind: 'customer_reservation',
    side: 'merchant',
    title: '{reservationNumber} · {pickupLocation}',
    header: [
      'reservationNumber',
      'version',
      'subversion',
      'customerLastName',
      'pickupLocation',
      'pickupAt',
      'supplier',
      'status',
    ],
    codeLabel: 'Code',
    detailLabel: 'Type · country · IATA',
  },
  list: {
    sort: { key: 'id', direction: 'DESC' },
    createRedirect: true,
    extraRowActions: [
      {
        type: 'setIsActiveCustomer',
        label: 'Set active customer',
        columnKey: 'id',
        storedProcedure: 'bm_customer_reservations_set_active',
        messagebox:
          'Make this row (id {{id}}) the active customer of its reservation number? Every other version of the number becomes inactive.',
        // The active row has nothing to set.
        visibleWhen: '!isActiveCustomer',
        order: 0,
      },
    ],
  },
  form: {
    // The booking and its customer first (what customer service checks), then the rental itself.
    tabs: [
      { Id: 1, Name: 'Reservation' },
      { Id: 2, Name: 'Rental' },
    ],
  },
  fields: [
    { ...idField, form: { type: 'number', cssClass: 'readonly', notOnCreate: true, tabId: 1 } },
    {
      key: 'reservationNumber',
      searchable: true,
      label: 'Reservation no.',
      type: 'text',
      form: {
        type: 'text',
        tabId: 1,
        inputProps: { placeholder: 'BM-2026-0001234' },
        validations: [
          required,
          { name: 'pattern', value: RESERVATION_NUMBER_PATTERN, message: 'As in BM-2026-0001234' },
        ],
      },
    },
    {
      key: 'version',
      label: 'Version',
      type: 'number',
      insertDefault: '1',
      form: {
        type: 'number',
        tabId: 1,
        validations: [
          required,
          { name: 'min', value: 1, message: 'The first version is 1' },
          { name: 'max', value: 999, message: 'At most 999' },
        ],
      },
    },
    {
      key: 'subversion',
      label: 'Subversion',
      type: 'number',
      insertDefault: '0',
      form: {
        type: 'number',
        tabId: 1,
        validations: [
          required,
          { name: 'min', value: 0, message: 'The first subversion is 0' },
          { name: 'max', value: 999, message: 'At most 999' },
        ],
      },
    },
    {
      // Set by the "Set active customer" action only, which keeps one active row per number.
      key: 'isActiveCustomer',
      label: 'Active customer',
      type: 'boolean',
      readOnly: true,
      form: { type: 'boolean', ...readonly, notOnCreate: true, tabId: 1 },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      insertDefault: "'pending'",
      list: { tags: RESERVATION_STATUS },
      form: {
        type: 'singleselect',
        tabId: 1,
        options: tagOptions(RESERVATION_STATUS),
        validations: [required],
      },
    },
    { key: 'customerFirstName', searchable: true, label: 'First name', type: 'text', form: text(1, 100) },
    { key: 'customerLastName', searchable: true, label: 'Last name', type: 'text', form: text(1, 100) },
    {
      key: 'customerEmail',
      searchable: true,
      label: 'Email',
      type: 'text',
      form: {
        type: 'text',
        tabId: 1,
        validations: [
          required,
          maxLength(254),
          { name: 'pattern', value: '[^@\\s]+@[^@\\s]+\\.[^@\\s]+', message: 'An e-mail address' },
        ],
      },
    },
    {
      key: 'customerPhone',
      label: 'Phone',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        tabId: 1,
        validations: [
          { name: 'pattern', value: '\\+?[0-9 ()/-]{6,30}', message: 'Digits, spaces and + ( ) / -' },
        ],
      },
    },
    {
      key: 'customerCountry',
      label: 'Country',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        tabId: 1,
        inputProps: { placeholder: 'DE' },
        validations: [{ name: 'pattern', value: '[A-Z]{2}', message: 'Two capital letters, as in DE' }],
      },
    },
    { key: 'pickupLocation', label: 'Pick-up', type: 'text', form: text(2, 200) },
    {
      key: 'dropoffLocation',
      label: 'Drop-off',
      type: 'text',
      list: { visible: false },
      form: text(2, 200),
    },
    {
      key: 'pickupAt',
      label: 'Pick-up at',
      type: 'datetime',
      form: { type: 'datetime', tabId: 2, validations: [required] },
    },
    {
      key: 'dropoffAt',
      label: 'Drop-off at',
      type: 'datetime',
      list: { visible: false },
      form: { type: 'datetime', tabId: 2, validations: [required] },
    },
    { key: 'supplier', label: 'Supplier', type: 'text', form: text(2, 100) },
    { key: 'carClass', label: 'Car class', type: 'text', form: text(2, 50) },
    {
      key: 'totalPrice',
      label: 'Total',
      type: 'decimal',
      form: {
        type: 'decimal',
        tabId: 2,
        validations: [required, { name: 'min', value: 0, message: 'Not below 0' }],
      },
    },
    {
      key: 'currency',
      label: 'Currency',
      type: 'text',
      form: {
        type: 'text',
        tabId: 2,
        inputProps: { placeholder: 'EUR' },
        validations: [required, { name: 'pattern', value: '[A-Z]{3}', message: 'Three capitals, as in EUR' }],
      },
    },
    { key: 'createdAt', label: 'Created', type: 'datetime', readOnly: true, list: { visible: false } },
    ...updatedFields,
  ],
  sample: {
    reservationNumber: 'BM-2026-9900001',
    version: 1,
    subversion: 0,
    status: 'confirmed',
    customerFirstName: 'Marta',
    customerLastName: 'Novak',
    customerEmail: 'marta.novak@example.com',
    customerPhone: '+420 601 234 567',
    customerCountry: 'CZ',
    pickupLocation: 'Prague Airport (PRG)',
    dropoffLocation: 'Vienna Airport (VIE)',
    pickupAt: '2026-12-20T10:00:00.000Z',
    dropoffAt: '2026-12-27T10:00:00.000Z',
    supplier: 'Sixt',
    carClass: 'Compact',
    totalPrice: 312.4,
    currency: 'EUR',
  },
  demo: async (db, { scale }) => (await import('./demo.ts')).seedCustomerReservations(db, scale),
});
