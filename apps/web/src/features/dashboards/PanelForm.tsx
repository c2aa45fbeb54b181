/**
 * The "Add panel" form of the dashboard editor: the list it counts, the chart, what it measures,
 * what it groups by (a column, or time buckets of a date column) and the date column the
 * dashboard's time range applies to. Only the columns that fit each part are offered (a sum reads
 * a number column, a time line a date column); the server checks the panel again on save.
 */
import { PANEL_KINDS, type PanelKind, type PanelSource, type PanelSpec } from '@bm/contracts';
import { Button, Group, NumberInput, Select, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import {
  BUCKET_LABELS,
  type Bucket,
  draftErrors,
  draftToPanel,
  emptyDraft,
  KIND_LABELS,
  kindGrouping,
  MEASURE_LABELS,
  type Measure,
  type PanelDraft,
} from './panelDraft.ts';

interface PanelFormProps {
  sources: readonly PanelSource[];
  takenIds: readonly string[];
  onAdd: (panel: PanelSpec) => void;
  onCancel: () => void;
}

const options = <T extends string>(labels: Readonly<Record<T, string>>) =>
  (Object.entries(labels) as [T, string][]).map(([value, label]) => ({ value, label }));

export function PanelForm({ sources, takenIds, onAdd, onCancel }: PanelFormProps) {
  const [draft, setDraft] = useState<PanelDraft>(emptyDraft);
  const [shown, setShown] = useState<Partial<Record<keyof PanelDraft, string>>>({});
  const set = <K extends keyof PanelDraft>(key: K, value: PanelDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }));
  const source = sources.find((s) => s.entity === draft.entity);
  const fields = (types?: readonly string[]) =>
    (source?.fields ?? [])
      .filter((f) => !types || types.includes(f.type))
      .map((f) => ({ value: f.key, label: f.label }));
  const grouping = kindGrouping(draft.kind);

  const add = () => {
    const errors = draftErrors(draft);
    setShown(errors);
    if (Object.keys(errors).length === 0) onAdd(draftToPanel(draft, takenIds));
  };

  return (
    <Stack gap="sm">
      <TextInput
        label="Title"
        value={draft.title}
        onChange={(e) => set('title', e.currentTarget.value)}
        error={shown.title}
        maxLength={100}
        required
        data-autofocus
      />
      <Select
        label="List"
        placeholder="Choose a list"
        searchable
        data={sources.map((s) => ({ value: s.entity, label: s.title }))}
        value={draft.entity || null}
        onChange={(value) =>
          setDraft((d) => ({
            ...d,
            entity: value ?? '',
            field: '',
            groupBy: '',
            dateField: '',
            rangeField: '',
          }))
        }
        error={shown.entity}
        required
      />
      <Select
        label="Chart"
        data={PANEL_KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] }))}
        value={draft.kind}
        onChange={(value) => value && set('kind', value as PanelKind)}
        allowDeselect={false}
      />
      <Group grow align="flex-start">
        <Select
          label="Measure"
          data={options(MEASURE_LABELS)}
          value={draft.measure}
          onChange={(value) => value && set('measure', value as Measure)}
          allowDeselect={false}
        />
        {draft.measure !== 'count' && (
          <Select
            label="Of the column"
            searchable
            data={fields(
              draft.measure === 'min' || draft.measure === 'max' ? ['number', 'date'] : ['number'],
            )}
            value={draft.field || null}
            onChange={(value) => set('field', value ?? '')}
            error={shown.field}
            disabled={!source}
            required
          />
        )}
      </Group>
      {grouping === 'column' && (
        <Group grow align="flex-start">
          <Select
            label="Group by"
            searchable
            data={fields()}
            value={draft.groupBy || null}
            onChange={(value) => set('groupBy', value ?? '')}
            error={shown.groupBy}
            disabled={!source}
            required
          />
          <NumberInput
            label="At most (groups)"
            min={1}
            max={50}
            value={draft.limit}
            onChange={(value) => set('limit', typeof value === 'number' ? value : '')}
          />
        </Group>
      )}
      {grouping === 'time' && (
        <Group grow align="flex-start">
          <Select
            label="Per"
            data={options(BUCKET_LABELS)}
            value={draft.bucket}
            onChange={(value) => value && set('bucket', value as Bucket)}
            allowDeselect={false}
          />
          <Select
            label="Of the date"
            data={fields(['date', 'datetime'])}
            value={draft.dateField || null}
            onChange={(value) => set('dateField', value ?? '')}
            error={shown.dateField}
            disabled={!source}
            required
          />
        </Group>
      )}
      <Select
        label="The time range applies to"
        description="Leave empty to count every record, whatever the dashboard's time range"
        clearable
        data={fields(['date', 'datetime'])}
        value={draft.rangeField || null}
        onChange={(value) => set('rangeField', value ?? '')}
        disabled={!source}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={add}>Add panel</Button>
      </Group>
    </Stack>
  );
}
