/**
 * Reviews: what customers wrote about their rental, in their own language, one per reservation.
 * Staff (admins and editors) moderate them: publish or reject, and reply. What the customer wrote
 * stays as written; reviews come from the site, so the console neither creates nor deletes them.
 */
import { idField, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea, type Tags, tagOptions } from '../manifest.ts';

const STATUS: Tags = {
  pending: { color: 'yellow', label: 'Pending' },
  published: { color: 'green', label: 'Published' },
  rejected: { color: 'red', label: 'Rejected' },
};
const shown = { cssClass: 'readonly' } as const;

export const reviews = defineArea({
  entity: 'Review',
  label: 'Reviews',
  singular: 'Review',
  titleField: 'title',
  group: 'Content',
  icon: 'message',
  segment: 'review',
  api: '/api/review',
  actions: ['List', 'View', 'Edit'],
  table: 'reviews',
  sql: 'generated',
  joins: 'JOIN reservations r ON r.id = t.reservation_id JOIN languages lg ON lg.code = t.language_code',
  list: { sort: { key: 'submittedAt', direction: 'DESC' } },
  form: {},
  fields: [
    idField,
    {
      key: 'reservationNumber',
      searchable: true,
      label: 'Reservation',
      type: 'text',
      select: 'r.reservation_number',
      form: { type: 'text', ...shown },
      refersTo: { entity: 'Reservation', idKey: 'reservationId' },
    },
    {
      // The reservation's id: the link to it and the reservation's list of its review read it.
      key: 'reservationId',
      label: 'Reservation id',
      type: 'number',
      readOnly: true,
      list: { hidden: true },
      record: true,
    },
    {
      key: 'supplier',
      searchable: true,
      label: 'Supplier',
      type: 'text',
      readOnly: true,
      form: { type: 'text', ...shown },
    },
    { key: 'rating', label: 'Rating', type: 'number', readOnly: true, form: { type: 'number', ...shown } },
    {
      key: 'title',
      searchable: true,
      label: 'Title',
      type: 'text',
      readOnly: true,
      form: { type: 'text', ...shown },
    },
    {
      key: 'text',
      label: 'Review',
      type: 'text',
      column: 'review_text',
      readOnly: true,
      list: false,
      form: { type: 'text', itemType: 'textarea', ...shown },
    },
    {
      key: 'languageName',
      label: 'Language',
      type: 'text',
      select: 'lg.name',
      form: { type: 'text', ...shown },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      list: { tags: STATUS },
      form: { type: 'singleselect', options: tagOptions(STATUS), validations: [required] },
    },
    {
      key: 'reply',
      label: 'Reply',
      type: 'text',
      list: false,
      form: { type: 'text', itemType: 'textarea', validations: [maxLength(2000)] },
    },
    {
      key: 'submittedAt',
      label: 'Submitted',
      type: 'datetime',
      readOnly: true,
      form: { type: 'datetime', ...shown },
    },
    ...updatedFields,
  ],
  demo: async (db) => (await import('./demo.ts')).seedReviews(db),
});
