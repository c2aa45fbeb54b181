import { col, type EntitySpec } from '../entity-spec.ts';

export const interceptionTriggersEntity: EntitySpec = {
  entity: 'InterceptionTrigger',
  api: '/api/interceptiontriggers',
  rightPrefix: 'BMTools/InterceptionTrigger',
  view: 'v_interception_triggers',
  views: ['v_interception_triggers'],
  dataSources: ['main'],
  key: 'id',
  deleteKeys: ['id'],
  columns: [
    col('id', 'number'),
    col('interceptionId', 'number'),
    col('interceptionName', 'text'),
    col('name', 'text'),
    col('event', 'text'),
    col('selector', 'text', { sort: false }),
    col('delayMs', 'number'),
    col('isActive', 'boolean'),
    col('status', 'text'),
    col('publishedAt', 'datetime'),
    col('updatedAt', 'datetime'),
  ],
  procedures: {
    delete: 'bm_interception_trigger_delete',
    create: 'bm_interception_trigger_save',
    update: 'bm_interception_trigger_save',
    publish: 'bm_interception_trigger_publish',
  },
  record: { view: 'v_interception_trigger_record', views: ['v_interception_trigger_record'] },
};
