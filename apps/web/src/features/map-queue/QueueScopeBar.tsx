/**
 * The queue's scope: the filters the area's records have (merchant, kind, country), applied to the
 * address on Apply or Enter, so the queue and the auto-map work on the same records. Merchant and
 * Kind are selects of what there is (the merchants; the kinds the area's records have, from
 * `{source}/queue/kinds`).
 */
import type { MapHeader, MapQueueKinds, MapScope } from '@bm/contracts';
import { Button, Group, Select, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';

type Filter = NonNullable<MapHeader['queue']>['filters'][number];

interface QueueScopeBarProps {
  /** The map list's source, without its query: the kinds are read under it. */
  source: string;
  filters: readonly Filter[];
  scope: MapScope;
  onChange: (scope: MapScope) => void;
}

/** A dropdown's rows: `{data: rows}` or a bare list (the field engine's reader stays out of the list screens' download). */
const rowsOf = (body: unknown): unknown[] =>
  Array.isArray(body)
    ? body
    : Array.isArray((body as { data?: unknown } | null)?.data)
      ? (body as { data: unknown[] }).data
      : [];

function useMerchants(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: ['map-queue', 'merchants'],
    enabled,
    staleTime: 300_000,
    queryFn: async ({ signal }) =>
      rowsOf(await http.request<unknown>('/api/dropdowns/merchants', { signal, silent: true })).flatMap(
        (row) => {
          const { id, name } = (row ?? {}) as { id?: unknown; name?: unknown };
          return typeof id === 'number' ? [{ value: String(id), label: String(name ?? id) }] : [];
        },
      ),
  });
}

/** The kinds of record the area's records have, with the one the scope names even if none has it now. */
function useRecordKinds(source: string, enabled: boolean, current: string | undefined) {
  const http = useHttp();
  const kinds = useQuery({
    queryKey: ['map-queue', 'kinds', source],
    enabled,
    staleTime: 300_000,
    queryFn: async ({ signal }) =>
      (await http.request<MapQueueKinds>(`${source}/queue/kinds`, { signal, silent: true })).kinds,
  });
  const all = kinds.data ?? [];
  return current && !all.includes(current) ? [current, ...all] : all;
}

export function QueueScopeBar({ source, filters, scope, onChange }: QueueScopeBarProps) {
  const [draft, setDraft] = useState(scope);
  const merchants = useMerchants(filters.includes('merchantId'));
  const kinds = useRecordKinds(source, filters.includes('recordKind'), draft.recordKind);
  if (filters.length === 0) return null;
  const apply = () => onChange(draft);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        apply();
      }}
    >
      <Group align="flex-end" gap="xs" mb="sm">
        {filters.includes('merchantId') && (
          <Select
            label="Merchant"
            size="xs"
            clearable
            searchable
            data={merchants.data ?? []}
            value={draft.merchantId === undefined ? null : String(draft.merchantId)}
            onChange={(value) => {
              const { merchantId: _drop, ...rest } = draft;
              setDraft(value ? { ...rest, merchantId: Number(value) } : rest);
            }}
          />
        )}
        {filters.includes('recordKind') && (
          <Select
            label="Kind"
            size="xs"
            clearable
            placeholder="Any"
            data={kinds}
            value={draft.recordKind ?? null}
            onChange={(value) => {
              const { recordKind: _drop, ...rest } = draft;
              setDraft(value ? { ...rest, recordKind: value } : rest);
            }}
          />
        )}
        {filters.includes('country') && (
          <TextInput
            label="Country"
            size="xs"
            placeholder="ES"
            maxLength={2}
            w={80}
            value={draft.country ?? ''}
            onChange={(event) => {
              const value = event.currentTarget.value.toUpperCase();
              const { country: _drop, ...rest } = draft;
              setDraft(value.trim() ? { ...rest, country: value } : rest);
            }}
          />
        )}
        <Button size="xs" type="submit">
          Apply
        </Button>
      </Group>
    </form>
  );
}
