/**
 * Creating a preset under a group: a name and one of the groups the
 * user may write to. An empty name is refused here with the spec's 'Please fill the name before
 * create', a missing group with 'preset group is required'.
 */
import type { PresetGroup } from '@bm/contracts';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import { PRESET_MESSAGES } from './presetMessages.ts';

interface PresetCreateFormProps {
  groups: readonly PresetGroup[];
  busy: boolean;
  onCreate: (name: string, groupId: number) => void;
}

export function PresetCreateForm({ groups, busy, onCreate }: PresetCreateFormProps) {
  const writable = groups.filter((g) => g.write);
  const [name, setName] = useState('');
  const [groupId, setGroupId] = useState(() => String(writable[0]?.id ?? ''));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return showErrorAlert(PRESET_MESSAGES.fillName);
    if (!groupId) return showErrorAlert(PRESET_MESSAGES.groupRequired);
    onCreate(name.trim(), Number(groupId));
  };
  return (
    <form onSubmit={submit} aria-label="Create preset">
      <Stack gap="xs">
        <TextInput
          size="xs"
          label="Preset name"
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={100}
          data-autofocus
        />
        <NativeSelect
          size="xs"
          label="Preset group"
          value={groupId}
          data={[
            { value: '', label: 'Choose a group' },
            ...writable.map((g) => ({ value: String(g.id), label: g.name })),
          ]}
          onChange={(e) => setGroupId(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" loading={busy}>
          Create
        </Button>
      </Stack>
    </form>
  );
}
