/** The empty notice of a screen with no preset for the user's right. */
import { EmptyState } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';

const NO_PRESET_TEXT = 'No preset is available for this page.';

export function NoPresetNotice() {
  return (
    <EmptyState
      mt="xl"
      icon={<IconFileOff aria-hidden />}
      title={NO_PRESET_TEXT}
      description="Ask your administrator for a preset for your right."
    />
  );
}
