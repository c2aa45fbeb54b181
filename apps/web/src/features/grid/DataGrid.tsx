/**
 * The list grid: TanStack Table for the column model and
 * visibility, TanStack Virtual so only the rows in view are in the DOM (a 1,000-row page stays
 * smooth), a sticky header whose titles open the column menus, row actions per row, a thin
 * progress bar while loading with the old rows kept, and 'No records' centred when empty. Where the
 * list offers bulk edit, a checkbox column comes first (it stays in view like a pinned column): each
 * row's box ticks that record, the header's box the page's rows, and Space on a focused cell ticks
 * its row (the boxes themselves are no Tab stops, so the rows stay one Tab stop as the grid pattern
 * wants).
 */
import type { ColumnDefinition, ColumnFilter, Row, RowAction } from '@bm/contracts';
import { Text, UnstyledButton } from '@mantine/core';
import { type ColumnDef, useTable } from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type KeyboardEvent,
  type RefObject,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { BusyBar } from '../shell/BusyBar.tsx';
import { columnWidths } from './columnWidths.ts';
import { columnWindow, scrollLeftToShow } from './columnWindow.ts';
import { GridHead } from './GridHead.tsx';
import { GridRow } from './GridRow.tsx';
import classes from './grid.module.css';
import { type GridFeatures, gridFeatures } from './gridFeatures.ts';
import { pageTick } from './pageTick.ts';
import { markNextPaint } from './paintMarks.ts';
import type { ReferenceLink } from './referenceLinks.ts';
import { clickAction, visibleRowActions } from './rowActions.ts';
import type { SortDirection, SortEntry } from './sortTypes.ts';
import { useGridKeyboard } from './useGridKeyboard.ts';
import { useStableCallback } from './useStableCallback.ts';

const ACTIONS_WIDTH = 56;
const SELECT_WIDTH = 36;

/** Ticking rows for a bulk edit, by the rows' record ids. */
interface GridSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  setPage: (pageIds: readonly string[], on: boolean) => void;
}

/** Which menu is open: a column's (`col:key`) or a row's (`row:id`); only one at a time. */
type OpenMenu = string | null;

export interface DataGridProps {
  columns: readonly ColumnDefinition[];
  visibility: Record<string, boolean>;
  rows: readonly Row[];
  keyColumn: string;
  loading: boolean;
  /** The rows could not be loaded: an empty grid then says nothing rather than 'No records'. */
  failed?: boolean;
  compact: boolean;
  sort: readonly SortEntry[];
  filters: ColumnFilters;
  filtersHidden: boolean;
  actions: readonly RowAction[];
  hideActions: boolean;
  frozenField: string | undefined;
  openMenu: OpenMenu;
  onOpenMenu: (menu: OpenMenu) => void;
  /** Resolves once the list shows the new sort (the menu closes then, in the same render). */
  onSort: (key: string, direction: SortDirection | null) => Promise<void>;
  onFilter: (key: string, conditions: ColumnFilter[]) => void;
  onRunAction: (action: RowAction, row: Row) => void;
  /** Widths the user set (the others fit their content). */
  widths?: Readonly<Record<string, number>> | undefined;
  /** Keys of the columns pinned to the left; `columns` lists them first. */
  pinned?: readonly string[] | undefined;
  onResize?: ((key: string, width: number) => void) | undefined;
  onMove?: ((key: string, by: -1 | 1) => void) | undefined;
  onPin?: ((key: string, pinned: boolean) => void) | undefined;
  /** Columns naming another area's record, by key: their cells link to its view. */
  links?: ReadonlyMap<string, ReferenceLink> | undefined;
  /** Rows may be ticked (a list that offers bulk edit): the checkbox column. */
  selection?: GridSelection | undefined;
}

const NO_WIDTHS: Readonly<Record<string, number>> = {};
const NO_PINS: readonly string[] = [];
const NO_LINKS: ReadonlyMap<string, ReferenceLink> = new Map();

/**
 * The scroller's horizontal view: its scroll position and inner width, to tell whether the grid
 * scrolls sideways and which columns to render. Vertical scrolling leaves both alone, so it
 * renders nothing here (the state update bails out).
 */
function useHorizontalView(element: RefObject<HTMLDivElement | null>): { left: number; width: number } {
  const [view, setView] = useState({ left: 0, width: 0 });
  useEffect(() => {
    const node = element.current;
    if (!node) return;
    const update = () =>
      setView((current) =>
        current.left === node.scrollLeft && current.width === node.clientWidth
          ? current
          : { left: node.scrollLeft, width: node.clientWidth },
      );
    node.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(update);
    observer?.observe(node);
    update();
    return () => {
      node.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [element]);
  return view;
}

/**
 * Puts the focus in the grid's rows: on the cell that is the rows' Tab stop, or, when that row is
 * scrolled out of the rendered window, on the first cell in view (which then becomes the stop).
 */
function focusRows(scroller: HTMLElement | null): void {
  const cell =
    scroller?.querySelector<HTMLElement>('tbody td[data-cell][tabindex="0"]') ??
    scroller?.querySelector<HTMLElement>('tbody td[data-cell]');
  cell?.focus({ preventScroll: false });
}

export function DataGrid(props: DataGridProps) {
  const { columns, visibility, rows, keyColumn, compact, actions, hideActions, frozenField, openMenu } =
    props;
  const rowHeight = compact ? 26 : 32;
  const scroller = useRef<HTMLDivElement>(null);
  // New rows are in the DOM: mark the frame that paints them (see paintMarks.ts).
  useLayoutEffect(() => {
    if (rows.length > 0) markNextPaint();
  }, [rows]);
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
  // Widths fit the first rows the grid shows and then stay, so columns do not jump between pages.
  const sample = useRef<readonly Row[]>([]);
  if (sample.current.length === 0 && rows.length > 0) sample.current = rows;
  const sampled = sample.current;
  const userWidths = props.widths ?? NO_WIDTHS;
  const widths = useMemo(
    () => columnWidths(visibleColumns, sampled, userWidths),
    [visibleColumns, sampled, userWidths],
  );
  const pinned = props.pinned ?? NO_PINS;
  const pinnedCount = visibleColumns.filter((c) => pinned.includes(c.key)).length;
  const { selection } = props;
  const selectCols = selection ? 1 : 0;
  const pinOffsets: Record<string, string> = {};
  let left = 0;
  // The checkbox column is the first sticky column, left of any pinned one.
  if (selection) {
    pinOffsets['--pin-left-1'] = '0px';
    left = SELECT_WIDTH;
  }
  for (const column of visibleColumns.slice(0, pinnedCount)) {
    pinOffsets[`--pin-left-${Object.keys(pinOffsets).length + 1}`] = `${left}px`;
    left += widths[column.key] ?? 0;
  }
  const pinnedWidth = left;
  const view = useHorizontalView(scroller);
  const clientWidth = view.width;
  // Only the columns near the view are rendered (columnWindow.ts); pinned ones always are.
  const unpinnedWidths = visibleColumns.slice(pinnedCount).map((c) => widths[c.key] ?? 0);
  const colWindow = columnWindow(unpinnedWidths, view.left - pinnedWidth, view.width);
  const colStart = pinnedCount + colWindow.start;
  const colEnd = pinnedCount + colWindow.end;

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
    pageRows: () => Math.max(1, Math.floor((scroller.current?.clientHeight ?? 400) / rowHeight) - 1),
    scroller,
    scrollToRow: (row) => virtualizer.scrollToIndex(row),
    scrollToCol: (col) => {
      const node = scroller.current;
      if (!node || col < pinnedCount) return;
      const offset = pinnedWidth + unpinnedWidths.slice(0, col - pinnedCount).reduce((a, b) => a + b, 0);
      const target = scrollLeftToShow(offset, unpinnedWidths[col - pinnedCount] ?? 0, {
        scrollLeft: node.scrollLeft,
        clientWidth: node.clientWidth,
        coveredLeft: pinnedWidth,
        coveredRight: overflowing && withActions ? ACTIONS_WIDTH : 0,
      });
      if (target !== null) node.scrollLeft = target;
    },
    onEnter: (index) => {
      const row = tableRows[index]?.original;
      const action = row && clickAction(visibleRowActions(actions, row, frozenField), row, hideActions);
      if (row && action) onRun(action, row);
    },
  });
  const width =
    visibleColumns.reduce((sum, c) => sum + (widths[c.key] ?? 0), 0) +
    (withActions ? ACTIONS_WIDTH : 0) +
    (selection ? SELECT_WIDTH : 0);
  const pageIds = useMemo(() => tableRows.map((r) => r.id), [tableRows]);
  const selected = selection?.selected;
  const pageTicked = useMemo(() => (selected ? pageTick(pageIds, selected) : 'none'), [pageIds, selected]);
  const onSelect = useStableCallback((id: string) => selection?.toggle(id));
  const onSelectPage = useStableCallback((on: boolean) => selection?.setPage(pageIds, on));
  // Space on a focused cell ticks its row, as a grid with a selection column does.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const cell = event.target instanceof HTMLElement ? event.target.closest('td[data-cell]') : null;
    if (selection && event.key === ' ' && cell) {
      const row = Number(cell.getAttribute('data-cell')?.split(':')[0]);
      const id = tableRows[row]?.id;
      if (id !== undefined) {
        event.preventDefault();
        selection.toggle(id);
      }
      return;
    }
    keyboard.onKeyDown(event);
  };
  // The Actions column stays in view only while the grid scrolls sideways; otherwise it is an
  // ordinary last column, so it never lies over data.
  const overflowing = clientWidth > 0 && width > clientWidth;
  const onResize = useStableCallback((key: string, next: number) => props.onResize?.(key, next));
  const onMove = useStableCallback((key: string, by: -1 | 1) => props.onMove?.(key, by));
  const onPin = useStableCallback((key: string, on: boolean) => props.onPin?.(key, on));

  return (
    <div className={classes.wrapper}>
      {/* Shown on focus: from the header (one Tab stop per column) straight into the rows, to the
          cell last active (or the first cell in view). */}
      {rows.length > 0 && (
        <UnstyledButton className={classes.skipToRows} onClick={() => focusRows(scroller.current)}>
          Skip to rows
        </UnstyledButton>
      )}
      {props.loading && <BusyBar className={classes.progress} label="Loading rows" />}
      <div className={classes.scroller} ref={scroller}>
        <table
          className={classes.table}
          // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the APG data grid pattern (arrow keys move through cells)
          role="grid"
          aria-rowcount={tableRows.length + 1}
          aria-colcount={visibleColumns.length + (withActions ? 1 : 0) + selectCols}
          style={{ width, ...pinOffsets }}
          data-pinned={pinnedCount + selectCols || undefined}
          data-overflowing={overflowing || undefined}
          onKeyDown={onKeyDown}
          onFocus={keyboard.onFocusCell}
        >
          <colgroup>
            {selection && <col style={{ width: SELECT_WIDTH }} />}
            {visibleColumns.map((c) => (
              <col key={c.key} style={{ width: widths[c.key] }} />
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
            pageTick={selection && rows.length > 0 ? pageTicked : undefined}
            onTickPage={onSelectPage}
            widths={widths}
            pinned={pinned}
            layoutEditable={props.onResize !== undefined}
            onResize={onResize}
            onMove={onMove}
            onPin={onPin}
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
                // Keyed by place, not by record: another page or sort reuses the rows' elements and
                // only changes their text, instead of removing and creating every row.
                <GridRow
                  key={item.index}
                  tableRow={tableRow}
                  index={item.index}
                  byKey={byKey}
                  links={props.links ?? NO_LINKS}
                  columnsKey={columnsKey}
                  pinnedCount={pinnedCount}
                  colStart={colStart}
                  colEnd={colEnd}
                  height={rowHeight}
                  activeCol={keyboard.active.row === item.index ? keyboard.active.col : -1}
                  menuOpen={openMenu === `row:${tableRow.id}`}
                  rowLabel={`row ${String(tableRow.original[keyColumn] ?? item.index + 1)}`}
                  selectable={selection !== undefined}
                  selected={selected?.has(tableRow.id) ?? false}
                  onSelect={onSelect}
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
      {rows.length === 0 && !props.loading && !props.failed && (
        <div className={classes.empty}>
          <Text c="dimmed" size="sm">
            No records
          </Text>
        </div>
      )}
    </div>
  );
}
