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

export const DROPDOWNS: readonly DropdownSpec[] = [
  {
    name: 'languages2',
    view: 'v_dd_languages',
    // Page forms (language combobox) and the pages list's language column.
    rights: [
      'BMTools/Page/List',
      'BMTools/Page/View',
      'BMTools/Page/Create',
      'BMTools/Page/Edit',
      'BMTools/Page/BulkEdit',
    ],
    columns: ['value', 'label'],
    searchColumn: 'label',
    orderBy: 'label',
  },
  {
    name: 'interceptions',
    view: 'v_dd_interceptions',
    // Interceptions themselves, and the trigger forms and list that pick an interception.
    rights: [
      'BMTools/Interception/List',
      'BMTools/Interception/View',
      'BMTools/InterceptionTrigger/List',
      'BMTools/InterceptionTrigger/View',
      'BMTools/InterceptionTrigger/Create',
      'BMTools/InterceptionTrigger/Edit',
    ],
    columns: ['id', 'name'],
    searchColumn: 'name',
    orderBy: 'name',
  },
  {
    name: 'suppliers',
    view: 'v_dd_suppliers',
    // Supplier names as reservations carry them.
    rights: ['BMTools/Reservation/List', 'BMTools/Reservation/View'],
    columns: ['value', 'label'],
    searchColumn: 'label',
    orderBy: 'label',
  },
];
