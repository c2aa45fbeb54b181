/**
 * The default presets shipped with the catalogue, one per right (lists and forms), derived from
 * the area modules. Raising a manifest's list or form `version` adds a new version on the next
 * start; screens prefer the latest.
 */
import { AREA_INDEX } from '../../areas/index.ts';
import { type DefaultPresetSpec, presetsOf } from '../../src/areas/derive.ts';

export type { DefaultPresetSpec };

export const DEFAULT_PRESETS: readonly DefaultPresetSpec[] = AREA_INDEX.flatMap((area) =>
  area.kind === 'entity' ? presetsOf(area) : [],
);
