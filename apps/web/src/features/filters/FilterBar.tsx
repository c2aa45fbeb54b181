/**
 * The filter bar: every active condition as a removable chip, in column order, and Reset
 * all. Removing a chip drops that one condition; the grid reloads from page 0.
 */
import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import { Badge, Button, CloseButton, Group, Text } from '@mantine/core';
import { staticOptions } from './columnOptions.ts';
import { describeCondition } from './describeCondition.ts';
import { activeFilterCount, type ColumnFilters } from './filterTypes.ts';

interface FilterBarProps {
  columns: readonly ColumnDefinition[];
  filters: ColumnFilters;
  onChange: (key: string, conditions: ColumnFilter[]) => void;
  onReset: () => void;
}

export function FilterBar({ columns, filters, onChange, onReset }: FilterBarProps) {
  const count = activeFilterCount(filters);
  if (count === 0) {
    return (
      <Text size="xs" c="dimmed" role="status">
        No filters. Click a column title to filter it.
      </Text>
    );
  }
  return (
    <Group gap={6} role="list" aria-label="Active filters">
      {columns.flatMap((column) =>
        (Object.hasOwn(filters, column.key) ? (filters[column.key] ?? []) : []).map(
          (condition, index, list) => {
            const text = `${index > 0 ? `${condition.conjunction} ` : ''}${describeCondition(column, condition, staticOptions(column))}`;
            return (
              <Badge
                // biome-ignore lint/suspicious/noArrayIndexKey: a condition is identified by its column and position
                key={`${column.key}-${index}`}
                role="listitem"
                variant="light"
                radius="sm"
                tt="none"
                size="lg"
                fw={500}
                rightSection={
                  <CloseButton
                    size="xs"
                    aria-label={`Remove filter ${text}`}
                    onClick={() =>
                      onChange(
                        column.key,
                        list.filter((_, i) => i !== index),
                      )
                    }
                  />
                }
              >
                {text}
              </Badge>
            );
          },
        ),
      )}
      <Button size="compact-xs" variant="subtle" color="gray" onClick={onReset}>
        Reset all
      </Button>
    </Group>
  );
}
