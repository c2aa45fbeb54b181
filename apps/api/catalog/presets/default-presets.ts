/**
 * The default presets shipped with the catalogue, one per right (lists and forms), derived from
 * the area modules. A preset whose content changed is stored as a new version at the next start,
 * found by the hash of its content (src/catalog/sync-presets.ts); screens prefer the latest.
 */
import { AREA_INDEX } from '../../areas/index.ts';
import { type DefaultPresetSpec, presetsOf } from '../../src/areas/derive.ts';

export type { DefaultPresetSpec };

export const DEFAULT_PRESETS: readonly DefaultPresetSpec[] = AREA_INDEX.flatMap((area) =>
  area.kind === 'entity' ? presetsOf(area) : [],
);
