/**
 * Reservations: the bookings customers made through the comparison site, the largest table (a
 * million rows in the benchmarks). Read-only in the console apart from delete; completed ones are
 * frozen in the grid. Its list view and delete are its own SQL.
 */
import { RESERVATION_STATUS_BADGES } from '@bm/contracts';
import { defineArea } from '../manifest.ts';

const STATUS = RESERVATION_STATUS_BADGES;
/** Every field of the detail view is shown, none is editable. */
const readonly = (type: 'number' | 'text' | 'datetime' | 'decimal' | 'boolean') => ({
  type,
  cssClass: 'readonly',
});

export const reservations = defineArea({
  entity: 'Reservation',
  label: 'Reservations',
  singular: 'Reservation',
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'calendar',
  segment: 'reservation',
  api: '/api/reservations',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'GetMap', 'Map'],
  home: true,
  table: 'reservations',
  sql: 'own',
  views: { list: 'v_reservations', record: 'v_reservation_record' },
  procedures: { delete: 'bm_reservation_delete' },
  // Get Map: the price-watch location the pick-up place the merchant wrote is (docs/adr/0013-mapping.md).
  map: {
    api: '/api/mapReservations',
    kind: 'reservation',
    side: 'merchant',
    title: '{reservationNumber} · {pickupLocation}',
    header: ['reservationNumber', 'customerName', 'pickupLocation', 'pickupDate', 'supplier', 'status'],
    codeLabel: 'Code',
    detailLabel: 'Type · country · IATA',
  },
  list: {
    // What staff look for first (number, customer, pick-up date, supplier, total, status) leads, so
    // it all fits at 1440 px; the rest follows.
    sort: { key: 'id', direction: 'DESC' },
    // Completed reservations are frozen: only fixed actions (View) show on them (ADR 0003).
    settings: { frozenField: 'isLocked' },
    rowActions: { view: { fixed: true }, delete: { visibleWhen: "status != 'confirmed'" } },
  },
  // The status field's column type is a combobox like the list's (the form shows text).
  form: { presets: ['View'], viewOnly: true },
  fields: [
    { key: 'id', label: 'Id', type: 'number', form: readonly('number') },
    {
      key: 'reservationNumber',
      searchable: true,
      label: 'Reservation no.',
      type: 'text',
      form: readonly('text'),
    },
    { key: 'version', label: 'Version', type: 'number', list: { visible: false }, form: readonly('number') },
    {
      key: 'subversion',
      label: 'Subversion',
      type: 'number',
      list: { hidden: true },
      form: readonly('number'),
    },
    { key: 'customerName', searchable: true, label: 'Customer', type: 'text', form: readonly('text') },
    { key: 'pickupDate', label: 'Pick-up date', type: 'datetime', form: readonly('datetime') },
    { key: 'supplier', label: 'Supplier', type: 'text', form: readonly('text') },
    { key: 'totalPrice', label: 'Total', type: 'decimal', form: readonly('decimal') },
    { key: 'currency', label: 'Currency', type: 'text', form: readonly('text') },
    { key: 'status', label: 'Status', type: 'text', list: { tags: STATUS }, form: readonly('text') },
    { key: 'customerEmail', searchable: true, label: 'Email', type: 'text', form: readonly('text') },
    { key: 'pickupLocation', label: 'Pick-up', type: 'text', form: readonly('text') },
    {
      key: 'dropoffLocation',
      label: 'Drop-off',
      type: 'text',
      list: { hidden: true, sort: false },
      form: readonly('text'),
    },
    {
      key: 'dropoffDate',
      label: 'Drop-off date',
      type: 'datetime',
      list: { visible: false },
      form: readonly('datetime'),
    },
    { key: 'carClass', label: 'Car class', type: 'text', form: readonly('text') },
    { key: 'isActiveCustomer', label: 'Active customer', type: 'boolean', form: readonly('boolean') },
    { key: 'isLocked', label: 'Locked', type: 'boolean', list: { hidden: true, filter: false, sort: false } },
    { key: 'createdAt', label: 'Created', type: 'datetime' },
  ],
  dropdowns: [
    {
      name: 'suppliers',
      view: 'v_dd_suppliers',
      // Supplier names as reservations carry them.
      rights: ['BMTools/Reservation/List', 'BMTools/Reservation/View'],
      columns: ['value', 'label'],
      searchColumn: 'label',
      orderBy: 'label',
    },
  ],
  demo: async (db, { scale }) => {
    await (await import('./demo.ts')).seedReservations(db, scale);
  },
});
