/** An alert modal for good news (such as 'Your code is valid'): the message and one 'Ok'. */
import { Button, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

let sequence = 0;

export function showNoticeAlert(title: string, message: string): void {
  sequence += 1;
  const modalId = `notice-alert-${sequence}`;
  modals.open({
    modalId,
    title,
    centered: true,
    children: (
      <>
        <Text size="sm">{message}</Text>
        <Group justify="flex-end" mt="md">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            Ok
          </Button>
        </Group>
      </>
    ),
  });
}
