/** Shown when the runtime config cannot be loaded: nothing else can start without it. */
import { Button, Center, MantineProvider, Stack, Text, Title } from '@mantine/core';

export function BootFailure({ message }: { message: string }) {
  return (
    <MantineProvider defaultColorScheme="auto">
      <Center mih="100dvh" p="md">
        <Stack align="center" gap="xs">
          <Title order={1} size="h3">
            BM Tools could not start
          </Title>
          <Text c="dimmed">{message}</Text>
          <Button mt="sm" onClick={() => window.location.reload()}>
            Try again
          </Button>
        </Stack>
      </Center>
    </MantineProvider>
  );
}
