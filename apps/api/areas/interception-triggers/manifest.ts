/**
 * Interception triggers: when an interception fires on the live site (an event, an optional CSS
 * selector, a delay), published like the interception itself. Its save, delete and publish are
 * its own procedures (migrations/).
 */
import { defineArea } from '../manifest.ts';

const STATUS = {
  draft: { color: 'gray', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
};
const EVENTS = [
  { value: 'pageview', label: 'Page view' },
  { value: 'click', label: 'Click' },
  { value: 'scroll', label: 'Scroll' },
  { value: 'exit-intent', label: 'Exit intent' },
];
const required = { name: 'required', message: 'This field is required' };
const maxLength = (value: number) => ({ name: 'maxlength', value, message: `At most ${value} characters` });

export const interceptionTriggers = defineArea({
  entity: 'InterceptionTrigger',
  label: 'Interception triggers',
  singular: 'Trigger',
  titleField: 'name',
  group: 'Content',
  icon: 'bolt',
  segment: 'interceptiontrigger',
  api: '/api/interceptiontriggers',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'Publish'],
  table: 'interception_triggers',
  sql: 'own',
  views: { list: 'v_interception_triggers', record: 'v_interception_trigger_record' },
  procedures: {
    save: 'bm_interception_trigger_save',
    delete: 'bm_interception_trigger_delete',
    publish: 'bm_interception_trigger_publish',
  },
  list: { sort: { key: 'id', direction: 'DESC' } },
  form: {},
  fields: [
    {
      key: 'id',
      label: 'Id',
      type: 'number',
      form: { type: 'number', cssClass: 'readonly', notOnCreate: true },
    },
    {
      key: 'interceptionId',
      label: 'Interception',
      type: 'number',
      list: { hidden: true, type: 'combobox' },
      form: {
        type: 'combobox',
        source: '/api/dropdowns/interceptions',
        displayFieldName: 'name',
        valueFieldName: 'id',
        validations: [required],
      },
    },
    {
      key: 'interceptionName',
      searchable: true,
      label: 'Interception',
      type: 'text',
      refersTo: { entity: 'Interception', idKey: 'interceptionId' },
    },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'event',
      searchable: true,
      label: 'Event',
      type: 'text',
      list: { type: 'combobox', inputProps: { options: EVENTS } },
      form: { type: 'singleselect', options: EVENTS, validations: [required] },
    },
    {
      key: 'selector',
      label: 'CSS selector',
      type: 'text',
      list: { hidden: true, sort: false },
      form: { type: 'text', validations: [maxLength(500)] },
    },
    {
      key: 'delayMs',
      label: 'Delay (ms)',
      type: 'number',
      form: { type: 'number', validations: [{ name: 'number', message: 'Digits only' }] },
    },
    { key: 'isActive', label: 'Active', type: 'boolean', form: { type: 'boolean' } },
    { key: 'status', label: 'Status', type: 'text', list: { tags: STATUS } },
    { key: 'publishedAt', label: 'Published', type: 'datetime', list: { hidden: true } },
    { key: 'updatedAt', label: 'Updated', type: 'datetime' },
  ],
  // Interception 1 is a demo row of every database.
  sample: {
    interceptionId: 1,
    name: 'Sample exit intent',
    event: 'exit-intent',
    selector: '',
    delayMs: 500,
    isActive: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedInterceptionTriggers(db),
});
