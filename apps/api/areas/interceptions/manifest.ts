/**
 * Interceptions: scripts, configuration and styles injected into the live site on URLs matching a
 * pattern, drafted and then published. Its save, delete and publish are its own procedures.
 */
import { defineArea } from '../manifest.ts';

const STATUS = {
  draft: { color: 'gray', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
};
const required = { name: 'required', message: 'This field is required' };
const maxLength = (value: number) => ({ name: 'maxlength', value, message: `At most ${value} characters` });

export const interceptions = defineArea({
  entity: 'Interception',
  label: 'Interceptions',
  singular: 'Interception',
  titleField: 'name',
  group: 'Content',
  icon: 'filter',
  segment: 'interception',
  api: '/api/interceptions',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'Publish'],
  table: 'interceptions',
  sql: 'own',
  views: { list: 'v_interceptions', record: 'v_interception_record' },
  procedures: {
    save: 'bm_interception_save',
    delete: 'bm_interception_delete',
    publish: 'bm_interception_publish',
  },
  list: { sort: { key: 'id', direction: 'DESC' } },
  form: {
    tabs: [
      { Id: 1, Name: 'Rule' },
      { Id: 2, Name: 'Code' },
    ],
  },
  fields: [
    {
      key: 'id',
      label: 'Id',
      type: 'number',
      form: { type: 'number', cssClass: 'readonly', tabId: 1, notOnCreate: true },
    },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [required, maxLength(200)] },
    },
    {
      key: 'pattern',
      searchable: true,
      label: 'URL pattern',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [required, maxLength(500)] },
    },
    {
      key: 'description',
      label: 'Description',
      type: 'text',
      list: false,
      form: { type: 'text', tabId: 1, validations: [maxLength(1000)] },
    },
    { key: 'isActive', label: 'Active', type: 'boolean', form: { type: 'boolean', tabId: 1 } },
    {
      key: 'priority',
      label: 'Priority',
      type: 'number',
      list: { hidden: true },
      form: { type: 'number', tabId: 1 },
    },
    { key: 'status', label: 'Status', type: 'text', list: { tags: STATUS } },
    { key: 'publishedAt', label: 'Published', type: 'datetime' },
    { key: 'publishedBy', label: 'Published by', type: 'text', list: { hidden: true } },
    { key: 'updatedAt', label: 'Updated', type: 'datetime' },
    { key: 'updatedBy', label: 'Updated by', type: 'text', list: { hidden: true } },
    {
      key: 'script',
      label: 'Script',
      type: 'text',
      list: false,
      form: { type: 'jscode', tabId: 2, validationApi: '/api/validation/jscode' },
    },
    {
      key: 'config',
      label: 'Configuration',
      type: 'text',
      list: false,
      form: {
        type: 'jsoncode',
        tabId: 2,
        validations: [{ name: 'json', message: 'The configuration must be valid JSON' }],
        validationApi: '/api/validation/jsoncode',
      },
    },
    {
      key: 'styles',
      label: 'Styles',
      type: 'text',
      list: false,
      form: { type: 'csscode', tabId: 2, validationApi: '/api/validation/csscode' },
    },
  ],
  dropdowns: [
    {
      name: 'interceptions',
      view: 'v_dd_interceptions',
      // Interceptions themselves, and the trigger forms and list that pick an interception.
      rights: [
        'BMTools/Interception/List',
        'BMTools/Interception/View',
        'BMTools/InterceptionTrigger/List',
        'BMTools/InterceptionTrigger/View',
        'BMTools/InterceptionTrigger/Create',
        'BMTools/InterceptionTrigger/Edit',
      ],
      columns: ['id', 'name'],
      searchColumn: 'name',
      orderBy: 'name',
    },
  ],
  sample: {
    name: 'Ski rack notice',
    pattern: '/car-hire/innsbruck*',
    description: 'Mentions ski racks in winter',
    isActive: true,
    priority: 2,
    config: '{"months": [12, 1, 2]}',
  },
  demo: async (db) => (await import('./demo.ts')).seedInterceptions(db),
});
