import { type AppRoute, entityRoutes } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import {
  entityScreenRights,
  holds,
  openableRights,
  pageConfigRights,
  screenRightOf,
} from './screenRights.ts';

const TABLE = [
  ...entityRoutes({
    segment: 'widget',
    entity: 'Widget',
    actions: ['List', 'Create', 'Edit', 'View', 'BulkEdit'],
    rightOverrides: { View: 'BMTools/widget/View' },
  }),
  ...entityRoutes({ segment: 'gadget', entity: 'Gadget', actions: ['List', 'View'] }),
];

describe('screen rights', () => {
  it("reads an entity's rights from the route table, Publish beside Edit", () => {
    expect(entityScreenRights('/widget/list', TABLE)).toEqual({
      list: 'BMTools/Widget/List',
      create: 'BMTools/Widget/Create',
      edit: 'BMTools/Widget/Edit',
      view: 'BMTools/widget/View',
      bulkEdit: 'BMTools/Widget/BulkEdit',
      publish: 'BMTools/Widget/Publish',
    });
  });

  it('names no right for a screen the table lacks', () => {
    expect(entityScreenRights('/gadget/list', TABLE)).toEqual({
      list: 'BMTools/Gadget/List',
      view: 'BMTools/Gadget/View',
    });
    expect(entityScreenRights('/widget/list', [])).toEqual({});
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

describe('screens without their default preset', () => {
  const table = entityRoutes({
    segment: 'widget',
    entity: 'Widget',
    actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  }).map((route) => ({ ...route, hasPreset: route.kind === 'list' || route.kind === 'view' }));

  it('are left out of the screen rights, so no button leads to them', () => {
    expect(entityScreenRights('/widget/list', table)).toEqual({
      list: 'BMTools/Widget/List',
      view: 'BMTools/Widget/View',
    });
  });

  it('take away only the rights that open nothing else', () => {
    const held = new Set(['BMTools/Widget/List', 'BMTools/Widget/Create', 'BMTools/Widget/Delete', 'Other']);
    expect([...openableRights(held, table)].sort()).toEqual([
      'BMTools/Widget/Delete',
      'BMTools/Widget/List',
      'Other',
    ]);
  });
});

describe('screenRightOf', () => {
  const table: AppRoute[] = [
    { pattern: '/word/list', kind: 'list', right: 'BMTools/Word/List' },
    { pattern: '/word/edit/:id', kind: 'edit', right: 'BMTools/Word/Edit' },
  ];
  it('finds the screen a URL template opens, query and placeholders aside', () => {
    expect(screenRightOf('/word/list?placeId={id}', table)).toBe('BMTools/Word/List');
    expect(screenRightOf('/Word/edit/{id}', table)).toBe('BMTools/Word/Edit');
    expect(screenRightOf('/word/view/{id}', table)).toBeUndefined();
    expect(screenRightOf('https://elsewhere.example/word/list', table)).toBeUndefined();
  });
});
