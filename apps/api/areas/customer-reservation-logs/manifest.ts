/**
 * Reservation Summary: the history of each customer reservation (created, amended, payment received,
 * confirmation sent, active customer set, cancelled, completed, deleted), with the reservation
 * number, version and subversion it was written for. Read-only: the customer reservations' table
 * writes it (its triggers and the set-active-customer procedure); the console only lists and views
 * it. Its table is in customer-reservations/migrations; its demo rows come with the reservations'.
 */
import { idField } from '../catalogue.ts';
import { defineArea, tagOptions } from '../manifest.ts';

const LOG_EVENTS = {
  created: { color: 'blue', label: 'Created' },
  amended: { color: 'yellow', label: 'Amended' },
  payment_received: { color: 'green', label: 'Payment received' },
  confirmation_sent: { color: 'cyan', label: 'Confirmation sent' },
  active_customer_set: { color: 'violet', label: 'Active customer set' },
  cancelled: { color: 'red', label: 'Cancelled' },
  completed: { color: 'teal', label: 'Completed' },
  deleted: { color: 'dark', label: 'Deleted' },
};

const shown = (type: 'number' | 'text' | 'datetime') => ({ type, cssClass: 'readonly' });

export const customerReservationLogs = defineArea({
  entity: 'CustomerReservationLog',
  label: 'Reservation Summary',
  singular: 'Reservation log entry',
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'history',
  segment: 'customerreservationlog',
  api: '/api/customerreservationlogs',
  actions: ['List', 'View'],
  table: 'customer_reservation_logs',
  sql: 'generated',
  list: { sort: { key: 'loggedAt', direction: 'DESC' } },
  form: { presets: ['View'], viewOnly: true },
  fields: [
    { ...idField, form: shown('number') },
    {
      key: 'reservationNumber',
      searchable: true,
      label: 'Reservation no.',
      type: 'text',
      form: shown('text'),
      refersTo: { entity: 'CustomerReservation', idKey: 'customerReservationId' },
    },
    { key: 'version', label: 'Version', type: 'number', form: shown('number') },
    { key: 'subversion', label: 'Subversion', type: 'number', form: shown('number') },
    {
      key: 'event',
      label: 'Event',
      type: 'text',
      list: { tags: LOG_EVENTS },
      form: { type: 'singleselect', options: tagOptions(LOG_EVENTS), cssClass: 'readonly' },
    },
    { key: 'detail', searchable: true, label: 'Detail', type: 'text', form: shown('text') },
    { key: 'loggedAt', label: 'At', type: 'datetime', column: 'created_at', form: shown('datetime') },
    { key: 'loggedBy', label: 'By', type: 'text', column: 'created_by', form: shown('text') },
    {
      // The row the entry is about; empty once that row was deleted.
      key: 'customerReservationId',
      label: 'Customer reservation id',
      type: 'number',
      list: { visible: false },
      form: shown('number'),
    },
  ],
});
