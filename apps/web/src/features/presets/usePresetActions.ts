/**
 * Preset (view) management from the list: change the in-use preset, save, save as new under a group,
 * rename and delete. Each refreshes the right's presets afterwards, through the client-state update rule,
 * and says what happened in a toast: green when done, red with the reason (in plain words) when not.
 * Nothing blocks the list with a modal. Deleting the only preset is refused here first
 * ('You can not detele the last preset').
 */
import type { Preset, PresetDefinition } from '@bm/contracts';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import type { HttpClient } from '../../app/http/httpClient.ts';
import { plainErrorMessage } from '../../app/http/plainError.ts';
import { changeInUsePreset, createPreset, deletePreset, renamePreset, savePreset } from './presetCalls.ts';
import { PRESET_MESSAGES } from './presetMessages.ts';
import { refreshPresets } from './presetQueries.ts';

export function usePresetActions(rightName: string) {
  const loud = useHttp();
  // Failures are told in a toast here, not in the HTTP client's modal.
  const http: HttpClient = {
    request: (path, options) => loud.request(path, { ...options, silent: true }),
    log: loud.log,
  };
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => refreshPresets(queryClient, rightName);

  async function run<T>(call: () => Promise<T>, done?: (result: T) => string): Promise<T | undefined> {
    setBusy(true);
    try {
      const result = await call();
      await refresh();
      if (done) notifications.show({ color: 'green', message: done(result) });
      return result;
    } catch (error) {
      notifications.show({
        color: 'red',
        title: 'The view was not changed',
        message: plainErrorMessage(error),
      });
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    changeInUse: (preset: Preset) => run(() => changeInUsePreset(http, preset)),
    save: (preset: Preset, definition: PresetDefinition) =>
      run(
        async () => {
          const saved = await savePreset(http, preset, definition);
          await changeInUsePreset(http, saved);
          return saved;
        },
        () => `Saved the view “${preset.name}”`,
      ),
    create: (name: string, presetGroupId: number, definition: PresetDefinition, totalItemCount?: number) =>
      run(
        () => createPreset(http, { name, rightName, presetGroupId, definition, totalItemCount }),
        (created) => `Saved as the new view “${created.name}” (${created.presetGroup.name})`,
      ),
    rename: (preset: Preset, name: string) =>
      run(
        () => renamePreset(http, preset, name),
        (renamed) => `Renamed the view “${preset.name}” to “${renamed.name}”`,
      ),
    remove: (preset: Preset, all: readonly Preset[]) => {
      if (all.length <= 1) {
        notifications.show({ color: 'red', message: PRESET_MESSAGES.lastPreset });
        return Promise.resolve(undefined);
      }
      return run(
        () => deletePreset(http, preset).then(() => true),
        () => `Deleted the view “${preset.name}”`,
      );
    },
  };
}
