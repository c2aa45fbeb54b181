import type { PageConfig } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { matchPageConfig, pageConfigListPath, pageRight } from './pageConfigRoutes.ts';

const action = (name: string, right: string) => ({
  action: name,
  rightName: right,
  sqlQuery: 'bm_x',
  databaseName: 'main',
});
const config = (
  route: string,
  pageType: string,
  actions = [action('List', 'R/List')],
  api = '/api/dyn',
): PageConfig => ({
  route,
  pageType,
  api,
  pageName: route,
  actions,
});

const configs = [
  config('/dyn/list', 'list'),
  config('dyn/edit', 'edit', [action('Create', 'R/Create'), action('Edit', 'R/Edit')]),
  config('/dyn/view', 'view', [action('View', 'R/View')]),
  config('/dyn/source', 'Source'),
];

describe('matchPageConfig', () => {
  it('matches a route exactly, or with a numeric id', () => {
    expect(matchPageConfig('/dyn/list', configs)?.config.pageType).toBe('list');
    expect(matchPageConfig('/DYN/Edit/', configs)).toMatchObject({
      id: undefined,
      config: { pageType: 'edit' },
    });
    expect(matchPageConfig('/dyn/edit/42', configs)).toMatchObject({ id: 42, config: { pageType: 'edit' } });
    expect(matchPageConfig('/dyn/edit/abc', configs)).toBeUndefined();
    expect(matchPageConfig('/nope', configs)).toBeUndefined();
  });

  it("skips configs of type 'Source'", () => {
    expect(matchPageConfig('/dyn/source', configs)).toBeUndefined();
  });
});

describe('pageRight', () => {
  it("guards each page type by its action's right", () => {
    const [list, edit, view] = configs as [PageConfig, PageConfig, PageConfig];
    expect(pageRight(list, undefined)).toBe('R/List');
    expect(pageRight(edit, undefined)).toBe('R/Create');
    expect(pageRight(edit, 3)).toBe('R/Edit');
    expect(pageRight(view, 3)).toBe('R/View');
    expect(pageRight(config('/f', 'iframe', [action('View', 'R/Frame')]), undefined)).toBe('R/Frame');
    expect(pageRight(config('/f', 'iframe', []), undefined)).toBeUndefined();
  });
});

describe('pageConfigListPath', () => {
  it('finds the list page of the same api whose right the user holds', () => {
    expect(pageConfigListPath(configs, '/api/dyn/', new Set(['R/List']))).toBe('/dyn/list');
    expect(pageConfigListPath(configs, '/api/dyn', new Set())).toBeUndefined();
    expect(pageConfigListPath(configs, '/api/other', new Set(['R/List']))).toBeUndefined();
  });
});
