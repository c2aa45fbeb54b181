/**
 * Presets (new): the structured preset editor. The same shared presets the JSON editor (Presets)
 * shows, edited part by part: the source, the columns, the row actions, the form actions, the
 * settings and the tabs, each in its own JSON field checked against the part's schema (the
 * `presetpart` rule, in the browser and on the server). A save keeps the edited version and adds
 * the next one, which every screen and every user of the old one takes from then on; the form
 * moves to the new version's edit page. Deleting the newest version brings back the one before.
 * Shipped defaults change only by shipping: they are listed and viewed here, never saved.
 */
import { defineArea, type FormSettings } from '../manifest.ts';

const required = (message = 'This field is required') => ({ name: 'required', message });
const partField = (
  key: string,
  label: string,
  part: string,
  tabId: number,
  extra: Partial<FormSettings> = {},
) => ({
  key,
  label,
  type: 'text' as const,
  list: false as const,
  form: {
    type: 'jsoncode' as const,
    tabId,
    showExpandBtn: true,
    validationApi: '/api/validation/jsoncode',
    validations: [required(), { name: 'presetpart', value: part }],
    ...extra,
  },
});
const readonly = (type: 'text' | 'number', tabId = 1) => ({ type, cssClass: 'readonly', tabId });

export const presetsNew = defineArea({
  entity: 'PresetNew',
  label: 'Presets (new)',
  singular: 'Preset',
  titleField: 'name',
  group: 'Administration',
  icon: 'adjustments',
  segment: 'presets-new',
  api: '/api/presetdynamics',
  actions: ['List', 'View', 'Edit', 'Delete'],
  table: 'presets',
  sql: 'own',
  views: { list: 'v_preset_dynamics', record: 'v_preset_dynamic_record' },
  procedures: { save: 'bm_preset_dynamic_save', delete: 'bm_preset_dynamic_delete' },
  list: {
    sort: { key: 'rightName', direction: 'ASC' },
    rowActions: {
      edit: { visibleWhen: '!shipped' },
      delete: { visibleWhen: '!shipped' },
    },
  },
  form: {
    tabs: [
      { Id: 1, Name: 'Preset' },
      { Id: 2, Name: 'Columns' },
      { Id: 3, Name: 'Row actions' },
      { Id: 4, Name: 'Form actions' },
      { Id: 5, Name: 'Settings' },
      { Id: 6, Name: 'Tabs' },
    ],
  },
  fields: [
    { key: 'id', label: 'Id', type: 'number', readOnly: true, form: readonly('number') },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: {
        type: 'text',
        tabId: 1,
        validations: [
          required('preset name is required'),
          { name: 'maxlength', value: 100, message: 'At most 100 characters' },
        ],
      },
    },
    {
      key: 'rightName',
      searchable: true,
      label: 'Right',
      type: 'text',
      readOnly: true,
      form: readonly('text'),
    },
    { key: 'presetGroupId', label: 'Group id', type: 'number', readOnly: true, list: { hidden: true } },
    { key: 'presetGroupName', label: 'Group', type: 'text', readOnly: true, form: readonly('text') },
    { key: 'screen', label: 'Screen', type: 'text', readOnly: true, form: readonly('text') },
    { key: 'version', label: 'Version', type: 'number', readOnly: true, form: readonly('number') },
    {
      key: 'source',
      label: 'Source',
      type: 'text',
      form: {
        type: 'text',
        tabId: 1,
        inputProps: { placeholder: '/api/pages' },
        validations: [
          { name: 'maxlength', value: 500, message: 'At most 500 characters' },
          {
            name: 'pattern',
            value: '/[A-Za-z][A-Za-z0-9/_-]*',
            message: 'An API path of this site, as in /api/pages',
          },
        ],
      },
    },
    {
      key: 'cssUrl',
      label: 'Stylesheet',
      type: 'text',
      list: false,
      form: {
        type: 'text',
        tabId: 1,
        validations: [
          { name: 'maxlength', value: 500, message: 'At most 500 characters' },
          {
            name: 'pattern',
            value: '/[A-Za-z0-9][A-Za-z0-9/_.-]*',
            message: 'A stylesheet of this site, as in /styles/wide.css',
          },
        ],
      },
    },
    { key: 'columnCount', label: 'Columns', type: 'number', readOnly: true },
    { key: 'rowActionCount', label: 'Row actions', type: 'number', readOnly: true },
    { key: 'shipped', label: 'Shipped', type: 'boolean', readOnly: true, list: { hidden: true } },
    partField('columns', 'Columns', 'columns', 2),
    partField('rowActions', 'Row actions', 'rowActions', 3),
    partField('actions', 'Form actions', 'actions', 4),
    partField('settings', 'Settings', 'settings', 5),
    partField('tabs', 'Tabs', 'tabs', 6),
    { key: 'createdBy', label: 'Saved by', type: 'text', readOnly: true, list: { visible: false } },
    { key: 'updatedAt', label: 'Updated', type: 'datetime', readOnly: true },
  ],
  demo: async (db) => (await import('./demo.ts')).seedSharedPresets(db),
});
