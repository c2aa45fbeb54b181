/** The grid's sticky header row, memoised so scrolling does not re-render the column menus. */
import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import { Checkbox, Text } from '@mantine/core';
import { memo } from 'react';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { MAX_PINNED } from './columnLayout.ts';
import { isRightAligned } from './formatCell.ts';
import { GridHeaderCell } from './GridHeaderCell.tsx';
import classes from './grid.module.css';
import type { PageTick } from './pageTick.ts';
import type { SortDirection, SortEntry } from './sortTypes.ts';

interface GridHeadProps {
  columns: readonly ColumnDefinition[];
  sort: readonly SortEntry[];
  filters: ColumnFilters;
  filtersHidden: boolean;
  /** The key of the column whose menu is open. */
  openColumn: string | null;
  withActions: boolean;
  /** The page's rows may be ticked: how many are (undefined: no checkbox column). */
  pageTick: PageTick | undefined;
  onTickPage: (on: boolean) => void;
  widths: Readonly<Record<string, number>>;
  pinned: readonly string[];
  /** The user may resize, move and pin columns (a list screen; not a read-only embed). */
  layoutEditable: boolean;
  onResize: (key: string, width: number) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onPin: (key: string, pinned: boolean) => void;
  onOpenColumn: (key: string | null) => void;
  onSort: (key: string, direction: SortDirection | null) => Promise<void>;
  onFilter: (key: string, conditions: ColumnFilter[]) => void;
}

/** One empty list for every unfiltered column, so their memoised titles see no change. */
const NO_CONDITIONS: readonly ColumnFilter[] = [];

export const GridHead = memo(function GridHead(props: GridHeadProps) {
  return (
    <thead className={classes.head}>
      <tr aria-rowindex={1}>
        {props.pageTick !== undefined && (
          <th className={classes.selectCell} aria-colindex={1}>
            <Checkbox
              size="xs"
              aria-label="Select every row on this page"
              checked={props.pageTick === 'all'}
              indeterminate={props.pageTick === 'some'}
              // Some ticked: the box clears them, as a mixed box does; none or all: it flips.
              onChange={() => props.onTickPage(props.pageTick === 'none')}
            />
          </th>
        )}
        {props.columns.map((column, index) => {
          const pinned = props.pinned.includes(column.key);
          const part = props.columns.filter((c) => props.pinned.includes(c.key) === pinned);
          const at = part.indexOf(column);
          const sort = props.sort.find((s) => s.key === column.key)?.direction;
          return (
            <th
              key={column.key}
              className={isRightAligned(column) ? classes.right : undefined}
              aria-colindex={index + 1 + (props.pageTick === undefined ? 0 : 1)}
              aria-sort={sort === 'ASC' ? 'ascending' : sort === 'DESC' ? 'descending' : undefined}
            >
              <GridHeaderCell
                column={column}
                sort={sort}
                conditions={
                  Object.hasOwn(props.filters, column.key)
                    ? (props.filters[column.key] ?? NO_CONDITIONS)
                    : NO_CONDITIONS
                }
                filtersHidden={props.filtersHidden}
                opened={props.openColumn === column.key}
                onOpenColumn={props.onOpenColumn}
                onSort={props.onSort}
                onFilter={props.onFilter}
                layoutEditable={props.layoutEditable}
                width={props.widths[column.key] ?? 0}
                pinned={pinned}
                canPin={pinned || props.pinned.length < MAX_PINNED}
                canMoveLeft={at > 0}
                canMoveRight={at >= 0 && at < part.length - 1}
                onResize={props.onResize}
                onMove={props.onMove}
                onPin={props.onPin}
              />
            </th>
          );
        })}
        {props.withActions && (
          <th className={classes.actionsCell}>
            <Text span size="xs" c="dimmed" fw={600}>
              Actions
            </Text>
          </th>
        )}
      </tr>
    </thead>
  );
});
