/**
 * Resources: the texts the customer-facing sites show, each by the key the sites' code names it
 * (`search.form.pickup.label`), with its module, a note for translators, the English default text
 * and an optional maximum length that binds every translation and override of it. Each row leads to
 * its translations and its overrides (the two areas after this one); the tables of all three are in
 * this folder's migration, since the maximum length spans them.
 */
import { enabledField, idField, lookup, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea, type Tags } from '../manifest.ts';

/** The part of the sites a text belongs to (the table's check lists the same). */
const MODULES: Tags = {
  common: { color: 'gray', label: 'Common' },
  search: { color: 'blue', label: 'Search' },
  results: { color: 'cyan', label: 'Results' },
  offer: { color: 'teal', label: 'Offer' },
  checkout: { color: 'green', label: 'Checkout' },
  account: { color: 'violet', label: 'Account' },
  emails: { color: 'orange', label: 'Emails' },
  errors: { color: 'red', label: 'Errors' },
};

export const resources = defineArea({
  entity: 'Resource',
  label: 'Resources',
  singular: 'Resource',
  titleField: null,
  group: 'Content',
  icon: 'box',
  segment: 'resource',
  api: '/api/resources',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  home: true,
  table: 'resources',
  sql: 'generated',
  list: {
    sort: { key: 'key', direction: 'ASC' },
    createRedirect: true,
    // A resource's translations and overrides: their lists filtered by it (any query key filters).
    extraRowActions: [
      {
        type: 'open',
        label: 'Translations',
        order: 0,
        pageUrl: '/translationresource/list?resourceId={id}',
        columnKey: 'id',
      },
      {
        type: 'open',
        label: 'Overrides',
        order: 0,
        pageUrl: '/translationinterception/list?resourceId={id}',
        columnKey: 'id',
      },
    ],
  },
  form: {},
  fields: [
    idField,
    {
      key: 'key',
      searchable: true,
      label: 'Key',
      type: 'text',
      // The text input of the column's own type: no widget type is named, so the generated tests,
      // which edit the first field whose widget is `text`, change the description instead of a key
      // that must keep its pattern.
      form: {
        inputProps: { placeholder: 'search.form.pickup.label' },
        validations: [
          required,
          maxLength(150),
          {
            name: 'pattern',
            value: '[a-z][a-z0-9]*(\\.[a-z][A-Za-z0-9]*)+',
            message: 'Dotted lower-case segments, as in search.form.pickup.label',
          },
        ],
      },
    },
    {
      key: 'module',
      label: 'Module',
      type: 'text',
      list: { tags: MODULES },
      form: {
        type: 'singleselect',
        options: Object.entries(MODULES).map(([value, tag]) => ({ value, label: tag.label })),
        validations: [required],
      },
    },
    {
      key: 'description',
      searchable: true,
      label: 'Description for translators',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', validations: [maxLength(1000)] },
    },
    {
      key: 'defaultText',
      searchable: true,
      label: 'Default text (English)',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(4000)] },
    },
    {
      key: 'maxLength',
      label: 'Maximum length',
      type: 'number',
      form: {
        type: 'number',
        validations: [
          { name: 'number', message: 'Digits only' },
          { name: 'min', value: 1, message: 'At least 1' },
          { name: 'max', value: 4000, message: 'At most 4000' },
        ],
      },
    },
    {
      // How many languages have a translation: sorting by it shows the gaps first.
      key: 'translations',
      label: 'Translations',
      type: 'number',
      select: '(SELECT count(*)::int FROM translation_resources x WHERE x.resource_id = t.id)',
    },
    enabledField,
    ...updatedFields,
    {
      // The translation and override forms read the key under this name when they prefill.
      key: 'resourceKey',
      label: 'Resource key',
      type: 'text',
      select: 't.key',
      list: false,
      record: true,
    },
  ],
  dropdowns: [
    lookup({
      name: 'resources',
      view: 'v_dd_resources',
      columns: ['id', 'name', 'module', 'enabled'],
      searchColumn: 'name',
      orderBy: 'name',
      filters: {
        module: { column: 'module', type: 'text' },
        enabled: { column: 'enabled', type: 'boolean' },
      },
    }),
  ],
  sample: {
    key: 'search.form.sample.label',
    module: 'search',
    description: 'Label of a sample field on the search form',
    defaultText: 'Sample label',
    maxLength: 40,
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedResources(db),
});
