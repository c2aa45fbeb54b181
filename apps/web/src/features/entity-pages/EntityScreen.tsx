/**
 * A list, form, detail or map screen of an entity. Its definition comes from a preset for the route's
 * right; with no preset available for that right the spec shows an empty notice (core §2 "Screen
 * kinds", §6), which is what every entity screen shows until presets are served.
 */
import { EmptyState } from '@mantine/core';
import { IconFileOff } from '@tabler/icons-react';
import { PageHeader } from '../shell/PageHeader.tsx';

const NO_PRESET_TEXT = 'No preset is available for this page.';

export function EntityScreen() {
  return (
    <>
      <PageHeader />
      <EmptyState
        mt="xl"
        icon={<IconFileOff aria-hidden />}
        title={NO_PRESET_TEXT}
        description="Ask your administrator for a preset for your right."
      />
    </>
  );
}
