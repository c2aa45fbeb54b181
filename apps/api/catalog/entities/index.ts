/** Every entity with a catalogue entry: the area modules that have fields. */
import { AREA_INDEX } from '../../areas/index.ts';
import { entitySpecOf } from '../../src/areas/derive.ts';
import type { EntitySpec } from '../entity-spec.ts';

export const ENTITIES: readonly EntitySpec[] = AREA_INDEX.flatMap((area) => {
  const spec = area.kind === 'entity' ? entitySpecOf(area) : undefined;
  return spec ? [spec] : [];
});

/** One entity's catalogue entry by its right segment (`Page`); throws for an unknown one. */
export function catalogEntry(entity: string): EntitySpec {
  const spec = ENTITIES.find((e) => e.entity === entity);
  if (!spec) throw new Error(`No catalogue entry for ${entity}`);
  return spec;
}
