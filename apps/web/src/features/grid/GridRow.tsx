/**
 * One grid row, memoised: while the user scrolls only rows entering the view render, so a 1,000-row
 * page stays smooth. Of a wide grid it renders the pinned columns and those from `colStart` to
 * `colEnd` (columnWindow.ts); one spacer cell spans the columns skipped on either side, so the
 * table's columns stay where the header has them. Its actions are the row's visible ones (rights,
 * `visibleWhen`, frozen rows). Its checkbox, where rows may be ticked, is named after the row
 * ("Select row 42") and is no Tab stop: Space on any of the row's cells ticks it (DataGrid).
 */
import type { ColumnDefinition, Row, RowAction } from '@bm/contracts';
import { Checkbox } from '@mantine/core';
import type { Row as TableRow } from '@tanstack/react-table';
import { memo } from 'react';
import { Link } from 'react-router';
import { isKeyColumn, isRightAligned } from './formatCell.ts';
import { GridCell, plainCell } from './GridCell.tsx';
import classes from './grid.module.css';
import type { GridFeatures } from './gridFeatures.ts';
import { RowActionsMenu } from './RowActionsMenu.tsx';
import { linkOf, type ReferenceLink } from './referenceLinks.ts';
import { clickAction, visibleRowActions } from './rowActions.ts';

interface GridRowProps {
  tableRow: TableRow<GridFeatures, Row>;
  index: number;
  byKey: ReadonlyMap<string, ColumnDefinition>;
  /** Columns naming another area's record: their cells link to its view. */
  links: ReadonlyMap<string, ReferenceLink>;
  /** Changes when the visible columns do, so the memo lets the row render again. */
  columnsKey: string;
  /** Pinned columns come first and are always rendered. */
  pinnedCount: number;
  /** The rendered unpinned columns: from this index of the visible columns… */
  colStart: number;
  /** …to one before this one. */
  colEnd: number;
  height: number;
  /** The column of the row's tabbable cell, or -1 when the active cell is elsewhere. */
  activeCol: number;
  menuOpen: boolean;
  rowLabel: string;
  /** The row has a checkbox (a list that offers bulk edit), and whether it is ticked. */
  selectable: boolean;
  selected: boolean;
  onSelect: (rowId: string) => void;
  actions: readonly RowAction[];
  withActions: boolean;
  hideActions: boolean;
  frozenField: string | undefined;
  onRun: (action: RowAction, row: Row) => void;
  onMenu: (rowId: string | null) => void;
}

export const GridRow = memo(function GridRow(props: GridRowProps) {
  const {
    tableRow,
    index,
    byKey,
    links,
    pinnedCount,
    colStart,
    colEnd,
    activeCol,
    actions,
    hideActions,
    frozenField,
    onRun,
  } = props;
  const row = tableRow.original;
  const visible = visibleRowActions(actions, row, frozenField);
  const click = clickAction(visible, row, hideActions);
  return (
    <tr
      className={classes.row}
      style={{ height: props.height }}
      aria-rowindex={index + 2}
      data-clickable={click ? true : undefined}
      aria-selected={props.selectable ? props.selected : undefined}
      onClick={() => click && onRun(click, row)}
    >
      {props.selectable && (
        // A click on the box (or beside it in its cell) ticks the row; it does not open the record.
        <td
          className={classes.selectCell}
          aria-colindex={1}
          onClick={(event) => event.stopPropagation()}
          onKeyDown={(event) => event.stopPropagation()}
        >
          <Checkbox
            size="xs"
            tabIndex={-1}
            aria-label={`Select ${props.rowLabel}`}
            checked={props.selected}
            onChange={() => props.onSelect(tableRow.id)}
          />
        </td>
      )}
      {tableRow.getVisibleCells().map((cell, col, cells) => {
        if (col >= pinnedCount && col < colStart) {
          // One spacer for the columns left of the window, in the first skipped column's place.
          return col === pinnedCount ? (
            <td key="before" colSpan={colStart - pinnedCount} aria-hidden />
          ) : null;
        }
        if (col >= colEnd) {
          return col === colEnd ? <td key="after" colSpan={cells.length - colEnd} aria-hidden /> : null;
        }
        const column = byKey.get(cell.column.id) as ColumnDefinition;
        const value = cell.getValue();
        const plain = plainCell(column, value);
        const to =
          value === null || value === undefined || value === ''
            ? undefined
            : linkOf(links.get(column.key), row);
        const numeric = isRightAligned(column);
        const cls = [
          numeric && classes.right,
          numeric && classes.numeric,
          isKeyColumn(column) && classes.mono,
        ]
          .filter(Boolean)
          .join(' ');
        return (
          <td
            key={cell.column.id}
            // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: cells of the APG data grid
            role="gridcell"
            className={cls || undefined}
            aria-colindex={col + 1 + (props.selectable ? 1 : 0)}
            data-cell={`${index}:${col}`}
            tabIndex={col === activeCol ? 0 : -1}
            title={plain?.title}
          >
            {to ? (
              // The row's own click (its View) is not run as well; Enter on the cell follows it.
              <Link
                to={to}
                tabIndex={-1}
                className={classes.link}
                onClick={(event) => event.stopPropagation()}
              >
                {plain ? plain.text : <GridCell column={column} value={value} />}
              </Link>
            ) : plain ? (
              plain.text
            ) : (
              <GridCell column={column} value={value} />
            )}
          </td>
        );
      })}
      {props.withActions && (
        <td className={classes.actionsCell}>
          <RowActionsMenu
            rowLabel={props.rowLabel}
            actions={visible}
            opened={props.menuOpen}
            onOpenChange={(open) => props.onMenu(open ? tableRow.id : null)}
            onRun={(action) => onRun(action, row)}
          />
        </td>
      )}
    </tr>
  );
});
