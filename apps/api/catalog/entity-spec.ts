/**
 * Shape of an entity's catalogue entry: what its list reads, which columns exist with which types,
 * which may be filtered and sorted, its keys, the procedures its actions may run, and the views and
 * data sources a request may name. The server trusts this, never the request.
 */

import type { ColumnType } from '@bm/contracts';
import type { CatalogColumnType } from '../areas/manifest.ts';

/** A storage type's grid cell type (the same names: a grid column of a catalogue column). */
export const BASE_LIST_TYPE: Record<CatalogColumnType, ColumnType> = {
  text: 'text',
  number: 'number',
  decimal: 'decimal',
  boolean: 'boolean',
  date: 'date',
  datetime: 'datetime',
};

export interface CatalogColumn {
  /** Column of the list view; also the mapKey the client uses. */
  name: string;
  type: CatalogColumnType;
  filterable: boolean;
  sortable: boolean;
}

export type EntityAction = 'delete' | 'create' | 'update' | 'bulkupdate' | 'publish' | 'setIsActiveCustomer';

export interface EntitySpec {
  /** Entity segment of its rights, e.g. `Page` → `BMTools/Page/List`. */
  entity: string;
  /** One record, in messages ("The contact is still used by …"); else read from `entity`. */
  singular?: string;
  api: string;
  rightPrefix: string;
  /** Right names spelled otherwise than `{rightPrefix}/{Action}`, by action (`View` → `ViewLocation`). */
  rights?: Partial<Record<string, string>>;
  /** The list view read by default. */
  view: string;
  /** Views a request may name with `sqlViewName` (each exposes the same columns). */
  views: string[];
  /** Data sources a request may name with `databaseName`. */
  dataSources: string[];
  key: string;
  deleteKeys: string[];
  columns: CatalogColumn[];
  procedures: Partial<Record<EntityAction, string>>;
  /** The view one record is read from (every form field plus "rowVersion"), and the views a
   * request may name for it with `sqlViewName`. */
  record?: { view: string; views: string[] };
  /**
   * Column (of the list and record views) holding the owner's email: every read is limited to the
   * caller's own rows. Absent: the right alone decides.
   */
  owner?: string;
  /** Path of the bulk update when it is not `PUT {api}` (Pages: /api/pages/bulk-update). */
  bulkPath?: string;
  /**
   * The text columns the list's `q` searches (any of them containing it, case-insensitively).
   * Absent: the list has no search, and a `q` is refused.
   */
  search?: string[];
}

const col = (
  name: string,
  type: CatalogColumnType,
  opts: { filter?: boolean; sort?: boolean } = {},
): CatalogColumn => ({
  name,
  type,
  filterable: opts.filter ?? true,
  sortable: opts.sort ?? true,
});

export { col };

/** The right guarding one action (`List`, `Create`, …) of an entity: its own spelling, else the standard one. */
export const entityRight = (entity: Pick<EntitySpec, 'rightPrefix' | 'rights'>, action: string): string =>
  entity.rights?.[action] ?? `${entity.rightPrefix}/${action}`;
