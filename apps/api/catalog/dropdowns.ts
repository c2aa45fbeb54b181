import { AREA_INDEX } from '../areas/index.ts';

/**
 * Registered lookups for `GET /api/dropdowns/{name}`: the view each reads, its columns, the column
 * an autocomplete `name` filters on, and the rights that may read it. Only these views may ever be
 * read as lookups.
 */
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
}

/** Every area's lookups. */
export const DROPDOWNS: readonly DropdownSpec[] = AREA_INDEX.flatMap((area) =>
  area.kind === 'entity' ? (area.dropdowns ?? []) : [],
);
