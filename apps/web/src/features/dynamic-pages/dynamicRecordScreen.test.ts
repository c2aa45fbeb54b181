import type { PageConfig } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { dynamicListRight, dynamicRecordScreen } from './dynamicRecordScreen.ts';

const edit: PageConfig = {
  route: '/dyn/edit',
  pageType: 'edit',
  api: '/api/dyn',
  pageName: 'Dynamic record',
  actions: [
    { action: 'Edit', rightName: 'R/Edit', sqlQuery: 'bm_dyn_update', databaseName: 'main' },
    { action: 'Create', rightName: 'R/Create', sqlQuery: 'bm_dyn_create', databaseName: 'main' },
  ],
};
const list: PageConfig = {
  ...edit,
  route: '/dyn/list',
  pageType: 'list',
  actions: [{ action: 'List', rightName: 'R/List', sqlQuery: '', databaseName: '' }],
};

describe('dynamicRecordScreen', () => {
  it("builds an edit screen on the config's api, right and action", () => {
    const screen = dynamicRecordScreen(edit, 7, [edit, list]);
    expect(screen).toMatchObject({
      mode: 'edit',
      id: 7,
      presetRight: 'R/Edit',
      api: '/api/dyn',
      pageAction: { sqlQuery: 'bm_dyn_update', databaseName: 'main' },
      listPath: '/dyn/list',
      title: 'Dynamic record',
    });
    expect(screen?.editPath(9)).toBe('/dyn/edit/9');
  });

  it('is a create screen without an id', () => {
    expect(dynamicRecordScreen(edit, undefined, [edit])).toMatchObject({
      mode: 'create',
      presetRight: 'R/Create',
      pageAction: { sqlQuery: 'bm_dyn_create' },
    });
  });

  it('builds view and bulk edit screens, and nothing for other types', () => {
    const view = {
      ...edit,
      pageType: 'view',
      actions: [{ action: 'View', rightName: 'R/View', sqlQuery: '', databaseName: '' }],
    };
    expect(dynamicRecordScreen(view, 3, [view, edit])).toMatchObject({ mode: 'view', presetRight: 'R/View' });
    const bulk = {
      ...edit,
      pageType: 'bulkedit',
      actions: [{ action: 'BulkEdit', rightName: 'R/Bulk', sqlQuery: 'bm_b', databaseName: '' }],
    };
    expect(dynamicRecordScreen(bulk, undefined, [bulk])).toMatchObject({
      mode: 'bulkupdate',
      presetRight: 'R/Bulk',
    });
    expect(dynamicRecordScreen({ ...edit, pageType: 'chart' }, undefined, [])).toBeUndefined();
  });

  it('lists with the List right, maps with GetMap', () => {
    expect(dynamicListRight(list)).toBe('R/List');
    expect(
      dynamicListRight({
        ...list,
        pageType: 'map',
        actions: [{ action: 'GetMap', rightName: 'R/GetMap', sqlQuery: '', databaseName: '' }],
      }),
    ).toBe('R/GetMap');
  });

  it("reads a bulk edit's filters from the list of its parent api, and a view through its view", () => {
    const bulk = {
      ...edit,
      route: '/dyn/bulk',
      api: '/api/dyn/bulk-update',
      pageType: 'bulkedit',
      actions: [{ action: 'BulkEdit', rightName: 'R/Bulk', sqlQuery: 'bm_b', databaseName: '' }],
    };
    expect(dynamicRecordScreen(bulk, undefined, [bulk, list])).toMatchObject({
      rights: { list: 'R/List', bulkEdit: 'R/Bulk' },
      listPath: '/dyn/list',
    });
    const view = {
      ...edit,
      pageType: 'view',
      actions: [{ action: 'View', rightName: 'R/View', sqlQuery: 'v_dyn_record', databaseName: 'main' }],
    };
    expect(dynamicRecordScreen(view, 3, [view])?.recordQuery).toEqual({
      sqlViewName: 'v_dyn_record',
      databaseName: 'main',
    });
  });
});
