/**
 * Exception management, applications: the company's own services whose exceptions are monitored
 * (search API, booking engine, price-watch crawler, payment gateway, partner feeds …), one record
 * per service and environment, with the team that owns it and where its code lives. Exceptions
 * name their application; an application with exceptions cannot be deleted (409).
 */
import { enabledField, idField, lookup, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea, tagOptions } from '../manifest.ts';

const ENVIRONMENT = {
  production: { color: 'green', label: 'Production' },
  staging: { color: 'yellow', label: 'Staging' },
  test: { color: 'blue', label: 'Test' },
  development: { color: 'gray', label: 'Development' },
};

export const emApplications = defineArea({
  entity: 'EMApplication',
  label: 'Applications',
  singular: 'Application',
  titleField: 'name',
  group: 'Exception management',
  icon: 'apps',
  segment: 'application',
  api: '/api/applications',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'em_applications',
  sql: 'generated',
  list: { sort: { key: 'name', direction: 'ASC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(100)] },
    },
    {
      key: 'environment',
      label: 'Environment',
      type: 'text',
      insertDefault: "'production'",
      list: { tags: ENVIRONMENT },
      form: { type: 'singleselect', options: tagOptions(ENVIRONMENT), validations: [required] },
    },
    {
      key: 'owningTeam',
      searchable: true,
      label: 'Owning team',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(100)] },
    },
    {
      key: 'repositoryUrl',
      label: 'Repository',
      type: 'text',
      list: { visible: false },
      form: {
        type: 'text',
        inputProps: { placeholder: 'https://git.bmtools.local/search/search-api' },
        validations: [
          maxLength(500),
          {
            name: 'pattern',
            value: 'https://\\S+',
            message: 'An https address, as in https://git.example.com/team/repo',
          },
        ],
      },
    },
    {
      key: 'description',
      label: 'Description',
      type: 'text',
      list: false,
      form: { type: 'text', validations: [maxLength(1000)] },
    },
    enabledField,
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'em-applications',
      view: 'v_dd_em_applications',
      columns: ['id', 'name', 'owningTeam', 'environment', 'enabled'],
      searchColumn: 'name',
      orderBy: 'name',
      rights: ['BMTools/EMApplication/List', 'BMTools/EMApplication/View'],
      filters: { enabled: { column: 'enabled', type: 'boolean' } },
    }),
  ],
  sample: {
    name: 'Sample fraud scoring service',
    environment: 'staging',
    owningTeam: 'Payments',
    repositoryUrl: 'https://git.bmtools.local/payments/fraud-scoring',
    description: 'Scores bookings for fraud before the payment is taken',
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedApplications(db),
});
