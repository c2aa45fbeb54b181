/**
 * Page forms: create, edit, view and bulk edit share one field list. Version 2 added the image
 * (an upload field).
 */
import type { DefaultPresetSpec } from './default-presets.ts';
import { type FieldSpec, formColumns, formPreset, maxLength, required } from './form-builder.ts';

/** Where the page form's image field uploads to. */
const PAGE_IMAGE_FOLDER = 'pages/images';

const TABS = [
  { Id: 1, Name: 'Page' },
  { Id: 2, Name: 'Content' },
];

const STATUS_OPTIONS = [
  { value: 'draft', label: 'Draft' },
  { value: 'published', label: 'Published' },
  { value: 'archived', label: 'Archived' },
];

const FIELDS: FieldSpec[] = [
  { mapKey: 'id', label: 'Id', listType: 'number', type: 'number', cssClass: 'readonly', tabId: 1 },
  {
    mapKey: 'name',
    label: 'Name',
    listType: 'text',
    type: 'text',
    tabId: 1,
    validations: [required(), maxLength(200)],
  },
  {
    mapKey: 'url',
    label: 'URL',
    listType: 'text',
    type: 'text',
    tabId: 1,
    validations: [required(), maxLength(300)],
    inputProps: { placeholder: '/car-hire/barcelona' },
  },
  {
    mapKey: 'title',
    label: 'Title',
    listType: 'text',
    type: 'text',
    tabId: 1,
    validations: [maxLength(300)],
  },
  {
    mapKey: 'languageCode',
    label: 'Language',
    listType: 'combobox',
    type: 'combobox',
    tabId: 1,
    source: '/api/dropdowns/languages2',
    validations: [required()],
  },
  {
    mapKey: 'status',
    label: 'Status',
    listType: 'combobox',
    type: 'singleselect',
    tabId: 1,
    options: STATUS_OPTIONS,
    validations: [required()],
  },
  { mapKey: 'isActive', label: 'Active', listType: 'boolean', type: 'boolean', tabId: 1 },
  {
    mapKey: 'priority',
    label: 'Priority',
    listType: 'number',
    type: 'number',
    tabId: 1,
    validations: [{ name: 'number', message: 'Digits only' }],
  },
  { mapKey: 'publishedAt', label: 'Published', listType: 'datetime', type: 'datetime', tabId: 1 },
  {
    mapKey: 'metaDescription',
    label: 'Meta description',
    listType: 'text',
    type: 'text',
    tabId: 2,
    validations: [maxLength(320)],
  },
  {
    mapKey: 'contentHtml',
    label: 'Content',
    listType: 'text',
    type: 'htmleditor',
    tabId: 2,
    showExpandBtn: true,
  },
  {
    mapKey: 'imagePath',
    label: 'Image',
    listType: 'text',
    type: 'uploadsingleselect',
    tabId: 2,
    // The one folder page images go to: uploads are only accepted into folders a form names.
    sourceParams: { directory: PAGE_IMAGE_FOLDER },
  },
];

const editable = FIELDS;
const creatable = FIELDS.filter((f) => f.mapKey !== 'id');
const bulk = FIELDS.filter((f) => ['status', 'isActive', 'priority', 'languageCode'].includes(f.mapKey)).map(
  (f) => ({
    ...f,
    validations: [],
  }),
);
const save = { storedProcedure: 'bm_page_save', RedirectUrl: '/page/list' };

export const PAGE_FORM_PRESETS: DefaultPresetSpec[] = [
  {
    rightName: 'BMTools/Page/Edit',
    version: 2,
    definition: formPreset('/api/pages', formColumns(editable, 'edit'), { edit: save }, TABS),
  },
  {
    rightName: 'BMTools/Page/Create',
    version: 2,
    definition: formPreset('/api/pages', formColumns(creatable, 'create'), { create: save }, TABS),
  },
  {
    rightName: 'BMTools/Page/View',
    version: 2,
    definition: formPreset(
      '/api/pages',
      formColumns(editable, 'edit', { cssClass: 'readonly' }),
      { edit: save },
      TABS,
    ),
  },
  {
    rightName: 'BMTools/Page/BulkEdit',
    version: 1,
    definition: formPreset('/api/pages', formColumns(bulk, 'bulkupdate', { isMarked: true }), {
      bulkupdate: { ...save, api: '/api/pages/bulk-update' },
    }),
  },
];
