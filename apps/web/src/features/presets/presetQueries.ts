/**
 * The presets of one right and the preset groups, as queries. Both fetches are silent on failure;
 * presets go through the client-state update rule before they reach the screen.
 */
import { type Preset, type PresetGroup, presetGroupSchema } from '@bm/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { applyIncomingPresets } from './applyIncomingPresets.ts';

export const presetsKey = (rightName: string) => ['presets', rightName] as const;
const PRESET_GROUPS_KEY = ['presetGroups'] as const;

const isPreset = (value: unknown): value is Preset => {
  if (typeof value !== 'object' || value === null) return false;
  const p = value as Record<string, unknown>;
  return (
    typeof p.id === 'number' &&
    typeof p.name === 'string' &&
    typeof p.rightName === 'string' &&
    typeof p.definition === 'string' &&
    typeof p.presetGroupId === 'number' &&
    typeof p.presetGroup === 'object' &&
    p.presetGroup !== null
  );
};

export function usePresets(rightName: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: presetsKey(rightName),
    queryFn: async ({ signal }) => {
      const body = await http.request<unknown>(`/api/presets/user/${encodeURIComponent(rightName)}`, {
        silent: true,
        signal,
      });
      const incoming = (Array.isArray(body) ? body : [])
        .filter(isPreset)
        .filter((p) => p.rightName === rightName);
      const held = queryClient.getQueryData<Preset[]>(presetsKey(rightName)) ?? [];
      return applyIncomingPresets(held, incoming, [rightName]);
    },
    staleTime: 60_000,
  });
}

export function usePresetGroups() {
  const http = useHttp();
  return useQuery({
    queryKey: PRESET_GROUPS_KEY,
    queryFn: async ({ signal }): Promise<PresetGroup[]> => {
      const parsed = presetGroupSchema
        .array()
        .safeParse(await http.request<unknown>('/api/presets/group', { silent: true, signal }));
      return parsed.success ? parsed.data : [];
    },
    staleTime: 5 * 60_000,
  });
}
