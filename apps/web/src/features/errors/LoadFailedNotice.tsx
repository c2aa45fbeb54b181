/** A quiet notice for a silent fetch that failed, with a way to try again. */
import { Alert, Button } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';

export function LoadFailedNotice({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="gray" title={message} m="md" maw={520}>
      <Button size="xs" variant="light" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}
