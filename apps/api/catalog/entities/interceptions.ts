import { col, type EntitySpec } from '../entity-spec.ts';

export const interceptionsEntity: EntitySpec = {
  entity: 'Interception',
  api: '/api/interceptions',
  rightPrefix: 'BMTools/Interception',
  view: 'v_interceptions',
  views: ['v_interceptions'],
  dataSources: ['main'],
  key: 'id',
  deleteKeys: ['id'],
  columns: [
    col('id', 'number'),
    col('name', 'text'),
    col('pattern', 'text'),
    col('isActive', 'boolean'),
    col('priority', 'number'),
    col('status', 'text'),
    col('publishedAt', 'datetime'),
    col('publishedBy', 'text'),
    col('updatedAt', 'datetime'),
    col('updatedBy', 'text'),
  ],
  procedures: {
    delete: 'bm_interception_delete',
    create: 'bm_interception_save',
    update: 'bm_interception_save',
    publish: 'bm_interception_publish',
  },
  record: { view: 'v_interception_record', views: ['v_interception_record'] },
};
