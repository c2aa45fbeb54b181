/**
 * The alert modal for failed calls: title 'Error', the message, one 'Ok'. Closing it
 * tells whoever listens; list pages use that to stop their initial-config handling.
 */
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import classes from './errorAlert.module.css';

const closeListeners = new Set<() => void>();
let sequence = 0;

/** Called every time an error alert closes; returns the unsubscribe function. */
export function onErrorAlertClose(listener: () => void): () => void {
  closeListeners.add(listener);
  return () => closeListeners.delete(listener);
}

export function showErrorAlert(message: string, onClose?: () => void): void {
  sequence += 1;
  const modalId = `error-alert-${sequence}`;
  modals.open({
    modalId,
    title: 'Error',
    centered: true,
    onClose: () => {
      onClose?.();
      for (const listener of closeListeners) listener();
    },
    children: (
      <>
        <Text size="sm" className={classes.message}>
          {message}
        </Text>
        <Group justify="flex-end" mt="md">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            Ok
          </Button>
        </Group>
      </>
    ),
  });
}
