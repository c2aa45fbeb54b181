/**
 * The preset calls at `/api/presets/user`: create (or upsert the caller's 'state'),
 * save, delete and change the in-use preset. Failures reject and are alerted by the HTTP client,
 * the refusal texts being the server's.
 */
import { type Preset, type PresetDefinition, STATE_PRESET_NAME, SYSTEM_PRESET_GROUP_ID } from '@bm/contracts';
import type { HttpClient } from '../../app/http/httpClient.ts';

const BASE = '/api/presets/user';

export function changeInUsePreset(http: HttpClient, preset: Preset): Promise<Preset> {
  return http.request<Preset>(`${BASE}/change`, {
    method: 'POST',
    body: { id: preset.id, rightName: preset.rightName },
  });
}

export interface CreatePresetInput {
  name: string;
  rightName: string;
  presetGroupId: number;
  definition: PresetDefinition;
  totalItemCount?: number | undefined;
}

export function createPreset(http: HttpClient, input: CreatePresetInput, silent = false): Promise<Preset> {
  return http.request<Preset>(BASE, {
    method: 'POST',
    silent,
    body: {
      name: input.name,
      rightName: input.rightName,
      presetGroupId: input.presetGroupId,
      definition: JSON.stringify(input.definition),
      ...(input.totalItemCount === undefined ? {} : { totalItemCount: input.totalItemCount }),
    },
  });
}

/** The caller's state preset (group 1, name 'state'), created or updated in place by the server. */
export const saveStatePreset = (
  http: HttpClient,
  rightName: string,
  definition: PresetDefinition,
  totalItemCount?: number,
): Promise<Preset> =>
  createPreset(
    http,
    { name: STATE_PRESET_NAME, rightName, presetGroupId: SYSTEM_PRESET_GROUP_ID, definition, totalItemCount },
    true,
  );

export function savePreset(http: HttpClient, preset: Preset, definition: PresetDefinition): Promise<Preset> {
  return http.request<Preset>(`${BASE}/${preset.id}`, {
    method: 'PUT',
    body: {
      id: preset.id,
      name: preset.name,
      rightName: preset.rightName,
      definition: JSON.stringify(definition),
    },
  });
}

/** A new name for a view, its stored definition as it is. */
export function renamePreset(http: HttpClient, preset: Preset, name: string): Promise<Preset> {
  return http.request<Preset>(`${BASE}/${preset.id}`, {
    method: 'PUT',
    body: { id: preset.id, name, rightName: preset.rightName, definition: preset.definition },
  });
}

export function deletePreset(http: HttpClient, preset: Preset): Promise<void> {
  return http.request<void>(BASE, { method: 'DELETE', body: { id: preset.id, rightName: preset.rightName } });
}
