/**
 * The preset a record screen is built from: the in-use preset of
 * the screen's right, else its 'default'. Presets are fetched through the list engine's preset
 * query (silent on failure); with no default preset the screen is the 428 page.
 */
import type { Preset, PresetDefinition } from '@bm/contracts';
import { parsePresetDefinition } from '../presets/parsePresetDefinition.ts';
import { usePresets } from '../presets/presetQueries.ts';
import { resolvePresetSelection } from '../presets/resolvePresetSelection.ts';

export type FormPresetState =
  | { status: 'loading' }
  | { status: 'failed'; retry: () => void }
  | { status: 'missing' }
  | { status: 'ok'; preset: Preset; definition: PresetDefinition };

export function useFormPreset(rightName: string): FormPresetState {
  const query = usePresets(rightName);
  if (query.isPending) return { status: 'loading' };
  if (query.isError) return { status: 'failed', retry: () => void query.refetch() };
  const selection = resolvePresetSelection({
    presets: query.data,
    groupNames: [],
    deepLink: {},
    hasLinkedFilters: false,
  });
  if (selection.status !== 'ok') return { status: 'missing' };
  const definition = parsePresetDefinition(selection.preset.definition);
  return definition ? { status: 'ok', preset: selection.preset, definition } : { status: 'missing' };
}
