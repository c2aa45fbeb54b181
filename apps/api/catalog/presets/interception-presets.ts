/** Interceptions: list, create, edit and view, with publish. */
import type { DefaultPresetSpec } from './default-presets.ts';
import { type FieldSpec, formColumns, formPreset, maxLength, required } from './form-builder.ts';
import { PUBLISH_STATUS, tagColumn } from './tag-column.ts';

const TABS = [
  { Id: 1, Name: 'Rule' },
  { Id: 2, Name: 'Code' },
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
    mapKey: 'pattern',
    label: 'URL pattern',
    listType: 'text',
    type: 'text',
    tabId: 1,
    validations: [required(), maxLength(500)],
  },
  {
    mapKey: 'description',
    label: 'Description',
    listType: 'text',
    type: 'text',
    tabId: 1,
    validations: [maxLength(1000)],
  },
  { mapKey: 'isActive', label: 'Active', listType: 'boolean', type: 'boolean', tabId: 1 },
  { mapKey: 'priority', label: 'Priority', listType: 'number', type: 'number', tabId: 1 },
  {
    mapKey: 'script',
    label: 'Script',
    listType: 'text',
    type: 'jscode',
    tabId: 2,
    validationApi: '/api/validation/jscode',
  },
  {
    mapKey: 'config',
    label: 'Configuration',
    listType: 'text',
    type: 'jsoncode',
    tabId: 2,
    validations: [{ name: 'json', message: 'The configuration must be valid JSON' }],
    validationApi: '/api/validation/jsoncode',
  },
  {
    mapKey: 'styles',
    label: 'Styles',
    listType: 'text',
    type: 'csscode',
    tabId: 2,
    validationApi: '/api/validation/csscode',
  },
];

const save = { storedProcedure: 'bm_interception_save', RedirectUrl: '/interception/list' };
const publish = {
  api: '/api/interceptions/publish',
  titleModal: 'Publish interception',
  contentModal: 'Publish this interception to the live site?',
};

export const INTERCEPTION_PRESETS: DefaultPresetSpec[] = [
  {
    rightName: 'BMTools/Interception/List',
    version: 1,
    definition: {
      source: '/api/interceptions',
      settings: { pageItems: 20, paging: true },
      actions: {},
      rowActions: [
        { type: 'view', label: 'View', order: 1, pageUrl: '/interception/view/{id}', columnKey: 'id' },
        { type: 'edit', label: 'Edit', order: 2, pageUrl: '/interception/edit/{id}', columnKey: 'id' },
        {
          type: 'delete',
          label: 'Delete',
          order: 3,
          columnKey: 'id',
          storedProcedure: 'bm_interception_delete',
        },
      ],
      definition: [
        {
          key: 'id',
          mapKey: 'id',
          column: 'Id',
          type: 'number',
          visible: true,
          primary: true,
          delete: true,
          filterable: true,
          sort: 'DESC',
        },
        { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true, filterable: true },
        {
          key: 'pattern',
          mapKey: 'pattern',
          column: 'URL pattern',
          type: 'text',
          visible: true,
          filterable: true,
        },
        {
          key: 'isActive',
          mapKey: 'isActive',
          column: 'Active',
          type: 'boolean',
          visible: true,
          filterable: true,
        },
        tagColumn('status', 'Status', PUBLISH_STATUS),
        {
          key: 'publishedAt',
          mapKey: 'publishedAt',
          column: 'Published',
          type: 'datetime',
          visible: true,
          filterable: true,
        },
        {
          key: 'updatedAt',
          mapKey: 'updatedAt',
          column: 'Updated',
          type: 'datetime',
          visible: true,
          filterable: true,
        },
      ],
    },
  },
  {
    rightName: 'BMTools/Interception/Edit',
    version: 1,
    definition: formPreset('/api/interceptions', formColumns(FIELDS, 'edit'), { edit: save, publish }, TABS),
  },
  {
    rightName: 'BMTools/Interception/Create',
    version: 1,
    definition: formPreset(
      '/api/interceptions',
      formColumns(
        FIELDS.filter((f) => f.mapKey !== 'id'),
        'create',
      ),
      { create: save },
      TABS,
    ),
  },
  {
    rightName: 'BMTools/Interception/View',
    version: 1,
    definition: formPreset(
      '/api/interceptions',
      formColumns(FIELDS, 'edit', { cssClass: 'readonly' }),
      { edit: save, publish },
      TABS,
    ),
  },
];
