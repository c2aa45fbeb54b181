/**
 * Account API keys: the keys partner accounts call the public API with. The key field is a key
 * generator: the server makes the key on create (and on edit when the form asks for a new one),
 * answers it once for the form to show, and stores only its SHA-256 hash (src/records/key-generator.ts),
 * so the form shows the hash and nobody can read a key back. Only administrators write.
 */
import { enabledField, idField, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

const shown = { cssClass: 'readonly', notOnCreate: true } as const;

export const accountApiKeys = defineArea({
  entity: 'AccountApiKey',
  label: 'Account API keys',
  singular: 'API key',
  titleField: null,
  group: 'Administration',
  icon: 'key',
  segment: 'accountapikey',
  api: '/api/accountapikey',
  actions: ['List', 'Create', 'Edit', 'Delete'],
  table: 'account_api_keys',
  sql: 'generated',
  list: { sort: { key: 'accountName', direction: 'ASC' }, createRedirect: true },
  form: {},
  fields: [
    idField,
    {
      key: 'accountName',
      searchable: true,
      label: 'Account',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(200)] },
    },
    {
      key: 'description',
      searchable: true,
      label: 'Description',
      type: 'text',
      form: {
        type: 'text',
        inputProps: { placeholder: 'Production server, Frankfurt' },
        validations: [maxLength(1000)],
      },
    },
    {
      // The SHA-256 of the key in hex; filterable, so a leaked key can be traced to its account.
      key: 'keyHash',
      label: 'API key (SHA-256)',
      type: 'text',
      list: { visible: false },
      form: { type: 'keygenerator' },
    },
    { key: 'expiresAt', label: 'Expires', type: 'datetime', form: { type: 'datetime' } },
    enabledField,
    {
      key: 'lastUsedAt',
      label: 'Last used',
      type: 'datetime',
      readOnly: true,
      form: { type: 'datetime', ...shown },
    },
    {
      key: 'createdAt',
      label: 'Created',
      type: 'datetime',
      readOnly: true,
      list: { visible: false },
      form: { type: 'datetime', ...shown },
    },
    {
      key: 'createdBy',
      label: 'Created by',
      type: 'text',
      readOnly: true,
      list: { visible: false },
      form: { type: 'text', ...shown },
    },
    ...updatedFields,
  ],
  sample: {
    accountName: 'Sample partner account',
    description: 'Staging server',
    expiresAt: '2030-06-30',
    enabled: true,
  },
  demo: async (db) => (await import('./demo.ts')).seedAccountApiKeys(db),
});
