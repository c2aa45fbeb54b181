/**
 * A column title: clicking it opens the column menu — sort and, for a
 * filterable column, its filter dialog. The menu is controlled by the grid so only one column or
 * row menu is open at a time. A filtered column shows a marker; the sort arrow sorts directly.
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
import { useId } from 'react';
import { ColumnFilterEditor } from '../filters/ColumnFilterEditor.tsx';
import { isFilterable } from '../filters/filterTypes.ts';
import classes from './grid.module.css';
import type { SortDirection } from './sortTypes.ts';

interface GridHeaderCellProps {
  column: ColumnDefinition;
  sort: SortDirection | undefined;
  conditions: readonly ColumnFilter[];
  filtersHidden: boolean;
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onSort: (direction: SortDirection | null) => void;
  onFilter: (conditions: ColumnFilter[]) => void;
}

const NEXT_SORT: Record<string, SortDirection | null> = { none: 'ASC', ASC: 'DESC', DESC: null };

export function GridHeaderCell(props: GridHeaderCellProps) {
  const { column, sort, conditions, filtersHidden, opened, onOpenChange, onSort, onFilter } = props;
  const titleId = useId();
  const filtered = conditions.length > 0;
  const canFilter = isFilterable(column) && !filtersHidden;
  const SortIcon = sort === 'ASC' ? IconArrowUp : sort === 'DESC' ? IconArrowDown : IconArrowsSort;
  const sortThen = (direction: SortDirection | null) => {
    onSort(direction);
    onOpenChange(false);
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
      >
        <Popover.Target>
          <UnstyledButton
            className={classes.headerButton}
            onClick={() => onOpenChange(!opened)}
            aria-haspopup="dialog"
            aria-expanded={opened}
          >
            <span className={classes.headerLabel}>{column.column}</span>
            {filtered && (
              <IconFilterFilled size={12} aria-label="filtered" className={classes.filterMarker} />
            )}
          </UnstyledButton>
        </Popover.Target>
        {/* Mantine labels the dropdown by its target; the title names the dialog instead. */}
        <Popover.Dropdown aria-labelledby={titleId}>
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
        </Popover.Dropdown>
      </Popover>
      <ActionIcon
        size="xs"
        variant="transparent"
        color={sort ? undefined : 'gray'}
        aria-label={`Sort by ${column.column}`}
        onClick={() => onSort(NEXT_SORT[sort ?? 'none'] ?? null)}
        className={sort ? undefined : classes.sortIdle}
      >
        <SortIcon size={12} aria-hidden />
      </ActionIcon>
    </Group>
  );
}
