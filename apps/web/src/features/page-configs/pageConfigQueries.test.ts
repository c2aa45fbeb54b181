import { describe, expect, it } from 'vitest';
import { readPageConfigs } from './pageConfigQueries.ts';

describe('readPageConfigs', () => {
  it('keeps well-formed configs and actions', () => {
    expect(
      readPageConfigs([
        {
          route: '/a',
          pageType: 'list',
          api: '/api/a',
          pageName: 'A',
          actions: [{ action: 'List', rightName: 'R', sqlQuery: 'q' }, { bad: 1 }],
        },
        { route: 5 },
        'x',
      ]),
    ).toEqual([
      {
        route: '/a',
        pageType: 'list',
        api: '/api/a',
        pageName: 'A',
        actions: [{ action: 'List', rightName: 'R', sqlQuery: 'q', databaseName: '' }],
      },
    ]);
    expect(readPageConfigs({})).toEqual([]);
  });
});
