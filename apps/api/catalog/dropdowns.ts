/**
 * Registered lookups for `GET /api/dropdowns/{name}`: the view each reads, its columns and the
 * column an autocomplete `name` filters on. Only these views may ever be read as lookups.
 */
export interface DropdownSpec {
  name: string;
  view: string;
  /** Columns returned, in order: value/label or id/name rows (core §3 "Select options"). */
  columns: readonly string[];
  searchColumn: string;
  orderBy: string;
}

export const DROPDOWNS: readonly DropdownSpec[] = [
  {
    name: 'languages2',
    view: 'v_dd_languages',
    columns: ['value', 'label'],
    searchColumn: 'label',
    orderBy: 'label',
  },
  {
    name: 'interceptions',
    view: 'v_dd_interceptions',
    columns: ['id', 'name'],
    searchColumn: 'name',
    orderBy: 'name',
  },
  {
    name: 'suppliers',
    view: 'v_dd_suppliers',
    columns: ['value', 'label'],
    searchColumn: 'label',
    orderBy: 'label',
  },
];
