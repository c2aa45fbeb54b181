/**
 * The map actions on one record of a mapped source, as the map list's rows and header and the mapping queue
 * run them (docs/adr/0013-mapping.md): `POST {source}/map|unmap|ignore|disable|restore|undo` with
 * the record's id (and the candidate's), through the list's procedure.
 * - Map below MAP_AUTO_THRESHOLD asks first, saying why; then the server's own confirmations
 *   (replace a mapping, restore a blacklisted or disabled record) are asked and sent back.
 * - Add to blacklist and Disable ask for the note; Restore (a blacklisted or disabled record back to
 *   Not mapped) offers one.
 * - Every change shows a toast with Undo (the server's `undo`, which puts the record back while
 *   the change is still its latest); an `error` answer is a dialog.
 * Each action resolves true when it changed the record; `onChange` runs after every change
 * (undo included), for the screen to show the new state.
 */
import {
  MAP_AUTO_THRESHOLD,
  MAP_NOTE_KEY,
  MAP_RECORD_KEY,
  MAP_STATUS_LABELS,
  MAP_TARGET_KEY,
  type MapActionResult,
  type MapRouteKey,
  type MapStatus,
  type MapUndoableKey,
} from '@bm/contracts';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { askForNote, askToConfirm, messageDialog } from './mapDialogs.tsx';
import { showMapToast, showUndoToast } from './undoToast.tsx';

interface MapCandidate {
  /** The catalogue record's id. */
  targetId: number;
  /** How the candidate is named in questions and toasts. */
  name: string;
  /** Its Match %, when the screen shows one. */
  match?: number | null | undefined;
}

interface MapActionsInput {
  /** The map list's source, with or without its query. */
  source: string;
  /** The procedure the list's actions name. */
  storedProcedure: string;
  onChange?: (() => unknown) | undefined;
}

export interface MapActions {
  map(recordId: number, recordName: string, candidate: MapCandidate): Promise<boolean>;
  unmap(recordId: number, recordName: string, candidate: MapCandidate): Promise<boolean>;
  blacklist(recordId: number, recordName: string): Promise<boolean>;
  disable(recordId: number, recordName: string): Promise<boolean>;
  /** Takes a blacklisted or disabled record (`from`) back to Not mapped, with an optional note. */
  restore(recordId: number, recordName: string, from: MapStatus): Promise<boolean>;
  /** Undoes the caller's latest change of the record, which was `of`. */
  undo(recordId: number, of: MapUndoableKey): Promise<boolean>;
}

export const sourceBase = (source: string): string => (source.split('?')[0] ?? '').replace(/\/$/, '');

export function useMapActions({ source, storedProcedure, onChange }: MapActionsInput): MapActions {
  const http = useHttp();
  const base = sourceBase(source);

  const post = async (
    key: MapRouteKey,
    values: Record<string, unknown>,
    actionType?: string,
  ): Promise<MapActionResult | undefined> => {
    try {
      return await http.request<MapActionResult>(`${base}/${key}`, {
        method: 'POST',
        body: {
          storeProcedure: storedProcedure,
          values: Object.entries(values).map(([mapkey, value]) => ({ mapkey, value })),
          ...(actionType ? { actionType } : {}),
        },
      });
    } catch {
      // Alerted by the HTTP client.
      return undefined;
    }
  };

  // The screen reads its state again in the background: the action is done once the server said so.
  const changed = () => {
    void onChange?.();
  };

  const undo = async (recordId: number, of: MapUndoableKey): Promise<boolean> => {
    const result = await post('undo', { [MAP_RECORD_KEY]: recordId }, of);
    if (!result) return false;
    if (!result.isSuccess) {
      messageDialog(result);
      return false;
    }
    showMapToast(result.messageContent ?? 'Undone');
    changed();
    return true;
  };

  const done = (recordId: number, key: MapUndoableKey, message: string) => {
    showUndoToast(message, () => void undo(recordId, key));
    changed();
  };

  /** Sends the map; a confirmation the server asks for is asked and sent back. */
  const mapRound = async (
    recordId: number,
    candidate: MapCandidate,
    actionType?: string,
  ): Promise<boolean> => {
    const result = await post(
      'map',
      { [MAP_RECORD_KEY]: recordId, [MAP_TARGET_KEY]: candidate.targetId },
      actionType,
    );
    if (!result) return false;
    const type = result.actionType;
    if (type === 'error') {
      messageDialog(result);
      return false;
    }
    if (type && type !== 'success') {
      const ok = await askToConfirm({
        title: result.messageTitle ?? 'Confirm',
        content: result.messageContent,
      });
      return ok ? mapRound(recordId, candidate, type) : false;
    }
    done(recordId, 'map', result.messageContent ?? `Mapped to “${candidate.name}”.`);
    return true;
  };

  return {
    async map(recordId, recordName, candidate) {
      const match = candidate.match;
      if (typeof match === 'number' && match < MAP_AUTO_THRESHOLD) {
        const ok = await askToConfirm({
          title: 'Map on a weak match?',
          content: `“${recordName}” matches “${candidate.name}” at ${match}% only, below the ${MAP_AUTO_THRESHOLD}% at which a mapping is likely right. Map it only if you checked it is the same.`,
          confirmLabel: 'Map',
        });
        if (!ok) return false;
      }
      return mapRound(recordId, candidate);
    },
    async unmap(recordId, _recordName, candidate) {
      const result = await post('unmap', {
        [MAP_RECORD_KEY]: recordId,
        [MAP_TARGET_KEY]: candidate.targetId,
      });
      if (!result) return false;
      if (!result.isSuccess) {
        messageDialog(result);
        return false;
      }
      done(recordId, 'unmap', `Unmapped from “${candidate.name}”.`);
      return true;
    },
    async blacklist(recordId) {
      return withNote(recordId, 'ignore', 'Add to blacklist');
    },
    async disable(recordId) {
      return withNote(recordId, 'disable', 'Disable');
    },
    async restore(recordId, recordName, from) {
      const note = await askForNote({
        action: 'Restore',
        required: false,
        intro: `“${recordName}” is “${MAP_STATUS_LABELS[from]}”. Restore puts it back to “${MAP_STATUS_LABELS.unmapped}”, to be mapped again.`,
      });
      if (note === undefined) return false;
      const result = await post('restore', {
        [MAP_RECORD_KEY]: recordId,
        ...(note === '' ? {} : { [MAP_NOTE_KEY]: note }),
      });
      if (!result) return false;
      if (!result.isSuccess) {
        messageDialog(result);
        return false;
      }
      done(recordId, 'restore', result.messageContent ?? `Back to ${MAP_STATUS_LABELS.unmapped}.`);
      return true;
    },
    undo,
  };

  async function withNote(recordId: number, key: 'ignore' | 'disable', label: string): Promise<boolean> {
    const note = await askForNote(label);
    if (note === undefined) return false;
    const result = await post(key, { [MAP_RECORD_KEY]: recordId, [MAP_NOTE_KEY]: note });
    if (!result) return false;
    if (!result.isSuccess) {
      messageDialog(result);
      return false;
    }
    done(recordId, key, result.messageContent ?? `${label}: done`);
    return true;
  }
}
