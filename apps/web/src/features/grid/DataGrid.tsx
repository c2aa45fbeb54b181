/**
 * The list grid: TanStack Table for the column model and
 * visibility, TanStack Virtual so only the rows in view are in the DOM (a 1,000-row page stays
 * smooth), a sticky header whose titles open the column menus, row actions per row, a thin
 * progress bar while loading with the old rows kept, and 'No records' centred when empty.
 */
import type { ColumnDefinition, ColumnFilter, Row, RowAction } from '@bm/contracts';
import { Progress, Text } from '@mantine/core';
import { type ColumnDef, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useMemo, useRef } from 'react';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { columnWidth } from './formatCell.ts';
import { GridHead } from './GridHead.tsx';
import { GridRow } from './GridRow.tsx';
import classes from './grid.module.css';
import { type GridFeatures, gridFeatures } from './gridFeatures.ts';
import { clickAction, visibleRowActions } from './rowActions.ts';
import type { SortDirection, SortEntry } from './sortTypes.ts';
import { useGridKeyboard } from './useGridKeyboard.ts';
import { useStableCallback } from './useStableCallback.ts';

const ACTIONS_WIDTH = 56;

/** Which menu is open: a column's (`col:key`) or a row's (`row:id`); only one at a time. */
type OpenMenu = string | null;

export interface DataGridProps {
  columns: readonly ColumnDefinition[];
  visibility: Record<string, boolean>;
  rows: readonly Row[];
  keyColumn: string;
  loading: boolean;
  compact: boolean;
  sort: readonly SortEntry[];
  filters: ColumnFilters;
  filtersHidden: boolean;
  actions: readonly RowAction[];
  hideActions: boolean;
  frozenField: string | undefined;
  openMenu: OpenMenu;
  onOpenMenu: (menu: OpenMenu) => void;
  onSort: (key: string, direction: SortDirection | null) => void;
  onFilter: (key: string, conditions: ColumnFilter[]) => void;
  onRunAction: (action: RowAction, row: Row) => void;
}

export function DataGrid(props: DataGridProps) {
  const { columns, visibility, rows, keyColumn, compact, actions, hideActions, frozenField, openMenu } =
    props;
  const rowHeight = compact ? 26 : 32;
  const scroller = useRef<HTMLDivElement>(null);
  const byKey = useMemo(() => new Map(columns.map((c) => [c.key, c])), [columns]);
  const columnDefs = useMemo<ColumnDef<GridFeatures, Row>[]>(
    () =>
      columns.map((c) => ({
        id: c.key,
        header: c.column,
        accessorFn: (row: Row) => (Object.hasOwn(row, c.mapKey) ? row[c.mapKey] : row[c.key]),
      })),
    [columns],
  );
  const table = useTable({
    features: gridFeatures,
    columns: columnDefs,
    data: rows as Row[],
    state: { columnVisibility: visibility },
    getRowId: (row, index) => String(row[keyColumn] ?? index),
  });
  const tableRows = table.getRowModel().rows;
  // One string for the visible columns, so memoised rows and the header change only when they do.
  const columnsKey = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join('\u0000');
  const visibleColumns = useMemo(
    () => (columnsKey ? columnsKey.split('\u0000') : []).map((key) => byKey.get(key) as ColumnDefinition),
    [columnsKey, byKey],
  );
  const withActions = !hideActions && actions.length > 0;

  const virtualizer = useVirtualizer({
    count: tableRows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => rowHeight,
    overscan: 8,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);

  const onRun = useStableCallback(props.onRunAction);
  const onMenu = useStableCallback((rowId: string | null) =>
    props.onOpenMenu(rowId === null ? null : `row:${rowId}`),
  );
  const onOpenColumn = useStableCallback((key: string | null) =>
    props.onOpenMenu(key === null ? null : `col:${key}`),
  );
  const onSort = useStableCallback(props.onSort);
  const onFilter = useStableCallback(props.onFilter);
  const keyboard = useGridKeyboard({
    rows: tableRows.length,
    cols: visibleColumns.length,
    pageRows: Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / rowHeight) - 1),
    scroller,
    scrollToRow: (row) => virtualizer.scrollToIndex(row),
    onEnter: (index) => {
      const row = tableRows[index]?.original;
      const action = row && clickAction(visibleRowActions(actions, row, frozenField), row, hideActions);
      if (row && action) onRun(action, row);
    },
  });
  const width =
    visibleColumns.reduce((sum, c) => sum + columnWidth(c), 0) + (withActions ? ACTIONS_WIDTH : 0);

  return (
    <div className={classes.wrapper}>
      {props.loading && (
        <Progress
          className={classes.progress}
          value={100}
          size={2}
          radius={0}
          animated
          aria-label="Loading rows"
        />
      )}
      <div className={classes.scroller} ref={scroller}>
        <table
          className={classes.table}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid pattern (arrow keys move through cells)
          role="grid"
          aria-rowcount={tableRows.length + 1}
          aria-colcount={visibleColumns.length + (withActions ? 1 : 0)}
          style={{ width }}
          onKeyDown={keyboard.onKeyDown}
          onFocus={keyboard.onFocusCell}
        >
          <colgroup>
            {visibleColumns.map((c) => (
              <col key={c.key} style={{ width: columnWidth(c) }} />
            ))}
            {withActions && <col style={{ width: ACTIONS_WIDTH }} />}
          </colgroup>
          <GridHead
            columns={visibleColumns}
            sort={props.sort}
            filters={props.filters}
            filtersHidden={props.filtersHidden}
            openColumn={openMenu?.startsWith('col:') ? openMenu.slice(4) : null}
            withActions={withActions}
            onOpenColumn={onOpenColumn}
            onSort={onSort}
            onFilter={onFilter}
          />
          <tbody>
            {paddingTop > 0 && <tr aria-hidden style={{ height: paddingTop }} />}
            {items.map((item) => {
              const tableRow = tableRows[item.index];
              if (!tableRow) return null;
              return (
                <GridRow
                  key={tableRow.id}
                  tableRow={tableRow}
                  index={item.index}
                  byKey={byKey}
                  columnsKey={columnsKey}
                  height={rowHeight}
                  activeCol={keyboard.active.row === item.index ? keyboard.active.col : -1}
                  menuOpen={openMenu === `row:${tableRow.id}`}
                  rowLabel={`row ${String(tableRow.original[keyColumn] ?? item.index + 1)}`}
                  actions={actions}
                  withActions={withActions}
                  hideActions={hideActions}
                  frozenField={frozenField}
                  onRun={onRun}
                  onMenu={onMenu}
                />
              );
            })}
            {paddingBottom > 0 && <tr aria-hidden style={{ height: paddingBottom }} />}
          </tbody>
        </table>
      </div>
      {rows.length === 0 && !props.loading && (
        <div className={classes.empty}>
          <Text c="dimmed" size="sm">
            No records
          </Text>
        </div>
      )}
    </div>
  );
}
