/**
 * The default presets shipped with the catalogue, one per right (lists and forms). Raising `version`
 * adds a new version on the next start; screens prefer the latest.
 */
import type { PresetDefinition } from '@bm/contracts';
import { ADMIN_FORM_PRESETS } from './admin-forms.ts';
import { INTERCEPTION_PRESETS } from './interception-presets.ts';
import { PAGE_FORM_PRESETS } from './page-forms.ts';
import { pagesListPreset } from './pages-list.ts';
import { presetsListPreset } from './presets-list.ts';
import { reservationsListPreset } from './reservations-list.ts';
import { TRIGGER_PRESETS } from './trigger-presets.ts';

export interface DefaultPresetSpec {
  rightName: string;
  version: number;
  definition: PresetDefinition;
}

export const DEFAULT_PRESETS: readonly DefaultPresetSpec[] = [
  pagesListPreset,
  reservationsListPreset,
  presetsListPreset,
  ...PAGE_FORM_PRESETS,
  ...INTERCEPTION_PRESETS,
  ...TRIGGER_PRESETS,
  ...ADMIN_FORM_PRESETS,
];
