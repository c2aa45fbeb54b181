/**
 * Saving the grid as a new view under a group: a name and one of the groups the user may write to.
 * An empty name is refused here, under the field, with 'Please fill the name before create', a
 * missing group with 'preset group is required'; nothing opens a modal.
 */
import type { PresetGroup } from '@bm/contracts';
import { Button, NativeSelect, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { PRESET_MESSAGES } from './presetMessages.ts';
import { SAVE_AS_NEW } from './presetPermissions.ts';

interface PresetCreateFormProps {
  groups: readonly PresetGroup[];
  busy: boolean;
  onCreate: (name: string, groupId: number) => void;
}

export function PresetCreateForm({ groups, busy, onCreate }: PresetCreateFormProps) {
  const writable = groups.filter((g) => g.write);
  const [name, setName] = useState('');
  const [groupId, setGroupId] = useState(() => String(writable[0]?.id ?? ''));
  const [errors, setErrors] = useState<{ name?: string | undefined; group?: string | undefined }>({});
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = {
      ...(name.trim() ? {} : { name: PRESET_MESSAGES.fillName }),
      ...(groupId ? {} : { group: PRESET_MESSAGES.groupRequired }),
    };
    setErrors(found);
    if (found.name || found.group) return;
    onCreate(name.trim(), Number(groupId));
  };
  return (
    <form onSubmit={submit} aria-label={SAVE_AS_NEW} noValidate>
      <Stack gap="xs">
        <TextInput
          size="xs"
          label="View name"
          value={name}
          error={errors.name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((old) => ({ ...old, name: undefined }));
          }}
          maxLength={100}
          data-autofocus
        />
        <NativeSelect
          size="xs"
          label="Group"
          value={groupId}
          error={errors.group}
          data={[
            { value: '', label: 'Choose a group' },
            ...writable.map((g) => ({ value: String(g.id), label: g.name })),
          ]}
          onChange={(e) => setGroupId(e.currentTarget.value)}
        />
        <Button size="xs" type="submit" loading={busy}>
          Save
        </Button>
      </Stack>
    </form>
  );
}
