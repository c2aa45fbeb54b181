/**
 * The grid's state as one reducer: column filters, sort, column
 * visibility, page, page size and the paging switch. Filter changes, page-size changes and the
 * paging toggle go back to page 0; toggling all columns off keeps the first one.
 */
import type { ColumnDefinition, ColumnFilter, PresetDefinition } from '@bm/contracts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import type { SortDirection, SortEntry } from '../grid/sortTypes.ts';
import type { ListSettings } from './listSettings.ts';

export interface ListState {
  filters: ColumnFilters;
  sort: SortEntry[];
  visibility: Record<string, boolean>;
  pageIndex: number;
  pageSize: number;
  paging: boolean;
}

export type ListAction =
  | { type: 'setColumnFilter'; key: string; conditions: ColumnFilter[] }
  | { type: 'resetFilters' }
  | { type: 'setSort'; key: string; direction: SortDirection | null }
  | { type: 'setVisible'; key: string; visible: boolean }
  | { type: 'setAllVisible'; visible: boolean; firstKey: string | undefined }
  | { type: 'setPage'; pageIndex: number }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'setPaging'; paging: boolean };

/** The preset's own filters: its settings' filters, else each column's `filter`. */
export function presetFilters(definition: PresetDefinition): ColumnFilters {
  if (definition.settings.filters) return { ...definition.settings.filters };
  const filters: ColumnFilters = {};
  for (const column of definition.definition) {
    if (column.filter && column.filter.length > 0) filters[column.key] = column.filter;
  }
  return filters;
}

const initialSort = (columns: readonly ColumnDefinition[]): SortEntry[] =>
  columns.flatMap((c) => (c.sort === 'ASC' || c.sort === 'DESC' ? [{ key: c.key, direction: c.sort }] : []));

export function initialListState(
  definition: PresetDefinition,
  settings: ListSettings,
  filters: ColumnFilters,
): ListState {
  return {
    filters,
    sort: initialSort(definition.definition),
    visibility: Object.fromEntries(definition.definition.map((c) => [c.key, c.visible !== false])),
    pageIndex: 0,
    pageSize: settings.pageItems,
    paging: settings.paging,
  };
}

export function listReducer(state: ListState, action: ListAction): ListState {
  switch (action.type) {
    case 'setColumnFilter': {
      const filters = { ...state.filters };
      if (action.conditions.length === 0) delete filters[action.key];
      else filters[action.key] = action.conditions;
      return { ...state, filters, pageIndex: 0 };
    }
    case 'resetFilters':
      return { ...state, filters: {}, pageIndex: 0 };
    case 'setSort':
      return {
        ...state,
        sort: action.direction === null ? [] : [{ key: action.key, direction: action.direction }],
        pageIndex: 0,
      };
    case 'setVisible':
      return { ...state, visibility: { ...state.visibility, [action.key]: action.visible } };
    case 'setAllVisible': {
      const visibility = Object.fromEntries(
        Object.keys(state.visibility).map((key) => [key, action.visible || key === action.firstKey]),
      );
      return { ...state, visibility };
    }
    case 'setPage':
      return { ...state, pageIndex: Math.max(0, action.pageIndex) };
    case 'setPageSize':
      return { ...state, pageSize: action.pageSize, pageIndex: 0 };
    case 'setPaging':
      return { ...state, paging: action.paging, pageIndex: 0 };
  }
}

/** The list call's sort list: `"mapKey=ASC"` strings. */
export const sortParam = (sort: readonly SortEntry[], columns: readonly ColumnDefinition[]): string[] =>
  sort.flatMap((s) => {
    const column = columns.find((c) => c.key === s.key);
    return column ? [`${column.mapKey}=${s.direction}`] : [];
  });
