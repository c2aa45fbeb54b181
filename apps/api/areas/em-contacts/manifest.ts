/**
 * Exception management, contacts: the on-call staff escalation policies alert, with the address and
 * phone number the paging provider uses. A contact named by a policy cannot be deleted (409); it is
 * disabled instead when someone leaves the rota.
 */
import {
  emailRule,
  enabledField,
  idField,
  lookup,
  maxLength,
  required,
  updatedFields,
} from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

export const emContacts = defineArea({
  entity: 'EMContact',
  label: 'Contacts',
  singular: 'Contact',
  titleField: 'name',
  group: 'Exception management',
  icon: 'address-book',
  segment: 'contact',
  api: '/api/contacts',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'em_contacts',
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
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'email',
      searchable: true,
      label: 'Email',
      type: 'text',
      form: {
        type: 'text',
        validations: [required, maxLength(254), emailRule],
      },
    },
    {
      key: 'phone',
      label: 'Phone',
      type: 'text',
      form: {
        type: 'text',
        inputProps: { placeholder: '+49 30 1234567' },
        validations: [
          {
            name: 'pattern',
            value: '\\+[1-9][0-9 ]{6,19}',
            message: 'International format, as in +49 30 1234567',
          },
        ],
      },
    },
    {
      key: 'team',
      searchable: true,
      label: 'Team',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(100)] },
    },
    enabledField,
    ...updatedFields,
  ],
  dropdowns: [
    lookup({
      name: 'em-contacts',
      view: 'v_dd_em_contacts',
      columns: ['id', 'name', 'email', 'team', 'enabled'],
      searchColumn: 'name',
      orderBy: 'name',
      rights: ['BMTools/EMContact/List', 'BMTools/EMContact/View'],
      filters: { enabled: { column: 'enabled', type: 'boolean' } },
    }),
  ],
  sample: {
    name: 'Sample On-Call',
    email: 'sample.oncall@bmtools.local',
    phone: '+49 30 5550 1999',
    team: 'Payments',
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedContacts(db),
});
