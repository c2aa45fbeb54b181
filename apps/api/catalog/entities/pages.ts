import { col, type EntitySpec } from '../entity-spec.ts';

export const pagesEntity: EntitySpec = {
  entity: 'Page',
  api: '/api/pages',
  rightPrefix: 'BMTools/Page',
  view: 'v_pages',
  views: ['v_pages'],
  dataSources: ['main'],
  key: 'id',
  deleteKeys: ['id'],
  columns: [
    col('id', 'number'),
    col('name', 'text'),
    col('url', 'text'),
    col('title', 'text'),
    col('languageCode', 'text'),
    col('status', 'text'),
    col('isActive', 'boolean'),
    col('priority', 'number'),
    col('publishedAt', 'datetime'),
    col('updatedAt', 'datetime'),
    col('updatedBy', 'text'),
  ],
  procedures: {
    delete: 'bm_page_delete',
    create: 'bm_page_save',
    update: 'bm_page_save',
    bulkupdate: 'bm_page_save',
  },
  record: { view: 'v_page_record', views: ['v_page_record'] },
  bulkPath: '/api/pages/bulk-update',
};
