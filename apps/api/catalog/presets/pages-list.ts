import type { DefaultPresetSpec } from './default-presets.ts';
import { tagColumn } from './tag-column.ts';

const PAGE_STATUS = {
  draft: { color: 'gray', label: 'Draft' },
  published: { color: 'green', label: 'Published' },
  archived: { color: 'orange', label: 'Archived' },
};

export const pagesListPreset: DefaultPresetSpec = {
  rightName: 'BMTools/Page/List',
  version: 1,
  definition: {
    source: '/api/pages',
    settings: { pageItems: 20, paging: true, bulkEdit: true },
    actions: {
      create: { RedirectUrl: '/page/list' },
      bulkupdate: { api: '/api/pages/bulk-update' },
    },
    rowActions: [
      { type: 'view', label: 'View', order: 1, pageUrl: '/page/view/{id}', columnKey: 'id' },
      { type: 'edit', label: 'Edit', order: 2, pageUrl: '/page/edit/{id}', columnKey: 'id' },
      { type: 'delete', label: 'Delete', order: 3, columnKey: 'id', storedProcedure: 'bm_page_delete' },
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
      { key: 'url', mapKey: 'url', column: 'URL', type: 'link', visible: true, filterable: true },
      { key: 'title', mapKey: 'title', column: 'Title', type: 'text', visible: true, filterable: true },
      {
        key: 'languageCode',
        mapKey: 'languageCode',
        column: 'Language',
        type: 'combobox',
        visible: true,
        filterable: true,
        inputProps: {
          options: ['en', 'de', 'fr', 'es', 'it', 'nl'].map((v) => ({ value: v, label: v.toUpperCase() })),
        },
      },
      tagColumn('status', 'Status', PAGE_STATUS),
      {
        key: 'isActive',
        mapKey: 'isActive',
        column: 'Active',
        type: 'boolean',
        visible: true,
        filterable: true,
      },
      {
        key: 'priority',
        mapKey: 'priority',
        column: 'Priority',
        type: 'number',
        visible: true,
        filterable: true,
      },
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
        visible: false,
        filterable: true,
      },
      {
        key: 'updatedBy',
        mapKey: 'updatedBy',
        column: 'Updated by',
        type: 'text',
        visible: false,
        filterable: true,
      },
    ],
  },
};
