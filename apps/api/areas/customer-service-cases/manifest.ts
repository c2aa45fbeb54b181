/**
 * Customer service cases: a customer's question or complaint, by e-mail, phone or chat, often about
 * one reservation (picking it fills in the customer's e-mail), assigned to an agent and worked on
 * until it is resolved or closed. A closed case has the time it was closed; the table refuses one
 * without.
 */
import { emailRule, idField, maxLength, required, reservationField, updatedFields } from '../catalogue.ts';
import { defineArea, type Tags, tagOptions } from '../manifest.ts';

const CHANNEL: Tags = {
  email: { color: 'blue', label: 'Email' },
  phone: { color: 'teal', label: 'Phone' },
  chat: { color: 'violet', label: 'Chat' },
};
const PRIORITY: Tags = {
  low: { color: 'gray', label: 'Low' },
  normal: { color: 'blue', label: 'Normal' },
  high: { color: 'orange', label: 'High' },
  urgent: { color: 'red', label: 'Urgent' },
};
const STATUS: Tags = {
  open: { color: 'yellow', label: 'Open' },
  waiting_on_customer: { color: 'blue', label: 'Waiting on customer' },
  resolved: { color: 'green', label: 'Resolved' },
  closed: { color: 'gray', label: 'Closed' },
};
const FINISHED = "status == 'resolved' || status == 'closed'";

export const customerServiceCases = defineArea({
  entity: 'CustomerServiceCase',
  label: 'Customer service cases',
  singular: 'Case',
  titleField: 'reservationNumber',
  group: 'Reservations & payments',
  icon: 'headset',
  segment: 'customerservicecase',
  api: '/api/customerservicecases',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'customer_service_cases',
  sql: 'generated',
  joins: 'LEFT JOIN reservations r ON r.id = t.reservation_id',
  list: { sort: { key: 'id', direction: 'DESC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    // Optional: some questions come before a booking. Picked, it gives the customer's e-mail.
    reservationField(['reservationNumber', 'customerEmail'], { validations: [] }),
    {
      key: 'subject',
      searchable: true,
      label: 'Subject',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'customerEmail',
      searchable: true,
      label: 'Customer email',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200), emailRule] },
    },
    {
      key: 'channel',
      label: 'Channel',
      type: 'text',
      list: { tags: CHANNEL },
      form: { type: 'singleselect', options: tagOptions(CHANNEL), validations: [required] },
    },
    {
      key: 'priority',
      label: 'Priority',
      type: 'text',
      insertDefault: "'normal'",
      list: { tags: PRIORITY },
      form: {
        type: 'singleselect',
        options: tagOptions(PRIORITY),
        defaultValue: 'normal',
        validations: [required],
      },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      list: { tags: STATUS },
      // Chosen by staff each time (no default): a case logged after the fact may already be closed.
      form: { type: 'singleselect', options: tagOptions(STATUS), validations: [required] },
    },
    {
      key: 'assignedTo',
      label: 'Assigned to',
      type: 'text',
      form: { type: 'text', validations: [maxLength(200), emailRule] },
    },
    {
      key: 'openedAt',
      label: 'Opened',
      type: 'datetime',
      // Left empty, a new case is opened now.
      insertDefault: 'now()',
      form: { type: 'datetime' },
    },
    {
      key: 'closedAt',
      label: 'Closed',
      type: 'datetime',
      form: {
        type: 'datetime',
        visibleWhen: FINISHED,
        requiredWhen: "status == 'closed'",
        keepWhen: FINISHED,
      },
    },
    {
      key: 'notes',
      label: 'Notes',
      type: 'text',
      list: false,
      form: { type: 'text', itemType: 'textarea', validations: [maxLength(4000)] },
    },
    ...updatedFields,
  ],
  sample: {
    reservationId: { sql: 'SELECT min(id) FROM reservations' },
    subject: 'Deposit not released after drop-off',
    customerEmail: 'anna.schmidt@example.com',
    channel: 'email',
    priority: 'high',
    status: 'open',
    assignedTo: 'admin@bmtools.local',
    notes: 'Customer returned the car full and undamaged; asked the supplier to release the hold.',
  },
  demo: async (db, { scale }) => (await import('./demo.ts')).seedCustomerServiceCases(db, scale),
});
