/**
 * What a list's grid is given that follows from its list controller alone (its state, rows,
 * settings and handlers), for every screen that shows a list through it: the list page and a
 * record's related lists. The screen adds the columns it shows, its density and the open menu.
 */
import type { DataGridProps } from '../grid/DataGrid.tsx';
import type { ListController } from './useListController.ts';

export type ListGridProps = Omit<DataGridProps, 'columns' | 'compact' | 'openMenu' | 'onOpenMenu'>;

export function listGridProps(list: ListController): ListGridProps {
  const { state, data, settings } = list;
  return {
    widths: state.widths,
    pinned: state.pinned,
    onResize: list.setColumnWidth,
    onMove: list.moveColumn,
    onPin: list.setPinned,
    visibility: state.visibility,
    rows: data.rows,
    keyColumn: list.keyColumn,
    loading: data.fetching,
    failed: data.failed,
    sort: state.sort,
    filters: state.filters,
    filtersHidden: settings.hideFilters,
    actions: list.rowActions,
    hideActions: settings.hideActions,
    frozenField: settings.frozenField,
    onSort: list.setSort,
    onFilter: list.setColumnFilter,
    onRunAction: list.runRowAction,
    links: list.links,
  };
}
