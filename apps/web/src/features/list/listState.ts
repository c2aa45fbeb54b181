/**
 * The grid's state as one reducer: column filters, sort, column
 * visibility, page, page size and the paging switch. Filter changes, page-size changes and the
 * paging toggle go back to page 0; toggling all columns off keeps the first one.
 */
import type { ColumnDefinition, ColumnFilter, PresetDefinition } from '@bm/contracts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { MAX_COLUMN_WIDTH, MAX_PINNED, MIN_COLUMN_WIDTH } from '../grid/columnLayout.ts';
import type { SortDirection, SortEntry } from '../grid/sortTypes.ts';
import type { ListSettings } from './listSettings.ts';

export interface ListState {
  filters: ColumnFilters;
  sort: SortEntry[];
  visibility: Record<string, boolean>;
  pageIndex: number;
  pageSize: number;
  paging: boolean;
  /** Widths the user gave columns by dragging or with the keyboard; the others fit their content. */
  widths: Record<string, number>;
  /** Column keys in the order the user arranged them. */
  order: string[];
  /** Keys of the columns pinned to the left, in order. */
  pinned: string[];
}

export type ListAction =
  | { type: 'setColumnFilter'; key: string; conditions: ColumnFilter[] }
  | { type: 'resetFilters' }
  | { type: 'setSort'; key: string; direction: SortDirection | null }
  | { type: 'setVisible'; key: string; visible: boolean }
  | { type: 'setAllVisible'; visible: boolean; firstKey: string | undefined }
  | { type: 'setPage'; pageIndex: number }
  | { type: 'setPageSize'; pageSize: number }
  | { type: 'setPaging'; paging: boolean }
  | { type: 'setWidth'; key: string; width: number }
  | { type: 'moveColumn'; key: string; by: -1 | 1 }
  | { type: 'setPinned'; key: string; pinned: boolean }
  /** Back to the sort and paging of the rows on screen, after a load with new ones failed. */
  | { type: 'restoreView'; view: RowsView };

/** What decides which rows a list shows, besides its filters. */
export type RowsView = Pick<ListState, 'sort' | 'pageIndex' | 'pageSize' | 'paging'>;

export const viewOf = ({ sort, pageIndex, pageSize, paging }: ListState): RowsView => ({
  sort,
  pageIndex,
  pageSize,
  paging,
});

export const sameView = (a: RowsView, b: RowsView): boolean =>
  a.pageIndex === b.pageIndex &&
  a.pageSize === b.pageSize &&
  a.paging === b.paging &&
  a.sort.length === b.sort.length &&
  a.sort.every((s, i) => s.key === b.sort[i]?.key && s.direction === b.sort[i]?.direction);

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
    widths: Object.fromEntries(
      definition.definition.flatMap((c) => (c.width === undefined ? [] : [[c.key, c.width]])),
    ),
    order: definition.definition.map((c) => c.key),
    pinned: definition.definition
      .filter((c) => c.pinned)
      .map((c) => c.key)
      .slice(0, MAX_PINNED),
  };
}

const clampWidth = (width: number): number =>
  Math.round(Math.min(MAX_COLUMN_WIDTH, Math.max(MIN_COLUMN_WIDTH, width)));

/** Moves a column one place among the columns of its own part (pinned or not). */
function moveKey(state: ListState, key: string, by: -1 | 1): string[] {
  const pinned = state.pinned.includes(key);
  const part = state.order.filter((k) => state.pinned.includes(k) === pinned);
  const at = part.indexOf(key);
  const swapWith = part[at + by];
  if (at < 0 || swapWith === undefined) return state.order;
  const order = [...state.order];
  const i = order.indexOf(key);
  const j = order.indexOf(swapWith);
  order[i] = swapWith;
  order[j] = key;
  return order;
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
    case 'restoreView':
      return { ...state, ...action.view };
    case 'setWidth':
      return { ...state, widths: { ...state.widths, [action.key]: clampWidth(action.width) } };
    case 'moveColumn': {
      const order = moveKey(state, action.key, action.by);
      // Pinned columns keep their pinned order in step with the overall order.
      const pinned = [...state.pinned].sort((a, b) => order.indexOf(a) - order.indexOf(b));
      return { ...state, order, pinned };
    }
    case 'setPinned': {
      if (!action.pinned) return { ...state, pinned: state.pinned.filter((k) => k !== action.key) };
      if (state.pinned.includes(action.key) || state.pinned.length >= MAX_PINNED) return state;
      return { ...state, pinned: [...state.pinned, action.key] };
    }
  }
}

/** The list call's sort list: `"mapKey=ASC"` strings. */
export const sortParam = (sort: readonly SortEntry[], columns: readonly ColumnDefinition[]): string[] =>
  sort.flatMap((s) => {
    const column = columns.find((c) => c.key === s.key);
    return column ? [`${column.mapKey}=${s.direction}`] : [];
  });
