/** A centred loader for the moments before any screen can show (session check, sign-in return). */
import { Center, Loader, Stack, Text } from '@mantine/core';

export function FullPageLoader({ label }: { label: string }) {
  return (
    <Center mih="100dvh">
      <Stack align="center" gap="xs">
        <Loader size="md" aria-hidden />
        <Text c="dimmed" size="sm" role="status">
          {label}
        </Text>
      </Stack>
    </Center>
  );
}
