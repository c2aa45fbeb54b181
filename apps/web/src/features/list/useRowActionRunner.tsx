/**
 * Runs a row action: a confirmation (OK/Cancel) first when the action has a
 * messagebox — always for delete, with the default 'Do you want to delete this item id {{id}}', and
 * for set-active-customer — then navigation to its page URL, the delete call with the definition's
 * delete columns, or `PUT {source}/setIsActiveCustomer` with the action's procedure and the row's id
 * (a success toast, or the server's refusal; the list reloads either way). A download action fetches
 * its page URL as a file and saves it under the row's `fileName` (else Data.xlsx); a post action
 * posts `{}` to its page URL, toasts the answer's message or alerts a refusal, and reloads the list.
 * Both call the list's own API only (a same-origin path under its source: the call carries the
 * user's token), so a preset cannot turn a row's button into a call of another part of the API.
 * Without delete columns the spec's alert shows and nothing is sent. A URL outside the app and the
 * allowed redirect origins is not followed (an alert says so). A Bulk Edit action carries the list's
 * current target, as the toolbar's Bulk edit does, so the editor changes exactly the listed records.
 */
import { type ColumnDefinition, pathUnderListApi, type Row, type RowAction } from '@bm/contracts';
import { Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { useRuntimeConfig } from '../../app/config/RuntimeConfigContext.tsx';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import { focusBackTo, openerOfFocus } from '../alerts/returnFocus.ts';
import { recordName } from '../grid/recordName.ts';
import { actionId, actionTarget, actionUrl, fillMessage } from '../grid/rowActions.ts';
import { fileNameOr, ownApiPath, saveBlob } from '../notifications/download.ts';
import { type BulkTarget, bulkNavigationState } from './bulkTarget.ts';
import { listKey } from './useListData.ts';

const DEFAULT_DELETE_MESSAGE = 'Do you want to delete this item id {{id}}';
const DEFAULT_SET_ACTIVE_MESSAGE =
  'Make item id {{id}} the active one? The other rows of the same record become inactive.';
const NO_DELETE_COLUMNS = 'you must config the delete columns in the list definition';
const URL_NOT_ALLOWED = 'This action leads to an address that is not allowed';
/** The row field a download action's file is saved under. */
const FILE_NAME_FIELD = 'fileName';

interface RunnerInput {
  source: string;
  segment: string;
  keyColumn: string;
  columns: readonly ColumnDefinition[];
  /** The field naming a row in a delete's confirmation (the area's `titleField`); else its id only. */
  titleField?: string | undefined;
  /** The records the list shows, for a Bulk Edit action to target. */
  bulkTarget?: () => BulkTarget;
}

interface WriteResult {
  isSuccess?: boolean;
  message?: string;
}

export function useRowActionRunner({
  source,
  segment,
  keyColumn,
  columns,
  titleField,
  bulkTarget,
}: RunnerInput) {
  const http = useHttp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { redirectOrigins } = useRuntimeConfig();

  const remove = async (action: RowAction, row: Row, id: unknown) => {
    const values = columns
      .filter((c) => c.delete === true)
      .map((c) => ({ mapkey: c.mapKey, value: Object.hasOwn(row, c.mapKey) ? row[c.mapKey] : row[c.key] }));
    try {
      const result = await http.request<WriteResult>(
        `${source.replace(/\/$/, '')}/${encodeURIComponent(String(id))}`,
        {
          method: 'DELETE',
          body: { ...(action.storedProcedure ? { storeProcedure: action.storedProcedure } : {}), values },
        },
      );
      if (result?.isSuccess === false) return showErrorAlert(result.message || 'The item was not deleted');
      notifications.show({ color: 'green', message: `Deleted item id ${String(id)}` });
    } catch {
      // Alerted by the HTTP client.
    }
    await queryClient.invalidateQueries({ queryKey: listKey(source) });
  };

  /** Makes the row the active one of its group; the server says what changed (or why not). */
  const setActive = async (action: RowAction, id: unknown) => {
    const base = (source.split('?')[0] ?? '').replace(/\/$/, '');
    try {
      const result = await http.request<WriteResult>(`${base}/setIsActiveCustomer`, {
        method: 'PUT',
        body: {
          ...(action.storedProcedure ? { storeProcedure: action.storedProcedure } : {}),
          values: [{ mapkey: action.columnKey ?? keyColumn, value: id }],
        },
      });
      if (result?.isSuccess === false) showErrorAlert(result.message || 'The row was not made active');
      else
        notifications.show({ color: 'green', message: result?.message || `Item id ${String(id)} is active` });
    } catch {
      // Alerted by the HTTP client, with the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: listKey(source) });
  };

  /** Fetches the file with the user's token and hands it to the browser's download. */
  const download = async (path: string, row: Row) => {
    try {
      const blob = await http.request<Blob>(path, { responseType: 'blob' });
      saveBlob(blob, fileNameOr(row[FILE_NAME_FIELD]));
    } catch {
      // Alerted by the HTTP client.
    }
  };

  /** Posts to one of our API paths; the server says what happened (or why not). */
  const post = async (action: RowAction, path: string) => {
    try {
      const result = await http.request<WriteResult | undefined>(path, { method: 'POST', body: {} });
      if (result?.isSuccess === false) showErrorAlert(result.message || `${action.label} was not done`);
      else notifications.show({ color: 'green', message: result?.message || `${action.label}: done` });
    } catch {
      // Alerted by the HTTP client, with the server's message.
    }
    await queryClient.invalidateQueries({ queryKey: listKey(source) });
  };

  const perform = (action: RowAction, row: Row) => {
    const id = actionId(action, row, keyColumn);
    if (action.type === 'delete') return void remove(action, row, id);
    if (action.type === 'setIsActiveCustomer') return void setActive(action, id);
    const url = actionUrl(action, row, keyColumn, segment);
    if (!url) return;
    if (action.type === 'download' || action.type === 'post') {
      // The call carries the user's token: only to a path under this list's own API.
      const own = ownApiPath(url, window.location.origin);
      const path = own ? pathUnderListApi(own, source.split('?')[0] ?? '') : undefined;
      if (!path) return showErrorAlert(URL_NOT_ALLOWED);
      return void (action.type === 'download' ? download(path, row) : post(action, path));
    }
    const target = actionTarget(url, window.location.origin, redirectOrigins);
    if (!target) return showErrorAlert(URL_NOT_ALLOWED);
    if (target.kind === 'external') window.open(target.url, '_blank', 'noopener,noreferrer');
    else if (action.type === 'bulkupdate' && bulkTarget)
      navigate(target.path, { state: bulkNavigationState(bulkTarget()) });
    else navigate(target.path);
  };

  return (action: RowAction, row: Row) => {
    const id = actionId(action, row, keyColumn);
    const isDelete = action.type === 'delete';
    if (isDelete && !columns.some((c) => c.delete === true)) return showErrorAlert(NO_DELETE_COLUMNS);
    const isSetActive = action.type === 'setIsActiveCustomer';
    const message =
      action.messagebox ??
      (isDelete ? DEFAULT_DELETE_MESSAGE : isSetActive ? DEFAULT_SET_ACTIVE_MESSAGE : undefined);
    if (!message) return perform(action, row);
    const name = isDelete ? recordName(row, titleField) : undefined;
    modals.openConfirmModal({
      ...focusBackTo(openerOfFocus()),
      title: action.label,
      centered: true,
      children: (
        <>
          <Text size="sm">
            {fillMessage(message, id)}
            {name && name !== String(id) ? ` (“${name}”)` : ''}
          </Text>
          {isDelete && (
            <Text size="sm" c="dimmed" mt="xs">
              The record is removed for everyone. This cannot be undone.
            </Text>
          )}
        </>
      ),
      // A destructive button says what it does.
      labels: { confirm: isDelete ? 'Delete' : isSetActive ? action.label : 'OK', cancel: 'Cancel' },
      confirmProps: isDelete ? { color: 'red' } : {},
      onConfirm: () => perform(action, row),
    });
  };
}
