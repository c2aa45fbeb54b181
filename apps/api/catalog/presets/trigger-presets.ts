/** Interception triggers: list, create, edit and view, with publish. */
import type { DefaultPresetSpec } from './default-presets.ts';
import { type FieldSpec, formColumns, formPreset, maxLength, required } from './form-builder.ts';
import { PUBLISH_STATUS, tagColumn } from './tag-column.ts';

const EVENTS = [
  { value: 'pageview', label: 'Page view' },
  { value: 'click', label: 'Click' },
  { value: 'scroll', label: 'Scroll' },
  { value: 'exit-intent', label: 'Exit intent' },
];

const FIELDS: FieldSpec[] = [
  { mapKey: 'id', label: 'Id', listType: 'number', type: 'number', cssClass: 'readonly' },
  {
    mapKey: 'interceptionId',
    label: 'Interception',
    listType: 'combobox',
    type: 'combobox',
    source: '/api/dropdowns/interceptions',
    displayFieldName: 'name',
    valueFieldName: 'id',
    validations: [required()],
  },
  {
    mapKey: 'name',
    label: 'Name',
    listType: 'text',
    type: 'text',
    validations: [required(), maxLength(200)],
  },
  {
    mapKey: 'event',
    label: 'Event',
    listType: 'combobox',
    type: 'singleselect',
    options: EVENTS,
    validations: [required()],
  },
  {
    mapKey: 'selector',
    label: 'CSS selector',
    listType: 'text',
    type: 'text',
    validations: [maxLength(500)],
  },
  {
    mapKey: 'delayMs',
    label: 'Delay (ms)',
    listType: 'number',
    type: 'number',
    validations: [{ name: 'number', message: 'Digits only' }],
  },
  { mapKey: 'isActive', label: 'Active', listType: 'boolean', type: 'boolean' },
];

const save = { storedProcedure: 'bm_interception_trigger_save', RedirectUrl: '/interceptiontrigger/list' };
const publish = {
  api: '/api/interceptiontriggers/publish',
  titleModal: 'Publish trigger',
  contentModal: 'Publish this trigger to the live site?',
};

export const TRIGGER_PRESETS: DefaultPresetSpec[] = [
  {
    rightName: 'BMTools/InterceptionTrigger/List',
    version: 1,
    definition: {
      source: '/api/interceptiontriggers',
      settings: { pageItems: 20, paging: true },
      actions: {},
      rowActions: [
        { type: 'view', label: 'View', order: 1, pageUrl: '/interceptiontrigger/view/{id}', columnKey: 'id' },
        { type: 'edit', label: 'Edit', order: 2, pageUrl: '/interceptiontrigger/edit/{id}', columnKey: 'id' },
        {
          type: 'delete',
          label: 'Delete',
          order: 3,
          columnKey: 'id',
          storedProcedure: 'bm_interception_trigger_delete',
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
        {
          key: 'interceptionName',
          mapKey: 'interceptionName',
          column: 'Interception',
          type: 'text',
          visible: true,
          filterable: true,
        },
        { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true, filterable: true },
        {
          key: 'event',
          mapKey: 'event',
          column: 'Event',
          type: 'combobox',
          visible: true,
          filterable: true,
          inputProps: { options: EVENTS },
        },
        {
          key: 'delayMs',
          mapKey: 'delayMs',
          column: 'Delay (ms)',
          type: 'number',
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
    rightName: 'BMTools/InterceptionTrigger/Edit',
    version: 1,
    definition: formPreset('/api/interceptiontriggers', formColumns(FIELDS, 'edit'), { edit: save, publish }),
  },
  {
    rightName: 'BMTools/InterceptionTrigger/Create',
    version: 1,
    definition: formPreset(
      '/api/interceptiontriggers',
      formColumns(
        FIELDS.filter((f) => f.mapKey !== 'id'),
        'create',
      ),
      {
        create: save,
      },
    ),
  },
  {
    rightName: 'BMTools/InterceptionTrigger/View',
    version: 1,
    definition: formPreset(
      '/api/interceptiontriggers',
      formColumns(FIELDS, 'edit', { cssClass: 'readonly' }),
      { edit: save, publish },
    ),
  },
];
