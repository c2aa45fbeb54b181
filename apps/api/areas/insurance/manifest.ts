/**
 * Insurance: the travel and rental insurance policies partner insurers sold alongside our
 * reservations, as their feeds deliver them. Staff only read them and map each onto the customer
 * reservation it covers (Get Map: candidates by the customer's name and email and by the cover and
 * rental dates; docs/adr/0013-mapping.md). The feed writes the rows, so there is no create, edit or
 * delete; the list and record views are generated.
 */
import { MAP_STATUS } from '../catalogue.ts';
import { type AreaField, defineArea, type FormSettings, type Tags } from '../manifest.ts';

const PRODUCT: Tags = {
  excess_refund: { color: 'blue', label: 'Excess refund' },
  full_protection: { color: 'green', label: 'Full protection' },
  theft_protection: { color: 'violet', label: 'Theft protection' },
  personal_accident: { color: 'orange', label: 'Personal accident' },
  trip_cancellation: { color: 'cyan', label: 'Trip cancellation' },
  glass_and_tyres: { color: 'gray', label: 'Glass and tyres' },
};
const STATUS: Tags = {
  active: { color: 'green', label: 'Active' },
  claimed: { color: 'orange', label: 'Claimed' },
  expired: { color: 'gray', label: 'Expired' },
  cancelled: { color: 'red', label: 'Cancelled' },
};

/** Every field of the view is shown as the feed sent it; none is editable. */
const shown = (type: FormSettings['type'], extra: Partial<FormSettings> = {}): FormSettings => ({
  type,
  cssClass: 'readonly',
  ...extra,
});

const fields: readonly AreaField[] = [
  { key: 'id', label: 'Id', type: 'number', readOnly: true, form: shown('number') },
  { key: 'policyNumber', searchable: true, label: 'Policy no.', type: 'text', form: shown('text') },
  { key: 'insurer', label: 'Insurer', type: 'text', form: shown('text') },
  { key: 'product', label: 'Product', type: 'text', list: { tags: PRODUCT }, form: shown('text') },
  {
    key: 'customerName',
    label: 'Customer (as the insurer wrote it)',
    type: 'text',
    select: "t.customer_first_name || ' ' || t.customer_last_name",
  },
  {
    key: 'customerFirstName',
    label: 'First name',
    type: 'text',
    list: { visible: false },
    form: shown('text'),
  },
  {
    key: 'customerLastName',
    searchable: true,
    label: 'Last name',
    type: 'text',
    list: { visible: false },
    form: shown('text'),
  },
  { key: 'customerEmail', searchable: true, label: 'Email', type: 'text', form: shown('text') },
  { key: 'coverStart', label: 'Cover from', type: 'date', form: shown('date') },
  { key: 'coverEnd', label: 'Cover to', type: 'date', form: shown('date') },
  { key: 'premium', label: 'Premium', type: 'decimal', form: shown('decimal') },
  { key: 'currency', label: 'Currency', type: 'text', form: shown('text') },
  { key: 'status', label: 'Status', type: 'text', list: { tags: STATUS }, form: shown('text') },
  // The list shows the state's tag; the view the state in words, the one wording every screen uses
  // ("Not mapped", "Mapped to R-1042"), never the stored code.
  { key: 'mapStatus', label: 'Mapping', type: 'text', readOnly: true, list: { tags: MAP_STATUS } },
  {
    key: 'mapState',
    label: 'Mapping',
    type: 'text',
    readOnly: true,
    select: 'map_state_text(t.map_status, cr.reservation_number)',
    list: false,
    form: shown('text'),
  },
  {
    key: 'reservationNumber',
    label: 'Covers reservation',
    type: 'text',
    select: 'cr.reservation_number',
    form: shown('text'),
    refersTo: { entity: 'CustomerReservation', idKey: 'customerReservationId' },
  },
  {
    key: 'customerReservationId',
    label: 'Reservation id',
    type: 'number',
    readOnly: true,
    list: { visible: false },
    // The view's link to the reservation reads it.
    record: true,
  },
  {
    key: 'mapNote',
    label: 'Mapping note',
    type: 'text',
    readOnly: true,
    list: { visible: false },
    form: shown('text'),
  },
  { key: 'createdAt', label: 'Received', type: 'datetime', readOnly: true, list: { visible: false } },
  { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true, list: { visible: false } },
  { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true, list: { visible: false } },
  {
    key: 'mapHistory',
    label: 'Mapping history',
    type: 'text',
    readOnly: true,
    select: "map_history_json('insurance', t.id)::text",
    list: false,
    form: shown('tableview', {
      inputProps: {
        columns: [
          { key: 'when', label: 'When', type: 'datetime' },
          { key: 'by', label: 'By' },
          { key: 'action', label: 'Change' },
          { key: 'to', label: 'To (reservation)' },
          { key: 'from', label: 'Instead of' },
          { key: 'note', label: 'Note' },
        ],
      },
    }),
  },
];

export const insurance = defineArea({
  entity: 'Insurance',
  label: 'Insurance',
  singular: 'Policy',
  titleField: 'policyNumber',
  group: 'Reservations & payments',
  icon: 'shield',
  segment: 'insurance',
  api: '/api/insurance',
  actions: ['List', 'View', 'GetMap', 'Map'],
  table: 'insurance_policies',
  sql: 'generated',
  joins: 'LEFT JOIN customer_reservations cr ON cr.id = t.customer_reservation_id',
  list: { sort: { key: 'id', direction: 'DESC' } },
  form: { presets: ['View'], viewOnly: true },
  fields,
  // Get Map: the customer reservation the policy covers.
  map: {
    api: '/api/mapInsurance',
    kind: 'insurance',
    side: 'merchant',
    title: '{policyNumber} · {customerName}',
    header: [
      'policyNumber',
      'insurer',
      'product',
      'customerName',
      'customerEmail',
      'coverStart',
      'coverEnd',
      'status',
    ],
    codeLabel: 'Reservation no.',
    detailLabel: 'Email · rental · supplier · status',
  },
  demo: async (db) => (await import('./demo.ts')).seedInsurance(db),
});
