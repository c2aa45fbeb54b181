/**
 * Shows and hides columns: one box per column and "All columns"; all on shows every
 * column, all off keeps only the first. Controlled by the list so it shares the one-open-menu rule.
 */
import type { ColumnDefinition } from '@bm/contracts';
import { Button, Checkbox, Popover, ScrollArea, Stack } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';

interface ColumnToggleProps {
  columns: readonly ColumnDefinition[];
  visibility: Record<string, boolean>;
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onToggle: (key: string, visible: boolean) => void;
  onToggleAll: (visible: boolean) => void;
}

export function ColumnToggle({
  columns,
  visibility,
  opened,
  onOpenChange,
  onToggle,
  onToggleAll,
}: ColumnToggleProps) {
  const shown = columns.filter((c) => visibility[c.key] !== false).length;
  return (
    <Popover opened={opened} onChange={onOpenChange} position="bottom-end" shadow="md" trapFocus>
      <Popover.Target>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconColumns size={14} aria-hidden />}
          onClick={() => onOpenChange(!opened)}
        >
          Columns
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Stack gap={6}>
          <Checkbox
            size="xs"
            label="All columns"
            checked={shown === columns.length}
            indeterminate={shown > 0 && shown < columns.length}
            onChange={(e) => onToggleAll(e.currentTarget.checked)}
          />
          <ScrollArea.Autosize mah={320}>
            <Stack gap={6} pl="xs">
              {columns.map((column) => (
                <Checkbox
                  key={column.key}
                  size="xs"
                  label={column.column}
                  checked={visibility[column.key] !== false}
                  // The grid always keeps one column.
                  disabled={shown === 1 && visibility[column.key] !== false}
                  onChange={(e) => onToggle(column.key, e.currentTarget.checked)}
                />
              ))}
            </Stack>
          </ScrollArea.Autosize>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
