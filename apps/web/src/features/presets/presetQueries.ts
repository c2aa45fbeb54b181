/**
 * The presets of one right and the preset groups, as queries. Both fetches are silent on failure;
 * presets go through the client-state update rule before they reach the screen.
 */
import { type Preset, type PresetGroup, presetGroupSchema } from '@bm/contracts';
import { type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
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

const refreshes = new WeakMap<QueryClient, Map<string, Promise<void>>>();

/**
 * Fetches a right's presets again after one of our own changes (a view saved, created, deleted, the
 * working view saved). The update rule adds one new preset per fetch, so each change gets a fetch of
 * its own that starts after it: refreshes run one after another, and a fetch already running (the
 * list mounting, the window regaining focus) is let finish rather than cancelled. Cancelling it and
 * fetching once would answer two changes with one fetch (the working view saved while a view is
 * created) and drop one of the new presets from the picker.
 */
export function refreshPresets(queryClient: QueryClient, rightName: string): Promise<void> {
  const queryKey = presetsKey(rightName);
  let queue = refreshes.get(queryClient);
  if (!queue) {
    queue = new Map();
    refreshes.set(queryClient, queue);
  }
  const next = (queue.get(rightName) ?? Promise.resolve()).then(async () => {
    if (queryClient.isFetching({ queryKey }) > 0)
      await queryClient.refetchQueries({ queryKey }, { cancelRefetch: false });
    await queryClient.invalidateQueries({ queryKey });
  });
  queue.set(
    rightName,
    next.catch(() => {}),
  );
  return next;
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
