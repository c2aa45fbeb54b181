import { entityRightName } from '@bm/contracts';
import { AREA_INDEX } from '../areas/index.ts';

/**
 * Registered lookups for `GET /api/dropdowns/{name}`: the view each reads, its columns, the column
 * an autocomplete `name` filters on, and the rights that may read it. Only these views may ever be
 * read as lookups.
 */
export type LookupFilterType = 'integer' | 'boolean' | 'text';

export interface DropdownSpec {
  name: string;
  view: string;
  /**
   * Any one of these rights reads the lookup: the List/View right of the data's own area, and the
   * rights of every form and list whose fields take their options from it (so an editor of a form
   * can fill its dropdown without seeing the data's list).
   */
  rights: readonly string[];
  /** Columns returned, in order: value/label or id/name rows. */
  columns: readonly string[];
  searchColumn: string;
  orderBy: string;
  /**
   * Query parameters that narrow the rows, each an equality on one view column: `integer` takes
   * digits, `boolean` takes true/false (a bare `&enabled` means true), `text` takes the exact text.
   * Any other parameter is ignored.
   */
  filters?: Readonly<Record<string, { column: string; type: LookupFilterType }>>;
}

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
