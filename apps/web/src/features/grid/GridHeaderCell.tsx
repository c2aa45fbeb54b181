/**
 * A column title: clicking it opens the column menu — sort and, for a
 * filterable column, its filter dialog. The menu is controlled by the grid so only one column or
 * row menu is open at a time. A filtered column shows a marker; the sort arrow sorts directly. On a
 * list the menu also moves and pins the column, and the right edge resizes it.
 */
import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import {
  ActionIcon,
  Button,
  Divider,
  Group,
  Popover,
  Text,
  UnstyledButton,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconFilterFilled } from '@tabler/icons-react';
import { memo, type PointerEvent as ReactPointerEvent, useId } from 'react';
import { ColumnFilterEditor } from '../filters/ColumnFilterEditor.tsx';
import { isFilterable } from '../filters/filterTypes.ts';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './columnLayout.ts';
import classes from './grid.module.css';
import type { SortDirection } from './sortTypes.ts';
import { WhileOpen } from './WhileOpen.tsx';

/**
 * What the grid hands a column title: values and the grid's own stable callbacks (keyed by column),
 * so the memoised cell renders again only when its own column's sort, filter, menu or layout
 * changes — a sort renders two titles, not every column's menu.
 */
interface GridHeaderCellProps {
  column: ColumnDefinition;
  sort: SortDirection | undefined;
  conditions: readonly ColumnFilter[];
  filtersHidden: boolean;
  opened: boolean;
  onOpenColumn: (key: string | null) => void;
  onSort: (key: string, direction: SortDirection | null) => Promise<void>;
  onFilter: (key: string, conditions: ColumnFilter[]) => void;
  /** The user may resize, move and pin the column (then the values below apply). */
  layoutEditable: boolean;
  width: number;
  pinned: boolean;
  canPin: boolean;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onResize: (key: string, width: number) => void;
  onMove: (key: string, by: -1 | 1) => void;
  onPin: (key: string, pinned: boolean) => void;
}

export const GridHeaderCell = memo(function GridHeaderCell(props: GridHeaderCellProps) {
  const { column, onOpenColumn, onSort, onFilter, onResize, onMove, onPin } = props;
  const key = column.key;
  return (
    <HeaderCellContent
      column={column}
      sort={props.sort}
      conditions={props.conditions}
      filtersHidden={props.filtersHidden}
      opened={props.opened}
      onOpenChange={(open) => onOpenColumn(open ? key : null)}
      onSort={(direction) => onSort(key, direction)}
      onFilter={(conditions) => onFilter(key, conditions)}
      layout={
        props.layoutEditable
          ? {
              width: props.width,
              pinned: props.pinned,
              canPin: props.canPin,
              canMoveLeft: props.canMoveLeft,
              canMoveRight: props.canMoveRight,
              onResize: (width) => onResize(key, width),
              onMove: (by) => onMove(key, by),
              onPin: (on) => onPin(key, on),
            }
          : undefined
      }
    />
  );
});

interface HeaderCellContentProps {
  column: ColumnDefinition;
  sort: SortDirection | undefined;
  conditions: readonly ColumnFilter[];
  filtersHidden: boolean;
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onSort: (direction: SortDirection | null) => Promise<void>;
  onFilter: (conditions: ColumnFilter[]) => void;
  /** Resizing, moving and pinning, where the grid allows them. */
  layout?: ColumnLayoutControls | undefined;
}

interface ColumnLayoutControls {
  width: number;
  pinned: boolean;
  canPin: boolean;
  canMoveLeft: boolean;
  canMoveRight: boolean;
  onResize: (width: number) => void;
  onMove: (by: -1 | 1) => void;
  onPin: (pinned: boolean) => void;
}

const KEY_STEP = 16;

/**
 * The column's right edge: drag it to resize; focused, the arrow keys resize by 16 px. The width is
 * committed when the drag ends, so the list is not re-laid-out on every pixel. It is not a Tab stop:
 * a header is one stop (its menu button), whose Shift+arrows resize the same way.
 */
function ResizeHandle({ title, layout }: { title: string; layout: ColumnLayoutControls }) {
  const startDrag = (event: ReactPointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const cell = handle.closest('th');
    const col = cell?.closest('table')?.querySelectorAll('col')[cell.cellIndex];
    const startX = event.clientX;
    const startWidth = layout.width;
    let current = startWidth;
    handle.setPointerCapture(event.pointerId);
    const move = (e: PointerEvent) => {
      current = Math.max(MIN_COLUMN_WIDTH, Math.min(MAX_COLUMN_WIDTH, startWidth + e.clientX - startX));
      if (col) col.style.width = `${current}px`;
    };
    const end = () => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      if (current !== startWidth) layout.onResize(current);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  return (
    // biome-ignore lint/a11y/useSemanticElements: a column splitter is the separator role (APG window splitter)
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={`Resize ${title}`}
      aria-valuenow={layout.width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={-1}
      className={classes.resizeHandle}
      onPointerDown={startDrag}
      onClick={(e) => e.stopPropagation()}
      onKeyDown={(e) => {
        if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
        e.preventDefault();
        e.stopPropagation();
        layout.onResize(layout.width + (e.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
      }}
    />
  );
}

const NEXT_SORT: Record<string, SortDirection | null> = { none: 'ASC', ASC: 'DESC', DESC: null };

function HeaderCellContent(props: HeaderCellContentProps) {
  const { column, sort, conditions, filtersHidden, opened, onOpenChange, onSort, onFilter } = props;
  const titleId = useId();
  const filtered = conditions.length > 0;
  const canFilter = isFilterable(column) && !filtersHidden;
  const SortIcon = sort === 'ASC' ? IconArrowUp : sort === 'DESC' ? IconArrowDown : IconArrowsSort;
  // The menu closes when the list shows the sort, in the same render: a render made in the click
  // would run before the sorted rows' call leaves (the list starts it from this click), and one
  // of its own would hold up the rows when they land.
  const sortThen = (direction: SortDirection | null) => {
    void onSort(direction).then(() => onOpenChange(false));
  };

  return (
    <Group gap={2} wrap="nowrap" className={classes.headerInner}>
      <Popover
        opened={opened}
        onChange={onOpenChange}
        position="bottom-start"
        width={300}
        trapFocus
        shadow="md"
        withinPortal
        // Escape is handled as it bubbles up (below), so an open value list inside can keep it.
        closeOnEscape={false}
      >
        <Popover.Target>
          <UnstyledButton
            className={classes.headerButton}
            onClick={() => onOpenChange(!opened)}
            aria-haspopup="dialog"
            aria-expanded={opened}
            // The column's one Tab stop: its menu holds sorting, moving, pinning and the filter,
            // and Shift+arrows resize it.
            aria-keyshortcuts={props.layout ? 'Shift+ArrowLeft Shift+ArrowRight' : undefined}
            onKeyDown={(event) => {
              const layout = props.layout;
              if (!layout || !event.shiftKey) return;
              if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
              event.preventDefault();
              layout.onResize(layout.width + (event.key === 'ArrowRight' ? KEY_STEP : -KEY_STEP));
            }}
          >
            <span className={classes.headerLabel}>{column.column}</span>
            {filtered && (
              <IconFilterFilled size={12} aria-label="filtered" className={classes.filterMarker} />
            )}
          </UnstyledButton>
        </Popover.Target>
        {/* Mantine labels the dropdown by its target; the title names the dialog instead. */}
        <Popover.Dropdown
          aria-labelledby={titleId}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onOpenChange(false);
          }}
        >
          <WhileOpen opened={opened}>
            <Text id={titleId} size="xs" fw={600} c="dimmed" mb={6}>
              {column.column}
              <VisuallyHidden> column menu</VisuallyHidden>
            </Text>
            <Group gap={4} mb="xs">
              <Button
                size="compact-xs"
                variant={sort === 'ASC' ? 'light' : 'default'}
                onClick={() => sortThen('ASC')}
              >
                Sort ascending
              </Button>
              <Button
                size="compact-xs"
                variant={sort === 'DESC' ? 'light' : 'default'}
                onClick={() => sortThen('DESC')}
              >
                Sort descending
              </Button>
              {sort && (
                <Button size="compact-xs" variant="subtle" color="gray" onClick={() => sortThen(null)}>
                  Clear sort
                </Button>
              )}
            </Group>
            {props.layout && (
              <Group gap={4} mb="xs">
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={!props.layout.canMoveLeft}
                  onClick={() => props.layout?.onMove(-1)}
                >
                  Move left
                </Button>
                <Button
                  size="compact-xs"
                  variant="default"
                  disabled={!props.layout.canMoveRight}
                  onClick={() => props.layout?.onMove(1)}
                >
                  Move right
                </Button>
                <Button
                  size="compact-xs"
                  variant={props.layout.pinned ? 'light' : 'default'}
                  disabled={!props.layout.canPin}
                  onClick={() => props.layout?.onPin(!props.layout.pinned)}
                >
                  {props.layout.pinned ? 'Unpin' : 'Pin to the left'}
                </Button>
              </Group>
            )}
            {canFilter && (
              <>
                <Divider mb="xs" label="Filter" labelPosition="left" />
                <ColumnFilterEditor
                  column={column}
                  conditions={conditions}
                  onApply={(next) => {
                    onFilter(next);
                    onOpenChange(false);
                  }}
                />
              </>
            )}
          </WhileOpen>
        </Popover.Dropdown>
      </Popover>
      <ActionIcon
        size="xs"
        variant="transparent"
        color={sort ? undefined : 'gray'}
        aria-label={`Sort by ${column.column}`}
        // A mouse shortcut: the keyboard sorts from the column's menu (one Tab stop per column).
        tabIndex={-1}
        onClick={() => void onSort(NEXT_SORT[sort ?? 'none'] ?? null)}
        className={sort ? undefined : classes.sortIdle}
      >
        <SortIcon size={12} aria-hidden />
      </ActionIcon>
      {props.layout && <ResizeHandle title={column.column} layout={props.layout} />}
    </Group>
  );
}
