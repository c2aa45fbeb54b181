/**
 * The queue's scope: the filters the server publishes with the queue (each a key, a label and how
 * it is picked), applied to the address on Apply or Enter, so the queue and the auto-map work on the
 * same records. A `lookup` filter picks one row of its dropdown route ({id, name}), a `values` filter
 * one of the strings its route answers ({values}), a `code` filter takes a two-letter code typed.
 */
import type { MapQueueValues, MapScope } from '@bm/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { type QueueFilter, withScopeValue } from './queueScope.ts';

interface QueueScopeBarProps {
  filters: readonly QueueFilter[];
  scope: MapScope;
  onChange: (scope: MapScope) => void;
}

interface Option {
  value: string;
  label: string;
}

/** A dropdown's rows: `{data: rows}` or a bare list (the field engine's reader stays out of the list screens' download). */
const rowsOf = (body: unknown): unknown[] =>
  Array.isArray(body)
    ? body
    : Array.isArray((body as { data?: unknown } | null)?.data)
      ? (body as { data: unknown[] }).data
      : [];

const lookupOptions = (body: unknown): Option[] =>
  rowsOf(body).flatMap((row) => {
    const { id, name } = (row ?? {}) as { id?: unknown; name?: unknown };
    return typeof id === 'number' ? [{ value: String(id), label: String(name ?? id) }] : [];
  });

/** The choices of a `lookup` or `values` filter, with the one the scope names even if it is not among them. */
function useFilterOptions(filter: QueueFilter, current: string): Option[] {
  const http = useHttp();
  const source = filter.input === 'code' ? undefined : filter.options;
  const options = useQuery({
    queryKey: ['map-queue', 'scope-options', source],
    enabled: source !== undefined,
    staleTime: 300_000,
    queryFn: async ({ signal }) => {
      const body = await http.request<unknown>(source ?? '', { signal, silent: true });
      return filter.input === 'values'
        ? (body as MapQueueValues).values.map((value) => ({ value, label: value }))
        : lookupOptions(body);
    },
  });
  const all = options.data ?? [];
  return current !== '' && !all.some((o) => o.value === current)
    ? [{ value: current, label: current }, ...all]
    : all;
}

function ScopeFilter({
  filter,
  text,
  onText,
}: {
  filter: QueueFilter;
  text: string;
  onText: (text: string) => void;
}) {
  const options = useFilterOptions(filter, text);
  if (filter.input === 'code')
    return (
      <TextInput
        label={filter.label}
        size="xs"
        placeholder="ES"
        maxLength={2}
        w={80}
        value={text}
        onChange={(event) => onText(event.currentTarget.value.toUpperCase())}
      />
    );
  return (
    <Select
      label={filter.label}
      size="xs"
      clearable
      searchable={filter.input === 'lookup'}
      placeholder="Any"
      data={options}
      value={text === '' ? null : text}
      onChange={(value) => onText(value ?? '')}
    />
  );
}

export function QueueScopeBar({ filters, scope, onChange }: QueueScopeBarProps) {
  const [draft, setDraft] = useState<Record<string, string>>(() =>
    Object.fromEntries(filters.map((f) => [f.key, scope[f.key] === undefined ? '' : String(scope[f.key])])),
  );
  if (filters.length === 0) return null;
  const apply = () => {
    let next: MapScope = {};
    for (const filter of filters) next = withScopeValue(next, filter, draft[filter.key] ?? '');
    onChange(next);
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Group align="flex-end" gap="xs" mb="sm">
        {filters.map((filter) => (
          <ScopeFilter
            key={filter.key}
            filter={filter}
            text={draft[filter.key] ?? ''}
            onText={(text) => setDraft((d) => ({ ...d, [filter.key]: text }))}
          />
        ))}
        <Button size="xs" type="submit">
          Apply
        </Button>
      </Group>
    </form>
  );
}
