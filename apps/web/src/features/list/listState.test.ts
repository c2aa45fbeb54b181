import type { PresetDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { definitionFromState } from './definitionFromState.ts';
import { resolveListSettings } from './listSettings.ts';
import { initialListState, type ListState, listReducer, presetFilters, sortParam } from './listState.ts';

const definition: PresetDefinition = {
  settings: { pageItems: 50 },
  actions: {},
  rowActions: [],
  definition: [
    { key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true, sort: 'DESC' },
    {
      key: 'name',
      mapKey: 'page_name',
      column: 'Name',
      type: 'text',
      visible: true,
      filter: [{ conjunction: 'and', operator: 'contains', value: 'a' }],
    },
    { key: 'note', mapKey: 'note', column: 'Note', type: 'text', visible: false },
  ],
};
const settings = resolveListSettings(definition.settings, {});
const state = (): ListState => ({ ...initialListState(definition, settings, {}), pageIndex: 4 });

describe('list settings', () => {
  it('merges the query-string switches over the preset settings, the query string winning', () => {
    const preset = {
      hideFilters: true,
      compactView: true,
      pageItems: 50,
      paging: false,
      frozenField: 'isLocked',
    };
    expect(resolveListSettings(preset, {})).toMatchObject({
      hideFilters: true,
      compactView: true,
      pageItems: 50,
      paging: false,
      frozenField: 'isLocked',
    });
    expect(
      resolveListSettings(preset, { hidefilters: false, compactview: false, pageitems: 10, paging: true }),
    ).toMatchObject({
      hideFilters: false,
      compactView: false,
      pageItems: 10,
      paging: true,
    });
    expect(resolveListSettings({}, {})).toMatchObject({
      pageItems: 20,
      paging: true,
      hideActions: false,
      ignoreState: false,
    });
    expect(resolveListSettings({ disablePaging: true }, {}).paging).toBe(false);
  });
});

describe('list state', () => {
  it('starts from the preset: visibility, sort and page size', () => {
    expect(initialListState(definition, settings, {})).toEqual({
      filters: {},
      sort: [{ key: 'id', direction: 'DESC' }],
      visibility: { id: true, name: true, note: false },
      pageIndex: 0,
      pageSize: 50,
      paging: true,
      widths: {},
      order: ['id', 'name', 'note'],
      pinned: [],
    });
    expect(presetFilters(definition)).toEqual({
      name: [{ conjunction: 'and', operator: 'contains', value: 'a' }],
    });
    expect(presetFilters({ ...definition, settings: { filters: { id: [] } } })).toEqual({ id: [] });
  });

  it('goes back to page 0 on filter, sort, page-size and paging changes, not on visibility', () => {
    const condition = { conjunction: 'and' as const, operator: 'eq', value: 1 };
    expect(
      listReducer(state(), { type: 'setColumnFilter', key: 'id', conditions: [condition] }),
    ).toMatchObject({
      pageIndex: 0,
      filters: { id: [condition] },
    });
    expect(listReducer(state(), { type: 'setPageSize', pageSize: 100 })).toMatchObject({
      pageIndex: 0,
      pageSize: 100,
    });
    expect(listReducer(state(), { type: 'setPaging', paging: false })).toMatchObject({
      pageIndex: 0,
      paging: false,
    });
    expect(listReducer(state(), { type: 'setSort', key: 'name', direction: 'ASC' })).toMatchObject({
      pageIndex: 0,
      sort: [{ key: 'name', direction: 'ASC' }],
    });
    expect(listReducer(state(), { type: 'setSort', key: 'name', direction: null }).sort).toEqual([]);
    expect(listReducer(state(), { type: 'setVisible', key: 'note', visible: true })).toMatchObject({
      pageIndex: 4,
    });
    expect(listReducer(state(), { type: 'setPage', pageIndex: 2 }).pageIndex).toBe(2);
  });

  it('removes a column whose conditions are cleared, and resets all', () => {
    const withFilter = listReducer(state(), {
      type: 'setColumnFilter',
      key: 'id',
      conditions: [{ conjunction: 'and', operator: 'eq', value: 1 }],
    });
    expect(listReducer(withFilter, { type: 'setColumnFilter', key: 'id', conditions: [] }).filters).toEqual(
      {},
    );
    expect(listReducer(withFilter, { type: 'resetFilters' }).filters).toEqual({});
  });

  it('toggling all columns on shows all, off keeps the first', () => {
    expect(listReducer(state(), { type: 'setAllVisible', visible: true, firstKey: 'id' }).visibility).toEqual(
      { id: true, name: true, note: true },
    );
    expect(
      listReducer(state(), { type: 'setAllVisible', visible: false, firstKey: 'id' }).visibility,
    ).toEqual({ id: true, name: false, note: false });
  });

  it('sends the sort as mapKey=direction', () => {
    expect(
      sortParam(
        [
          { key: 'name', direction: 'ASC' },
          { key: 'gone', direction: 'ASC' },
        ],
        definition.definition,
      ),
    ).toEqual(['page_name=ASC']);
  });

  it('writes the grid into the definition it saves', () => {
    const changed = listReducer(
      listReducer(state(), {
        type: 'setColumnFilter',
        key: 'name',
        conditions: [{ conjunction: 'and', operator: 'eq', value: 'x' }],
      }),
      { type: 'setVisible', key: 'note', visible: true },
    );
    const saved = definitionFromState(definition, { ...changed, sort: [{ key: 'name', direction: 'ASC' }] });
    expect(saved.settings).toMatchObject({
      pageItems: 50,
      paging: true,
      filters: { name: [{ operator: 'eq', value: 'x' }] },
    });
    expect(saved.definition.map((c) => [c.key, c.visible, c.sort, c.filter])).toEqual([
      ['id', true, '', undefined],
      ['name', true, 'ASC', undefined],
      ['note', true, '', undefined],
    ]);
  });

  it('resizes within bounds, moves within the pinned or unpinned part, and pins at most three', () => {
    const start = state();
    expect(listReducer(start, { type: 'setWidth', key: 'name', width: 10 }).widths).toEqual({ name: 48 });
    expect(listReducer(start, { type: 'setWidth', key: 'name', width: 5000 }).widths).toEqual({ name: 800 });
    expect(listReducer(start, { type: 'moveColumn', key: 'name', by: 1 }).order).toEqual([
      'id',
      'note',
      'name',
    ]);
    expect(listReducer(start, { type: 'moveColumn', key: 'id', by: -1 }).order).toEqual([
      'id',
      'name',
      'note',
    ]);
    const pinned = listReducer(start, { type: 'setPinned', key: 'note', pinned: true });
    expect(pinned.pinned).toEqual(['note']);
    // 'name' cannot move past the pinned 'note': it is first of the unpinned part.
    expect(listReducer(pinned, { type: 'moveColumn', key: 'id', by: 1 }).order).toEqual([
      'name',
      'id',
      'note',
    ]);
    let many = pinned;
    for (const key of ['id', 'name', 'extra'])
      many = listReducer(many, { type: 'setPinned', key, pinned: true });
    expect(many.pinned).toEqual(['note', 'id', 'name']);
    expect(listReducer(many, { type: 'setPinned', key: 'id', pinned: false }).pinned).toEqual([
      'note',
      'name',
    ]);
  });
});
