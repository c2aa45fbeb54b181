/**
 * The own map actions of the record being mapped, for the map list's header
 * (docs/adr/0013-mapping.md): Add to blacklist and Disable (with a note), and Restore while it is blacklisted or disabled (back to Not
 * mapped, with an optional note). The action that is the record's present state is not offered
 * (the server would answer "Already …"). Each change shows a toast with Undo; `onChange` runs after
 * every change, for the screen to read the record again.
 */
import { MAP_RESTORABLE, type MapStatus } from '@bm/contracts';
import { Button } from '@mantine/core';
import { IconArrowBackUp, IconBan, IconPlayerStop } from '@tabler/icons-react';
import { useMapActions } from './useMapActions.tsx';

interface MapRecordButtonsProps {
  /** The map list's source, with or without its query. */
  source: string;
  storedProcedure: string;
  recordId: number;
  /** How the record is named in questions and toasts. */
  recordName: string;
  /** Its `mapStatus` as its list reads it; unknown while that loads. */
  status: unknown;
  onChange: () => unknown;
}

const isRestorable = (status: unknown): status is MapStatus =>
  typeof status === 'string' && (MAP_RESTORABLE as readonly string[]).includes(status);

export function MapRecordButtons({
  source,
  storedProcedure,
  recordId,
  recordName,
  status,
  onChange,
}: MapRecordButtonsProps) {
  const actions = useMapActions({ source, storedProcedure, onChange });
  return (
    <>
      {isRestorable(status) && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconArrowBackUp size={14} aria-hidden />}
          onClick={() => void actions.restore(recordId, recordName, status)}
        >
          Restore
        </Button>
      )}
      {status !== 'blacklisted' && (
        <Button
          size="xs"
          variant="default"
          leftSection={<IconBan size={14} aria-hidden />}
          onClick={() => void actions.blacklist(recordId, recordName)}
        >
          Add to blacklist
        </Button>
      )}
      {status !== 'disabled' && (
        <Button
          size="xs"
          variant="default"
          color="red"
          leftSection={<IconPlayerStop size={14} aria-hidden />}
          onClick={() => void actions.disable(recordId, recordName)}
        >
          Disable
        </Button>
      )}
    </>
  );
}
