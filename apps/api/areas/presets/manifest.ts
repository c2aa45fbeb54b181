/**
 * Presets: the stored screen definitions themselves (grid columns, forms, actions), listed and
 * edited as JSON by administrators. The shipped defaults cannot be deleted from the list. Saving
 * and deleting go through the preset procedures, which keep versions and ownership.
 */
import { defineArea } from '../manifest.ts';

export const presets = defineArea({
  entity: 'Preset',
  label: 'Presets',
  singular: 'Preset',
  titleField: 'name',
  group: 'Administration',
  icon: 'adjustments',
  segment: 'preset',
  api: '/api/presets',
  actions: ['List', 'View', 'Edit', 'Delete'],
  home: true,
  table: 'presets',
  sql: 'own',
  views: { list: 'v_presets', record: 'v_preset_record' },
  procedures: { save: 'bm_preset_save', delete: 'bm_preset_delete' },
  list: {
    sort: { key: 'id', direction: 'ASC' },
    rowActions: { delete: { visibleWhen: "name != 'default'" } },
  },
  form: {},
  fields: [
    { key: 'id', label: 'Id', type: 'number', form: { type: 'number', cssClass: 'readonly' } },
    {
      key: 'name',
      searchable: true,
      label: 'Name',
      type: 'text',
      form: {
        type: 'text',
        validations: [
          { name: 'required', message: 'preset name is required' },
          { name: 'maxlength', value: 100, message: 'At most 100 characters' },
        ],
      },
    },
    {
      key: 'rightName',
      searchable: true,
      label: 'Right',
      type: 'text',
      form: { type: 'text', cssClass: 'readonly' },
    },
    { key: 'presetGroupId', label: 'Group id', type: 'number', list: { hidden: true } },
    { key: 'presetGroupName', label: 'Group', type: 'text', form: { type: 'text', cssClass: 'readonly' } },
    { key: 'version', label: 'Version', type: 'number', form: { type: 'number', cssClass: 'readonly' } },
    { key: 'parentId', label: 'Parent', type: 'number', list: { hidden: true } },
    { key: 'createdBy', label: 'Created by', type: 'text', list: { visible: false } },
    { key: 'updatedAt', label: 'Updated', type: 'datetime' },
    {
      key: 'definition',
      label: 'Definition',
      type: 'text',
      list: false,
      form: {
        type: 'jsoncode',
        validations: [
          { name: 'required', message: 'This field is required' },
          { name: 'json', message: 'The definition must be valid JSON' },
        ],
        validationApi: '/api/validation/jsoncode',
        showExpandBtn: true,
      },
    },
  ],
});
