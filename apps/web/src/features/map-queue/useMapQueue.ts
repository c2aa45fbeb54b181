/**
 * The headless queue: which record is up (the most certain of the scope, but those skipped in this
 * visit; or the record an undo brought back), its top five candidates, and the commands that work
 * it. After a change the next record opens; the last change can be undone, which shows its record
 * again.
 */
import {
  type ListResponse,
  MAP_TARGET_KEY,
  type MapActionKey,
  type MapHeader,
  type MapQueueNext,
  type MapScope,
  type Row,
} from '@bm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { headerTitle, MAP_HEADER_KEY, useMapHeader } from '../list/mapHeader.ts';
import { sourceBase, useMapActions } from '../map-actions/useMapActions.tsx';
import { queueQuery } from './queueScope.ts';

export const QUEUE_KEY = 'map-queue';
/** Candidates shown beside the record (keys 1–5). */
const QUEUE_CANDIDATES = 5;

interface QueueInput {
  source: string;
  header: MapHeader | undefined;
  storedProcedure: string;
  scope: MapScope;
}

interface Candidate {
  targetId: number;
  name: string;
  code: string;
  detail: string;
  match: number | null;
  evidence: string | null;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

function candidateOf(row: Row): Candidate {
  return {
    targetId: Number(row[MAP_TARGET_KEY]),
    name: text(row.name),
    code: text(row.code),
    detail: text(row.detail),
    match: typeof row.match === 'number' ? row.match : null,
    evidence: typeof row.evidence === 'string' && row.evidence !== '' ? row.evidence : null,
  };
}

export function useMapQueue({ source, header, storedProcedure, scope }: QueueInput) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const base = sourceBase(source);
  const [skipped, setSkipped] = useState<number[]>([]);
  const [pinned, setPinned] = useState<number | undefined>();
  const [last, setLast] = useState<{ recordId: number; key: MapActionKey } | undefined>();

  const next = useQuery({
    queryKey: [QUEUE_KEY, base, scope, skipped],
    enabled: base !== '',
    queryFn: ({ signal }) => {
      const query = queueQuery(scope, skipped);
      return http.request<MapQueueNext>(`${base}/queue${query ? `?${query}` : ''}`, { signal });
    },
  });
  const recordId = pinned ?? next.data?.recordId ?? undefined;
  const record = useMapHeader(header, recordId);
  const candidates = useQuery({
    queryKey: [QUEUE_KEY, 'candidates', base, recordId],
    enabled: recordId !== undefined,
    queryFn: async ({ signal }) => {
      const params = new URLSearchParams({
        id: String(recordId),
        pageSize: String(QUEUE_CANDIDATES),
        pageIndex: '0',
        sort: JSON.stringify(['rank=ASC']),
      });
      const answer = await http.request<ListResponse>(`${base}?${params.toString()}`, { signal });
      return (answer.data ?? []).filter((row) => row.isMapped !== true).map(candidateOf);
    },
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [QUEUE_KEY] }),
      queryClient.invalidateQueries({ queryKey: [MAP_HEADER_KEY] }),
    ]);
  const actions = useMapActions({ source: base, storedProcedure, onChange: refresh });
  const row = record.data ?? undefined;
  const recordName = header && row ? headerTitle(header.title, row) : `#${recordId ?? ''}`;

  /** After a change of the record on screen: remember it for U, and let the next one open. */
  const changed = (id: number, key: MapActionKey) => {
    setLast({ recordId: id, key });
    setPinned(undefined);
  };

  return {
    next,
    recordId,
    record,
    recordName,
    candidates,
    last,
    async map(index: number) {
      const candidate = candidates.data?.[index];
      if (recordId === undefined || !candidate) return;
      if (await actions.map(recordId, recordName, candidate)) changed(recordId, 'map');
    },
    async blacklist() {
      if (recordId !== undefined && (await actions.blacklist(recordId, recordName)))
        changed(recordId, 'ignore');
    },
    async disable() {
      if (recordId !== undefined && (await actions.disable(recordId, recordName)))
        changed(recordId, 'disable');
    },
    skip() {
      if (recordId === undefined) return;
      setPinned(undefined);
      setSkipped((ids) => [...ids.filter((id) => id !== recordId), recordId]);
    },
    async undo() {
      if (!last) return;
      if (await actions.undo(last.recordId, last.key)) {
        // The record is back: it is shown again, whatever the queue would offer next.
        setLast(undefined);
        setSkipped((ids) => ids.filter((id) => id !== last.recordId));
        setPinned(last.recordId);
      }
    },
  };
}

export type MapQueue = ReturnType<typeof useMapQueue>;
