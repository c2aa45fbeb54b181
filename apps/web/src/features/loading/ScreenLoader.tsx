/**
 * What a screen shows while its code or its first data loads: a small spinner, centred, named for
 * what it waits on ("Loading the form"), so a screen reader says what is coming.
 */
import { Center, Loader } from '@mantine/core';

export function ScreenLoader({ label = 'Loading' }: { label?: string }) {
  return (
    <Center py="xl">
      <Loader size="sm" aria-label={label} />
    </Center>
  );
}
