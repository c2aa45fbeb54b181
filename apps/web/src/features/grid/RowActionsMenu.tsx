/**
 * The row's action menu: its visible actions in order; controlled by the grid (one open
 * menu). Closed, it is a plain button: a floating menu per rendered row would cost every scroll frame.
 */
import type { RowAction } from '@bm/contracts';
import { ActionIcon, Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';

interface RowActionsMenuProps {
  rowLabel: string;
  actions: readonly RowAction[];
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onRun: (action: RowAction) => void;
}

export function RowActionsMenu({ rowLabel, actions, opened, onOpenChange, onRun }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  const trigger = (
    <ActionIcon
      size="sm"
      variant="subtle"
      color="gray"
      aria-label={`Actions for ${rowLabel}`}
      aria-haspopup="menu"
      aria-expanded={opened}
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        if (!opened) onOpenChange(true);
      }}
    >
      <IconDots size={14} aria-hidden />
    </ActionIcon>
  );
  if (!opened) return trigger;
  return (
    <Menu opened onChange={onOpenChange} position="bottom-end" withinPortal shadow="md" returnFocus={false}>
      <Menu.Target>{trigger}</Menu.Target>
      <Menu.Dropdown onClick={(event) => event.stopPropagation()}>
        {actions.map((action) => (
          <Menu.Item
            key={`${action.type}-${action.label}`}
            color={action.type === 'delete' ? 'red' : undefined}
            onClick={() => onRun(action)}
          >
            {action.label}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
