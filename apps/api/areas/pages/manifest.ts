/**
 * Pages: the public site's SEO landing pages (URL, title, language, content), edited in tabs,
 * bulk-edited from the list, with an image uploaded into one folder. Its save and delete are its
 * own procedures (the content is sanitised HTML and the image a stored file).
 */
import { defineArea, tagOptions } from '../manifest.ts';

const STATUS = {
  draft: { color: 'gray', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
  archived: { color: 'orange', label: 'Archived' },
};
const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl'];
/** Where the page form's image field uploads to: uploads are only accepted into folders a form names. */
const IMAGE_FOLDER = 'pages/images';
const required = { name: 'required', message: 'This field is required' };
const maxLength = (value: number) => ({ name: 'maxlength', value, message: `At most ${value} characters` });

export const pages = defineArea({
  entity: 'Page',
  label: 'Pages',
  singular: 'Page',
  titleField: 'name',
  group: 'Content',
  icon: 'file',
  segment: 'page',
  api: '/api/pages',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete', 'BulkEdit'],
  home: true,
  table: 'pages',
  sql: 'own',
  views: { list: 'v_pages', record: 'v_page_record' },
  procedures: { save: 'bm_page_save', delete: 'bm_page_delete' },
  bulkPath: '/api/pages/bulk-update',
  list: { sort: { key: 'id', direction: 'DESC' }, createRedirect: true },
  form: {
    tabs: [
      { Id: 1, Name: 'Page' },
      { Id: 2, Name: 'Content' },
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
      key: 'url',
      searchable: true,
      label: 'URL',
      type: 'text',
      list: { type: 'link' },
      form: {
        type: 'text',
        tabId: 1,
        validations: [required, maxLength(300)],
        inputProps: { placeholder: '/car-hire/barcelona' },
      },
    },
    {
      key: 'title',
      searchable: true,
      label: 'Title',
      type: 'text',
      form: { type: 'text', tabId: 1, validations: [maxLength(300)] },
    },
    {
      key: 'languageCode',
      label: 'Language',
      type: 'text',
      list: {
        type: 'combobox',
        inputProps: { options: LANGUAGES.map((v) => ({ value: v, label: v.toUpperCase() })) },
      },
      form: {
        type: 'combobox',
        tabId: 1,
        source: '/api/dropdowns/languages2',
        validations: [required],
        bulk: true,
      },
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      list: { tags: STATUS },
      form: {
        type: 'singleselect',
        tabId: 1,
        options: tagOptions(STATUS),
        validations: [required],
        bulk: true,
      },
    },
    { key: 'isActive', label: 'Active', type: 'boolean', form: { type: 'boolean', tabId: 1, bulk: true } },
    {
      key: 'priority',
      label: 'Priority',
      type: 'number',
      form: {
        type: 'number',
        tabId: 1,
        validations: [{ name: 'number', message: 'Digits only' }],
        bulk: true,
      },
    },
    { key: 'publishedAt', label: 'Published', type: 'datetime', form: { type: 'datetime', tabId: 1 } },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', list: { visible: false } },
    { key: 'updatedBy', label: 'Updated by', type: 'text', list: { visible: false } },
    {
      key: 'metaDescription',
      label: 'Meta description',
      type: 'text',
      list: false,
      form: { type: 'text', tabId: 2, validations: [maxLength(320)] },
    },
    {
      key: 'contentHtml',
      label: 'Content',
      type: 'text',
      list: false,
      form: { type: 'htmleditor', tabId: 2, showExpandBtn: true },
    },
    {
      key: 'imagePath',
      label: 'Image',
      type: 'text',
      list: false,
      form: { type: 'uploadsingleselect', tabId: 2, sourceParams: { directory: IMAGE_FOLDER } },
    },
  ],
  dropdowns: [
    {
      name: 'languages2',
      view: 'v_dd_languages',
      // Page forms (language combobox) and the pages list's language column.
      rights: [
        'BMTools/Page/List',
        'BMTools/Page/View',
        'BMTools/Page/Create',
        'BMTools/Page/Edit',
        'BMTools/Page/BulkEdit',
      ],
      columns: ['value', 'label'],
      searchColumn: 'label',
      orderBy: 'label',
    },
  ],
  sample: {
    name: 'Car hire in Valencia',
    url: '/car-hire/valencia-sample',
    title: 'Cheap car hire in Valencia',
    languageCode: 'es',
    status: 'draft',
    isActive: true,
    priority: 4,
  },
  demo: async (db) => (await import('./demo.ts')).seedPages(db),
});
