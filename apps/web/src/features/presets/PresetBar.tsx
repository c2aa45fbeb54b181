/**
 * The presets bar: choose a preset (the hidden
 * 'state' preset shows only as the title once the grid has changed), save the chosen one, create one
 * under a group, delete the chosen one. The server refuses what the spec forbids, with its texts.
 */
import type { Preset, PresetGroup } from '@bm/contracts';
import { Button, Group, Popover, Select } from '@mantine/core';
import { IconDeviceFloppy, IconPlus, IconTrash } from '@tabler/icons-react';
import { PresetCreateForm } from './PresetCreateForm.tsx';
import { isStatePreset } from './presetKinds.ts';

const STATE_VALUE = '__state__';

interface PresetBarProps {
  presets: readonly Preset[];
  groups: readonly PresetGroup[];
  active: Preset;
  /** 'state' once the grid changed, else the chosen preset's name. */
  title: string;
  busy: boolean;
  createOpened: boolean;
  onCreateOpenChange: (opened: boolean) => void;
  onChoose: (preset: Preset) => void;
  onSave: () => void;
  onCreate: (name: string, groupId: number) => void;
  onDelete: () => void;
}

function presetOptions(presets: readonly Preset[], title: string, active: Preset) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const preset of presets) {
    if (isStatePreset(preset)) continue;
    const items = groups.get(preset.presetGroup.name) ?? [];
    items.push({ value: String(preset.id), label: preset.name });
    groups.set(preset.presetGroup.name, items);
  }
  const data = [...groups].map(([group, items]) => ({ group, items }));
  const showsState = title === 'state' || isStatePreset(active);
  return showsState
    ? [{ group: 'current', items: [{ value: STATE_VALUE, label: 'state', disabled: true }] }, ...data]
    : data;
}

export function PresetBar(props: PresetBarProps) {
  const { presets, active, title } = props;
  const showsState = title === 'state' || isStatePreset(active);
  return (
    <Group gap="xs" wrap="wrap">
      <Select
        size="xs"
        w={240}
        aria-label="Preset"
        data={presetOptions(presets, title, active)}
        value={showsState ? STATE_VALUE : String(active.id)}
        allowDeselect={false}
        onChange={(value) => {
          const chosen = presets.find((p) => String(p.id) === value);
          if (chosen) props.onChoose(chosen);
        }}
      />
      <Button
        size="xs"
        variant="default"
        leftSection={<IconDeviceFloppy size={14} aria-hidden />}
        onClick={props.onSave}
        loading={props.busy}
      >
        Save
      </Button>
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
          >
            Create preset
          </Button>
        </Popover.Target>
        <Popover.Dropdown>
          <PresetCreateForm groups={props.groups} busy={props.busy} onCreate={props.onCreate} />
        </Popover.Dropdown>
      </Popover>
      <Button
        size="xs"
        variant="default"
        color="red"
        leftSection={<IconTrash size={14} aria-hidden />}
        onClick={props.onDelete}
      >
        Delete preset
      </Button>
    </Group>
  );
}
