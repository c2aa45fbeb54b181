/**
 * The toast after a map action: what changed, and Undo (easy to reverse, so no question first).
 * One at a time: a new one replaces the last, whose Undo would no longer be the latest change, so a
 * fast run of actions never queues toasts behind the visible ones. Undo runs once and closes it.
 */
import { Button, Group, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';

let sequence = 0;
let shown: string | undefined;

function replaceToast(message: string, onUndo?: () => void): void {
  if (shown) notifications.hide(shown);
  sequence += 1;
  const id = `map-toast-${sequence}`;
  shown = id;
  notifications.show({
    id,
    color: 'green',
    autoClose: 8000,
    message: onUndo ? (
      <Group justify="space-between" wrap="nowrap" gap="sm">
        <Text size="sm">{message}</Text>
        <Button
          size="compact-sm"
          variant="light"
          onClick={() => {
            notifications.hide(id);
            onUndo();
          }}
        >
          Undo
        </Button>
      </Group>
    ) : (
      message
    ),
  });
}

export function showUndoToast(message: string, onUndo: () => void): void {
  replaceToast(message, onUndo);
}

/** What an undo did, in the same place. */
export function showMapToast(message: string): void {
  replaceToast(message);
}
