/** The typed forms the criteria pipeline passes between its stages (parse → plan → SQL). */
import type { FilterOperation } from '@bm/contracts';
import type { CatalogColumn } from '../../catalog/entity-spec.ts';

/** A value after parsing: already checked against its column's type. */
export type ParsedValue =
  | { kind: 'none' }
  | { kind: 'scalar'; value: string | number | boolean; dateOnly?: boolean }
  | { kind: 'list'; values: Array<string | number | boolean> }
  | {
      kind: 'range';
      from: string | number | null;
      to: string | number | null;
      fromDateOnly?: boolean;
      toDateOnly?: boolean;
    };

export type FilterNode =
  | { kind: 'condition'; column: CatalogColumn; operation: FilterOperation; value: ParsedValue }
  | { kind: 'group'; conjunction: 'and' | 'or'; children: FilterNode[] };

export interface SortKey {
  column: CatalogColumn;
  direction: 'ASC' | 'DESC';
}

export interface ListRequest {
  filter: FilterNode | null;
  sort: SortKey[];
  fields: CatalogColumn[];
  pageIndex: number;
  pageSize: number;
  /** The registered view to read (default or a registered `sqlViewName`). */
  view: string;
  /**
   * When the view is a set-returning function of one record (a map list's candidates), the
   * record's id it is called with.
   */
  of?: number | undefined;
}

export class CriteriaError extends Error {
  readonly statusCode = 400;
}
