/** Asks before a preset is deleted (confirmations name the record and the consequence). */
import type { Preset } from '@bm/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';

export function confirmPresetDelete(preset: Preset, onConfirm: () => void): void {
  modals.openConfirmModal({
    title: 'Delete preset',
    centered: true,
    children: (
      <Text size="sm">
        Delete the preset '{preset.name}' ({preset.presetGroup.name})? Its columns, sort and filters are
        removed for everyone who uses it.
      </Text>
    ),
    labels: { confirm: 'OK', cancel: 'Cancel' },
    confirmProps: { color: 'red' },
    onConfirm,
  });
}
