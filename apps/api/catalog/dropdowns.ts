/**
 * Registered lookups for `GET /api/dropdowns/{name}`: every area's own (`dropdowns` in its
 * manifest), each readable with its own rights and those of every form that takes options from it.
 * Only these views may ever be read as lookups.
 */
import { entityRightName } from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';
import type { DropdownSpec } from '../areas/manifest.ts';

const entities = AREA_INDEX.filter((area) => area.kind === 'entity');

/**
 * The rights of every area with a form field that takes its options from the lookup (source or
 * fetchAPI `/api/dropdowns/{name}`): whoever may open that area's list or forms may fill it.
 */
function usersOf(name: string): string[] {
  const path = `/api/dropdowns/${name}`.toLowerCase();
  const uses = (value: unknown) => typeof value === 'string' && value.toLowerCase().split('?')[0] === path;
  return entities.flatMap((area) =>
    (area.fields ?? []).some((f) => uses(f.form?.source) || uses(f.form?.fetchAPI))
      ? area.actions
          .filter((a) => ['List', 'View', 'Create', 'Edit', 'BulkEdit'].includes(a))
          .map((a) => entityRightName(area.entity, a, area.rightOverrides))
      : [],
  );
}

/** Every area's lookups, each readable with its own rights and those of the forms that use it. */
export const DROPDOWNS: readonly DropdownSpec[] = entities.flatMap((area) =>
  (area.dropdowns ?? []).map((spec) => ({
    ...spec,
    rights: [...new Set([...spec.rights, ...usersOf(spec.name)])],
  })),
);
