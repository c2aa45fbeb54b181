/**
 * Preset management from the list: change the in-use preset, save,
 * create under a group and delete. Each refreshes the right's presets afterwards, through the
 * client-state update rule. Server refusals are alerted by the HTTP client with the spec's texts;
 * deleting the only preset is refused here first ('You can not detele the last preset').
 */
import type { Preset, PresetDefinition } from '@bm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { showErrorAlert } from '../alerts/errorAlert.tsx';
import { changeInUsePreset, createPreset, deletePreset, savePreset } from './presetCalls.ts';
import { PRESET_MESSAGES } from './presetMessages.ts';
import { presetsKey } from './presetQueries.ts';

export function usePresetActions(rightName: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const refresh = () => queryClient.invalidateQueries({ queryKey: presetsKey(rightName) });

  async function run<T>(call: () => Promise<T>): Promise<T | undefined> {
    setBusy(true);
    try {
      const result = await call();
      await refresh();
      return result;
    } catch {
      // Alerted by the HTTP client.
      return undefined;
    } finally {
      setBusy(false);
    }
  }

  return {
    busy,
    changeInUse: (preset: Preset) => run(() => changeInUsePreset(http, preset)),
    save: (preset: Preset, definition: PresetDefinition) =>
      run(async () => {
        const saved = await savePreset(http, preset, definition);
        await changeInUsePreset(http, saved);
        return saved;
      }),
    create: (name: string, presetGroupId: number, definition: PresetDefinition, totalItemCount?: number) =>
      run(() => createPreset(http, { name, rightName, presetGroupId, definition, totalItemCount })),
    remove: (preset: Preset, all: readonly Preset[]) => {
      if (all.length <= 1) {
        showErrorAlert(PRESET_MESSAGES.lastPreset);
        return Promise.resolve(undefined);
      }
      return run(() => deletePreset(http, preset).then(() => true));
    },
  };
}
