/**
 * Translation interceptions: an override of one text in one language on one market (a country such
 * as DE, or one site's host name such as fr.example.ch) between two days, e.g. campaign wording on
 * the German site at Christmas. Where enabled overrides overlap, the higher priority wins; two with
 * the same priority on the same days are refused, as is an override longer than its resource's
 * maximum length or one that ends before it starts.
 */
import { enabledField, idField, maxLength, required, updatedFields } from '../catalogue.ts';
import { defineArea } from '../manifest.ts';
import { defaultTextField, resourceIdFilter, resourcePicker } from '../translation-resources/manifest.ts';

export const translationInterceptions = defineArea({
  entity: 'TranslationInterception',
  label: 'Translation interceptions',
  singular: 'Override',
  titleField: null,
  group: 'Content',
  icon: 'language',
  segment: 'translationinterception',
  api: '/api/translationinterceptions',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  home: true,
  table: 'translation_interceptions',
  sql: 'generated',
  joins: 'JOIN resources r ON r.id = t.resource_id',
  list: { sort: { key: 'validFrom', direction: 'DESC' }, createRedirect: true },
  form: {
    tabs: [
      { Id: 1, Name: 'Text' },
      { Id: 2, Name: 'Where and when' },
    ],
  },
  fields: [
    idField,
    { ...resourcePicker, form: { ...resourcePicker.form, tabId: 1 } },
    resourceIdFilter,
    { ...defaultTextField, list: { visible: false }, form: { ...defaultTextField.form, tabId: 1 } },
    {
      key: 'maxLength',
      label: 'Maximum length',
      type: 'number',
      select: 'r.max_length',
      list: false,
      form: { type: 'number', cssClass: 'readonly', tabId: 1 },
    },
    {
      key: 'languageCode',
      label: 'Language',
      type: 'text',
      form: { type: 'combobox', source: '/api/dropdowns/languages2', tabId: 1, validations: [required] },
    },
    {
      key: 'replacementText',
      searchable: true,
      label: 'Replacement text',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [required, maxLength(4000)] },
    },
    {
      key: 'market',
      searchable: true,
      label: 'Market',
      type: 'text',
      form: {
        type: 'text',
        tabId: 2,
        inputProps: { placeholder: 'DE or fr.example.ch' },
        validations: [
          required,
          {
            name: 'pattern',
            value: '[A-Z]{2}|([a-z0-9]([a-z0-9-]*[a-z0-9])?\\.)+[a-z]{2,}',
            message: 'A country code such as DE, or a site such as fr.example.ch',
          },
        ],
      },
    },
    {
      key: 'validFrom',
      label: 'Valid from',
      type: 'date',
      form: { type: 'date', tabId: 2, validations: [required] },
    },
    {
      key: 'validTo',
      label: 'Valid to',
      type: 'date',
      form: { type: 'date', tabId: 2, validations: [required] },
    },
    {
      key: 'priority',
      label: 'Priority',
      type: 'number',
      insertDefault: '50',
      form: {
        type: 'number',
        tabId: 2,
        validations: [
          required,
          { name: 'number', message: 'Digits only' },
          { name: 'min', value: 1, message: 'At least 1' },
          { name: 'max', value: 100, message: 'At most 100' },
        ],
      },
    },
    { ...enabledField, form: { type: 'boolean', tabId: 2 } },
    {
      key: 'note',
      searchable: true,
      label: 'Note',
      type: 'text',
      list: { visible: false },
      form: { type: 'text', tabId: 2, validations: [maxLength(1000)] },
    },
    ...updatedFields,
  ],
  sample: {
    resourceId: { sql: "SELECT id FROM resources WHERE key = 'email.confirmation.intro'" },
    languageCode: 'fr',
    replacementText: 'Merci pour votre réservation. Bonne route au Luxembourg !',
    market: 'LU',
    validFrom: '2026-12-01',
    validTo: '2026-12-31',
    priority: 50,
    enabled: true,
    note: 'Luxembourg launch',
  },
  demo: async (db) => (await import('./demo.ts')).seedTranslationInterceptions(db),
});
