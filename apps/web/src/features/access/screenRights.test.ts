import { describe, expect, it } from 'vitest';
import { entityScreenRights, holds, pageConfigRights } from './screenRights.ts';

describe('screen rights', () => {
  it("reads an entity's rights from the route table, Publish beside Edit", () => {
    expect(entityScreenRights('/interception/list')).toEqual({
      list: 'BMTools/Interception/List',
      create: 'BMTools/Interception/Create',
      edit: 'BMTools/Interception/Edit',
      view: 'BMTools/Interception/View',
      bulkEdit: 'BMTools/Interception/BulkEdit',
      publish: 'BMTools/Interception/Publish',
    });
    expect(entityScreenRights('/merchantCarClass/list').view).toBe('BMTools/merchantcarclass/View');
  });

  it("reads a page config's rights from its actions", () => {
    expect(
      pageConfigRights({
        actions: [
          { action: 'Edit', rightName: 'R/Edit', sqlQuery: '', databaseName: '' },
          { action: 'bulkupdate', rightName: 'R/Bulk', sqlQuery: '', databaseName: '' },
          { action: 'Publish', rightName: 'R/Pub', sqlQuery: '', databaseName: '' },
        ],
      }),
    ).toEqual({ edit: 'R/Edit', bulkEdit: 'R/Bulk', publish: 'R/Pub' });
    expect(holds(new Set(['a']), 'a')).toBe(true);
    expect(holds(new Set(['a']), undefined)).toBe(false);
  });
});
