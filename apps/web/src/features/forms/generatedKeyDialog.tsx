/**
 * The key a save generated (`generatedKey` of the save answer), shown once: the server keeps only
 * its SHA-256 hash, so this dialog is the one chance to copy it. It must be closed on purpose (no
 * click outside); the save's usual navigation waits for it.
 */
import { Button, Code, CopyButton, Group, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';

let sequence = 0;

/** Opens the dialog for the key of the field labelled `label`; resolves when it is closed. */
export function showGeneratedKey(label: string, key: string): Promise<void> {
  sequence += 1;
  const modalId = `generated-key-${sequence}`;
  return new Promise((resolve) => {
    modals.open({
      modalId,
      title: 'New key',
      centered: true,
      size: 'lg',
      closeOnClickOutside: false,
      onClose: () => resolve(),
      children: (
        <Stack gap="sm">
          <Text size="sm">Copy this key now: it is shown only once; only its SHA-256 hash is stored.</Text>
          <Code block aria-label={label} data-testid="generated-key">
            {key}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={key}>
              {({ copied, copy }) => (
                <Button variant="light" color={copied ? 'teal' : undefined} onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button data-autofocus onClick={() => modals.close(modalId)}>
              Done
            </Button>
          </Group>
        </Stack>
      ),
    });
  });
}
