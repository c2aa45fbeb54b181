/**
 * Runs a map list's row actions (docs/adr/0013-mapping.md) through the map actions
 * (features/map-actions): Map This (asking first below the confidence threshold, then whatever the
 * server asks), Un Map, Add to blacklist and Disable (with a note). The screen stays on the map
 * list: after every change, undo included, the grid and the record above it are read again, and a
 * toast offers Undo.
 */
import { MAP_RECORD_KEY, MAP_TARGET_KEY, type MapActionType, type Row, type RowAction } from '@bm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useMapActions } from '../map-actions/useMapActions.tsx';
import { MAP_HEADER_KEY } from './mapHeader.ts';
import { listKey } from './useListData.ts';

interface MapRunnerInput {
  /** The map list's source, with or without its query. */
  source: string;
  /** The name of the record the list is of (the header's title), for questions and toasts. */
  recordName: string | undefined;
  /**
   * Whether the list's record is the one being mapped (its rows are its candidates), not the
   * catalogue record (whose rows are the records that may be mapped to it).
   */
  rowsAreCandidates: boolean;
  /** The procedure the list's map actions name (the server runs only the list's own). */
  storedProcedure: string;
}

const text = (value: unknown): string => (value === null || value === undefined ? '' : String(value));

export function useMapActionRunner({
  source,
  recordName,
  rowsAreCandidates,
  storedProcedure,
}: MapRunnerInput) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey(source) }),
      queryClient.invalidateQueries({ queryKey: [MAP_HEADER_KEY] }),
    ]);
  const actions = useMapActions({ source, storedProcedure, onChange: refresh });

  return (action: RowAction, row: Row) => {
    const recordId = Number(row[MAP_RECORD_KEY]);
    const targetId = Number(row[MAP_TARGET_KEY]);
    // A row is either a candidate of the list's record, or a record that may be mapped to it.
    const name = rowsAreCandidates ? (recordName ?? `#${recordId}`) : text(row.name);
    const candidate = {
      targetId,
      name: rowsAreCandidates ? text(row.name) : (recordName ?? `#${targetId}`),
      match: typeof row.match === 'number' ? row.match : null,
    };
    const type = action.type as MapActionType;
    if (type === 'mapThis') return void actions.map(recordId, name, candidate);
    if (type === 'unMap') return void actions.unmap(recordId, name, candidate);
    if (type === 'ignore') return void actions.blacklist(recordId, name);
    return void actions.disable(recordId, name);
  };
}
