/**
 * Runs a map list's row actions (docs/adr/0013-mapping.md). Map This and Un Map post
 * `{source}/map` or `/unmap` with the row's columns marked for them; the answer's `actionType`
 * decides what follows: none, back to the list; `error`, a dialog; `success`, a dialog and then
 * back to the list; anything else, a confirmation that on Ok sends the request again with that
 * `actionType`. Add to blacklist and Disable ask for a note first; Disable then reloads the list.
 */
import {
  type ColumnDefinition,
  MAP_ACTIONS,
  MAP_NOTE_KEY,
  MAP_NOTE_MAX,
  type MapActionResult,
  type MapActionType,
  type Row,
  type RowAction,
} from '@bm/contracts';
import { Button, Group, Text, Textarea } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { listKey } from './useListData.ts';

interface MapRunnerInput {
  /** The map list's source, with or without its query. */
  source: string;
  columns: readonly ColumnDefinition[];
  /** Where "back to the list" goes. */
  listPath: string;
}

let sequence = 0;

function messageDialog(result: MapActionResult, onClose?: () => void) {
  sequence += 1;
  const modalId = `map-answer-${sequence}`;
  modals.open({
    modalId,
    title: result.messageTitle ?? '',
    centered: true,
    ...(onClose ? { onClose } : {}),
    children: (
      <>
        <Text size="sm">{result.messageContent}</Text>
        <Group justify="flex-end" mt="md">
          <Button data-autofocus onClick={() => modals.close(modalId)}>
            Ok
          </Button>
        </Group>
      </>
    ),
  });
}

function NoteForm({ action, onSend }: { action: string; onSend: (note: string) => void }) {
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | undefined>();
  const send = () => {
    if (note.trim() === '') return setError('This field is required');
    onSend(note.trim());
  };
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        send();
      }}
    >
      <Textarea
        label="Note"
        description="Why, for whoever looks at this record next"
        data-autofocus
        autosize
        minRows={2}
        maxLength={MAP_NOTE_MAX}
        value={note}
        error={error}
        withAsterisk
        onChange={(event) => {
          setNote(event.currentTarget.value);
          setError(undefined);
        }}
      />
      <Group justify="flex-end" mt="md">
        <Button variant="default" onClick={() => modals.closeAll()}>
          Cancel
        </Button>
        <Button type="submit" color={action === 'Disable' ? 'red' : undefined}>
          {action}
        </Button>
      </Group>
    </form>
  );
}

export function useMapActionRunner({ source, columns, listPath }: MapRunnerInput) {
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const base = (source.split('?')[0] ?? '').replace(/\/$/, '');

  const post = async (action: RowAction, row: Row, extra: { note?: string; actionType?: string } = {}) => {
    const key = MAP_ACTIONS[action.type as MapActionType];
    const values = columns
      .filter((c) => (c as Record<string, unknown>)[key] === true)
      .map((c) => ({ mapkey: c.mapKey, value: row[c.mapKey] }));
    if (extra.note !== undefined) values.push({ mapkey: MAP_NOTE_KEY, value: extra.note });
    try {
      return await http.request<MapActionResult>(`${base}/${key}`, {
        method: 'POST',
        body: {
          storeProcedure: action.storedProcedure ?? '',
          values,
          ...(extra.actionType ? { actionType: extra.actionType } : {}),
        },
      });
    } catch {
      // Alerted by the HTTP client.
      return undefined;
    }
  };

  const mapOrUnmap = async (action: RowAction, row: Row, actionType?: string): Promise<void> => {
    const result = await post(action, row, actionType ? { actionType } : {});
    if (!result) return;
    const type = result.actionType;
    if (!type) return void navigate(listPath);
    if (type === 'error') return messageDialog(result);
    if (type === 'success') return messageDialog(result, () => navigate(listPath));
    modals.openConfirmModal({
      title: result.messageTitle,
      centered: true,
      children: <Text size="sm">{result.messageContent}</Text>,
      labels: { confirm: 'Ok', cancel: 'Cancel' },
      onConfirm: () => void mapOrUnmap(action, row, type),
    });
  };

  const withNote = (action: RowAction, row: Row) => {
    sequence += 1;
    const modalId = `map-note-${sequence}`;
    const send = async (note: string) => {
      modals.close(modalId);
      const result = await post(action, row, { note });
      if (!result) return;
      if (result.isSuccess === false) return messageDialog(result);
      notifications.show({ color: 'green', message: result.messageContent ?? `${action.label}: done` });
      // Disable refreshes the list; a blacklisted record stays in view until the next load.
      if (action.type === 'disable') await queryClient.invalidateQueries({ queryKey: listKey(source) });
    };
    modals.open({
      modalId,
      title: action.label,
      centered: true,
      children: <NoteForm action={action.label} onSend={(note) => void send(note)} />,
    });
  };

  return (action: RowAction, row: Row) => {
    if (action.type === 'ignore' || action.type === 'disable') return withNote(action, row);
    void mapOrUnmap(action, row);
  };
}
