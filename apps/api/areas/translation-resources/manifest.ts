/**
 * Translation resources: a resource's text in one language, with where it stands (draft, in review,
 * published) and who translated it; one per resource and language. The list and forms show the
 * resource's key, English default text and maximum length beside the translation; a translation
 * longer than that maximum is refused by the database. Opened from a resource, the list shows its
 * translations (`?resourceId=`), and a new translation takes its resource from there.
 */
import { idField, maxLength, pickedBy, refersTo, required } from '../catalogue.ts';
import { type AreaField, defineArea, searchable, type Tags, tagOptions } from '../manifest.ts';

const TRANSLATION_STATUS: Tags = {
  draft: { color: 'gray', label: 'Draft' },
  review: { color: 'yellow', label: 'In review' },
  published: { color: 'green', label: 'Published' },
};

/**
 * The resource, picked by key; choosing one (or arriving with `?resourceId=`) reads the resource and
 * fills in its key, default text and maximum length, so the translator sees what to translate.
 */
export const resourcePicker = searchable(
  refersTo(
    'Resource',
    pickedBy('resourceKey', 'Resource', 'r.key', 'resourceId', 'resources', {
      type: 'autocomplete',
      changedEvent: '/api/resources/{value}',
      prefillFields: ['resourceKey', 'defaultText', 'maxLength'],
    }),
  ),
);

/** The resource's English text, read-only beside the translation or override. */
export const defaultTextField: AreaField = {
  key: 'defaultText',
  label: 'Default text (English)',
  type: 'text',
  select: 'r.default_text',
  form: { type: 'text', cssClass: 'readonly' },
};

/** The list's filter by resource (`?resourceId=` from a resource's row action). */
export const resourceIdFilter: AreaField = {
  key: 'resourceId',
  label: 'Resource id',
  type: 'number',
  list: { visible: false },
};

export const translationResources = defineArea({
  entity: 'TranslationResource',
  label: 'Translation resources',
  singular: 'Translation',
  titleField: null,
  group: 'Content',
  icon: 'language',
  segment: 'translationresource',
  api: '/api/translationresources',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  home: true,
  table: 'translation_resources',
  sql: 'generated',
  joins: 'JOIN resources r ON r.id = t.resource_id JOIN languages lg ON lg.code = t.language_code',
  list: { sort: { key: 'resourceKey', direction: 'ASC' }, createRedirect: true },
  form: {
    // Back to the translations of the resource the translation belongs to.
    redirect: '/translationresource/list?resourceId={resourceId}',
  },
  fields: [
    idField,
    resourcePicker,
    resourceIdFilter,
    defaultTextField,
    {
      key: 'maxLength',
      label: 'Maximum length',
      type: 'number',
      select: 'r.max_length',
      list: { visible: false },
      form: { type: 'number', cssClass: 'readonly' },
    },
    {
      key: 'languageCode',
      label: 'Language',
      type: 'text',
      form: { type: 'combobox', source: '/api/dropdowns/languages2', validations: [required] },
    },
    {
      key: 'languageName',
      label: 'Language name',
      type: 'text',
      select: 'lg.name',
      list: { visible: false },
    },
    {
      key: 'text',
      searchable: true,
      label: 'Translation',
      type: 'text',
      form: { type: 'text', validations: [required, maxLength(4000)] },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      insertDefault: "'draft'",
      list: { tags: TRANSLATION_STATUS },
      // A new translation starts as a draft, to be reviewed before it is published.
      form: {
        type: 'singleselect',
        options: tagOptions(TRANSLATION_STATUS),
        defaultValue: 'draft',
        validations: [required],
      },
    },
    {
      key: 'translatedBy',
      label: 'Translated by',
      type: 'text',
      form: { type: 'text', validations: [maxLength(200)] },
    },
    // When a translation last changed is part of the picture: shown, unlike most lists.
    { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true },
    { key: 'updatedBy', label: 'Updated by', type: 'text', readOnly: true, list: { visible: false } },
  ],
  sample: {
    // A resource with no maximum, in a language the demo has no translations in.
    resourceId: { sql: 'SELECT min(id) FROM resources WHERE max_length IS NULL' },
    languageCode: 'sv',
    text: 'Exempeltext',
    status: 'draft',
    translatedBy: 'Elin Lindqvist',
  },
  demo: async (db) => (await import('./demo.ts')).seedTranslationResources(db),
});
