/**
 * Keeps the caller's 'state' preset in step with the grid: after a change, debounced, the
 * current definition is saved as 'state' (group 1), which the server creates or updates and marks
 * in use — unless ignoreState is set by the address or the preset. Failures are silent: the grid
 * works on without its saved state. Other tabs on the same list hear of each save
 * (workingViewChannel.ts).
 */
import type { PresetDefinition } from '@bm/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useHttp } from '../../app/http/HttpContext.tsx';
import { saveStatePreset } from './presetCalls.ts';
import { refreshPresets } from './presetQueries.ts';
import { announceWorkingView, useWorkingViewElsewhere } from './workingViewChannel.ts';

const STATE_SAVE_DELAY_MS = 800;

interface StateSyncInput {
  rightName: string;
  enabled: boolean;
  /** Goes up on every grid change the user makes; 0 means nothing changed yet. */
  revision: number;
  definition: PresetDefinition;
  totalItemCount: number | undefined;
}

/** Returns `cancel`, which drops a save still waiting (e.g. when a named preset is saved instead). */
export function useStatePresetSync({
  rightName,
  enabled,
  revision,
  definition,
  totalItemCount,
}: StateSyncInput) {
  const http = useHttp();
  const queryClient = useQueryClient();
  const latest = useRef({ definition, totalItemCount });
  latest.current = { definition, totalItemCount };
  const timer = useRef<number | undefined>(undefined);
  useWorkingViewElsewhere(rightName, enabled);

  useEffect(() => {
    if (!enabled || revision === 0) return;
    timer.current = window.setTimeout(() => {
      const { definition: def, totalItemCount: total } = latest.current;
      saveStatePreset(http, rightName, def, total)
        .then(() => {
          announceWorkingView(rightName);
          return refreshPresets(queryClient, rightName);
        })
        .catch(() => {});
    }, STATE_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer.current);
  }, [enabled, revision, http, queryClient, rightName]);

  return { cancel: () => window.clearTimeout(timer.current) };
}
