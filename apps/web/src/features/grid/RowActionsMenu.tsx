/**
 * The row's action menu: its visible actions in order; controlled by the grid (one open
 * menu). Closed, it is a plain button: a floating menu per rendered row would cost every scroll
 * frame, and so would a styled component per row (a native button styled like Mantine's subtle gray
 * icon button costs a fraction of one to create while rows scroll in).
 */
import type { RowAction } from '@bm/contracts';
import { Menu } from '@mantine/core';
import { IconDots } from '@tabler/icons-react';
import classes from './grid.module.css';

interface RowActionsMenuProps {
  rowLabel: string;
  actions: readonly RowAction[];
  opened: boolean;
  onOpenChange: (opened: boolean) => void;
  onRun: (action: RowAction) => void;
}

/** One element for every row: React skips an element it rendered last time, so rows do not redraw the icon. */
const DOTS = <IconDots size={14} aria-hidden />;

export function RowActionsMenu({ rowLabel, actions, opened, onOpenChange, onRun }: RowActionsMenuProps) {
  if (actions.length === 0) return null;
  const trigger = (
    <button
      type="button"
      className={classes.rowActionsButton}
      aria-label={`Actions for ${rowLabel}`}
      aria-haspopup="menu"
      aria-expanded={opened}
      tabIndex={-1}
      onClick={(event) => {
        event.stopPropagation();
        if (!opened) onOpenChange(true);
      }}
    >
      {DOTS}
    </button>
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
