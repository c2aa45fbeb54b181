/** Asks before a view is deleted, naming it and the consequence; the red button says Delete. */
import type { Preset } from '@bm/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function confirmPresetDelete(preset: Preset, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Delete view',
    centered: true,
    children: (
      <Text size="sm">
        Delete the view “{preset.name}” ({preset.presetGroup.name})? Its columns, sort and filters are removed
        for everyone who uses it.
      </Text>
    ),
    labels: { confirm: 'Delete', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
