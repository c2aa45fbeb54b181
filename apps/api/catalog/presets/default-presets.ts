/**
 * The default list presets shipped with the catalogue, one per list right. Raising `version`
 * adds a new version on the next start; screens prefer the latest.
 */
import type { PresetDefinition } from '@bm/contracts';
import { pagesListPreset } from './pages-list.ts';
import { presetsListPreset } from './presets-list.ts';
import { reservationsListPreset } from './reservations-list.ts';

export interface DefaultPresetSpec {
  rightName: string;
  version: number;
  definition: PresetDefinition;
}

export const DEFAULT_PRESETS: readonly DefaultPresetSpec[] = [
  pagesListPreset,
  reservationsListPreset,
  presetsListPreset,
];
