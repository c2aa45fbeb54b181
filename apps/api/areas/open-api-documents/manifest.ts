/**
 * Open API documents: the OpenAPI 3.x descriptions of the APIs the company offers partners
 * (availability search, booking, price-watch feed, webhooks), kept in JSON or YAML as written.
 * The document field is a YAML code editor (JSON is YAML too) whose Validate button asks
 * `/api/validation/openapi`; its `openapi` rule makes the save run the same check on the server, so
 * a document that does not parse or is not OpenAPI 3.x is never stored. Only administrators write.
 */
import { idField, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea, tagOptions } from '../manifest.ts';

const FORMAT = {
  json: { color: 'blue', label: 'JSON' },
  yaml: { color: 'grape', label: 'YAML' },
};

/** The longest document accepted (characters); the table's check says the same. */
const MAX_DOCUMENT = 300_000;

export const openApiDocuments = defineArea({
  entity: 'OpenApiDocument',
  label: 'Open API documents',
  singular: 'Document',
  titleField: 'name',
  group: 'Administration',
  icon: 'file-code',
  segment: 'OpenApiDocument',
  api: '/api/OpenApiDocument',
  actions: ['List', 'Create', 'Edit', 'Delete'],
  table: 'open_api_documents',
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
      key: 'apiVersion',
      label: 'API version',
      type: 'text',
      form: {
        type: 'text',
        inputProps: { placeholder: '1.4.0' },
        validations: [
          required,
          {
            name: 'pattern',
            value: '[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}',
            message: 'Letters, digits, dots and dashes, as in 1.4.0 or 2024-06',
          },
        ],
      },
    },
    {
      key: 'description',
      searchable: true,
      label: 'Description',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', validations: [maxLength(4000)] },
    },
    {
      key: 'format',
      label: 'Format',
      type: 'text',
      insertDefault: "'yaml'",
      list: { tags: FORMAT },
      form: { type: 'singleselect', options: tagOptions(FORMAT), validations: [required] },
    },
    {
      key: 'published',
      label: 'Published',
      type: 'boolean',
      column: 'is_published',
      insertDefault: 'false',
      form: { type: 'boolean' },
    },
    {
      key: 'document',
      label: 'OpenAPI document',
      type: 'text',
      list: false,
      form: {
        type: 'yamlcode',
        validationApi: '/api/validation/openapi',
        showExpandBtn: true,
        validations: [
          required,
          maxLength(MAX_DOCUMENT),
          { name: 'openapi', message: 'Not an OpenAPI 3 document' },
        ],
      },
    },
    ...updatedFields,
  ],
  sample: {
    name: 'Sample partner status API',
    apiVersion: '0.9.0',
    description: 'A small document the area test creates and deletes',
    format: 'yaml',
    published: false,
    document: [
      'openapi: 3.0.3',
      'info:',
      '  title: Partner status API',
      '  version: 0.9.0',
      'paths:',
      '  /status:',
      '    get:',
      '      operationId: getStatus',
      '      responses:',
      "        '200':",
      '          description: The service is up',
      '',
    ].join('\n'),
  },
  demo: async (db) => (await import('./demo.ts')).seedOpenApiDocuments(db),
});
