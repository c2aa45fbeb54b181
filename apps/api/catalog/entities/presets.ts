import { col, type EntitySpec } from '../entity-spec.ts';

export const presetsEntity: EntitySpec = {
  entity: 'Preset',
  api: '/api/presets',
  rightPrefix: 'BMTools/Preset',
  view: 'v_presets',
  views: ['v_presets'],
  dataSources: ['main'],
  key: 'id',
  deleteKeys: ['id'],
  columns: [
    col('id', 'number'),
    col('name', 'text'),
    col('rightName', 'text'),
    col('presetGroupId', 'number'),
    col('presetGroupName', 'text'),
    col('version', 'number'),
    col('parentId', 'number'),
    col('createdBy', 'text'),
    col('updatedAt', 'datetime'),
  ],
  procedures: { delete: 'bm_preset_delete', update: 'bm_preset_save' },
  record: { view: 'v_preset_record', views: ['v_preset_record'] },
};
