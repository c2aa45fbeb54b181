/**
 * Page configs: screens generated from a route, a page type, an API path
 * and the action-to-right list. `sqlQuery` names a registered procedure or view; the server uses
 * this copy, never the request's.
 */
import type { PageConfig } from '@bm/contracts';

export const PAGE_CONFIGS: readonly PageConfig[] = [
  {
    route: '/pages-config/list',
    pageType: 'list',
    api: '/api/pages',
    pageName: 'Pages (configured)',
    actions: [{ action: 'List', rightName: 'BMTools/Page/List', sqlQuery: 'v_pages', databaseName: 'main' }],
  },
  {
    route: '/pages-config/edit',
    pageType: 'edit',
    api: '/api/pages',
    pageName: 'Edit page (configured)',
    actions: [
      { action: 'Edit', rightName: 'BMTools/Page/Edit', sqlQuery: 'bm_page_save', databaseName: 'main' },
      { action: 'Create', rightName: 'BMTools/Page/Create', sqlQuery: 'bm_page_save', databaseName: 'main' },
    ],
  },
  {
    route: '/pages-config/view',
    pageType: 'view',
    api: '/api/pages',
    pageName: 'Page (configured)',
    actions: [
      { action: 'View', rightName: 'BMTools/Page/View', sqlQuery: 'v_page_record', databaseName: 'main' },
    ],
  },
  {
    route: '/pages-config/bulkedit',
    pageType: 'bulkedit',
    api: '/api/pages/bulk-update',
    pageName: 'Bulk edit pages (configured)',
    actions: [
      {
        action: 'BulkEdit',
        rightName: 'BMTools/Page/BulkEdit',
        sqlQuery: 'bm_page_save',
        databaseName: 'main',
      },
    ],
  },
  {
    route: '/reservations-config/map',
    pageType: 'map',
    api: '/api/reservations',
    pageName: 'Reservation map (configured)',
    actions: [
      {
        action: 'GetMap',
        rightName: 'BMTools/Reservation/GetMap',
        sqlQuery: 'v_reservations',
        databaseName: 'main',
      },
    ],
  },
  {
    route: '/roadmap-config',
    pageType: 'iframe',
    api: 'roadmap',
    pageName: 'Roadmap (configured)',
    actions: [{ action: 'View', rightName: 'ViewRoadmapTool', sqlQuery: '', databaseName: '' }],
  },
  {
    route: '/pages-config/source',
    pageType: 'Source',
    api: '/api/pages',
    pageName: 'Pages source',
    actions: [{ action: 'List', rightName: 'BMTools/Page/List', sqlQuery: 'v_pages', databaseName: 'main' }],
  },
];
