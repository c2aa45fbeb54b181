/**
 * The views bar: choose a view (once the grid differs from it, the picker says "name (modified)"),
 * save the changes into the chosen view, save them as a new view under a group, rename or delete the
 * chosen view, and copy the link to it (the address holds the view and the filters). What the user may not do is disabled with the reason (presetPermissions); the server still
 * refuses it.
 */
import type { Preset, PresetGroup } from '@bm/contracts';
import { Button, Group, Popover, Select, Stack, TextInput, Tooltip } from '@mantine/core';
import { IconDeviceFloppy, IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type FormEvent, type ReactElement, useState } from 'react';
import { PresetCreateForm } from './PresetCreateForm.tsx';
import { isStatePreset } from './presetKinds.ts';
import { type Permission, type PresetPermissions, SAVE_AS_NEW } from './presetPermissions.ts';

const STATE_VALUE = '__state__';

interface PresetBarProps {
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
  active: Preset;
  /** The chosen view's name, or "name (modified)" once the grid differs from it. */
  title: string;
  /** The grid differs from the chosen view (or the working view is in use). */
  modified: boolean;
  permissions: PresetPermissions;
  busy: boolean;
  createOpened: boolean;
  onCreateOpenChange: (opened: boolean) => void;
  onChoose: (preset: Preset) => void;
  onSave: () => void;
  onCreate: (name: string, groupId: number) => void;
  onDelete: () => void;
  /** Rename: the popover is open, and the new name to save. */
  renameOpened: boolean;
  onRenameOpenChange: (opened: boolean) => void;
  onRename: (name: string) => void;
  onCopyLink: () => void;
}

/** The chosen view's new name; an empty one is refused under the field. */
function RenameForm({
  current,
  busy,
  onRename,
}: {
  current: string;
  busy: boolean;
  onRename: (name: string) => void;
}) {
  const [name, setName] = useState(current);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return setError('Please fill the name');
    onRename(name.trim());
  };
  return (
    <form onSubmit={submit} aria-label="Rename view" noValidate>
      <Stack gap="xs">
        <TextInput
          size="xs"
          label="New name"
          value={name}
          error={error}
          maxLength={100}
          data-autofocus
          onChange={(e) => {
            setName(e.currentTarget.value);
            setError(undefined);
          }}
        />
        <Button size="xs" type="submit" loading={busy}>
          Rename
        </Button>
      </Stack>
    </form>
  );
}

function presetOptions(presets: readonly Preset[], title: string, modified: boolean) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const preset of presets) {
    if (isStatePreset(preset)) continue;
    const items = groups.get(preset.presetGroup.name) ?? [];
    items.push({ value: String(preset.id), label: preset.name });
    groups.set(preset.presetGroup.name, items);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));
  return modified
    ? [{ group: 'current', items: [{ value: STATE_VALUE, label: title, disabled: true }] }, ...data]
    : data;
}

/** A button the user may not use says why, on hover and to screen readers. */
function Guarded({ permission, children }: { permission: Permission; children: ReactElement }) {
  if (permission.allowed) return children;
  return (
    <Tooltip label={permission.reason} withArrow multiline w={260}>
      <span>{children}</span>
    </Tooltip>
  );
}

const described = (permission: Permission) =>
  permission.allowed ? {} : { disabled: true, 'aria-description': permission.reason };

export function PresetBar(props: PresetBarProps) {
  const { presets, active, title, modified, permissions } = props;
  const showsState = modified || isStatePreset(active);
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        size="xs"
        w={240}
        aria-label="Preset"
        data={presetOptions(presets, title, showsState)}
        value={showsState ? STATE_VALUE : String(active.id)}
        allowDeselect={false}
        onChange={(value) => {
          const chosen = presets.find((p) => String(p.id) === value);
          if (chosen) props.onChoose(chosen);
        }}
      />
      <Guarded permission={permissions.save}>
        <Button
          size="xs"
          variant="default"
          leftSection={<IconDeviceFloppy size={14} aria-hidden />}
          onClick={props.onSave}
          loading={props.busy}
          {...described(permissions.save)}
        >
          Save
        </Button>
      </Guarded>
      <Popover
        opened={props.createOpened}
        onChange={props.onCreateOpenChange}
        position="bottom-start"
        width={260}
        trapFocus
        shadow="md"
      >
        <Popover.Target>
          <Button
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => props.onCreateOpenChange(!props.createOpened)}
            disabled={!permissions.create}
          >
            {SAVE_AS_NEW}
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <PresetCreateForm groups={props.groups} busy={props.busy} onCreate={props.onCreate} />
        </Popover.Dropdown>
      </Popover>
      <Guarded permission={permissions.rename}>
        <Popover
          opened={props.renameOpened}
          onChange={props.onRenameOpenChange}
          position="bottom-start"
          width={260}
          trapFocus
          shadow="md"
        >
          <Popover.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={() => props.onRenameOpenChange(!props.renameOpened)}
              {...described(permissions.rename)}
            >
              Rename view
            </Button>
          </Popover.Target>
          <Popover.Dropdown>
            {props.renameOpened && (
              <RenameForm current={active.name} busy={props.busy} onRename={props.onRename} />
            )}
          </Popover.Dropdown>
        </Popover>
      </Guarded>
      <Guarded permission={permissions.remove}>
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconTrash size={14} aria-hidden />}
          onClick={props.onDelete}
          {...described(permissions.remove)}
        >
          Delete view
        </Button>
      </Guarded>
      <Button
        size="xs"
        variant="default"
        leftSection={<IconLink size={14} aria-hidden />}
        onClick={props.onCopyLink}
      >
        Copy link
      </Button>
    </Group>
  );
}
