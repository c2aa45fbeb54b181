/**
 * List criteria as they cross the wire (a fixed shape): a condition
 * `{operation, name, type, value}` or a group `{and: [...]}` / `{or: [...]}`; paging from 0; sort as
 * `"mapKey=ASC"` strings. The server re-validates everything against the entity's catalogue.
 */
import { z } from 'zod';

export const FILTER_OPERATIONS = [
  'eq',
  'neq',
  'lt',
  'lte',
  'gt',
  'gte',
  'contains',
  'notcontains',
  'startswith',
  'endswith',
  'in',
  'notin',
  'between',
  'isnull',
  'isnotnull',
] as const;
export type FilterOperation = (typeof FILTER_OPERATIONS)[number];

export const FILTER_TYPES = ['text', 'number', 'boolean', 'date', 'datetime'] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export type FilterValue = string | number | boolean | null | Array<string | number | boolean>;

export interface FilterCondition {
  operation: FilterOperation;
  name: string;
  type: FilterType;
  value?: FilterValue;
}
export type Filter = FilterCondition | { and: Filter[] } | { or: Filter[] };

export const CRITERIA_LIMITS = {
  maxDepth: 8,
  maxConditions: 200,
  maxInItems: 1000,
  minPageSize: 1,
  maxPageSize: 1000,
} as const;

export const PAGE_SIZES = [10, 20, 50, 100, 200, 500, 1000] as const;
export const DEFAULT_PAGE_SIZE = 20;

export const isGroup = (f: Filter): f is { and: Filter[] } | { or: Filter[] } => 'and' in f || 'or' in f;

export interface Paging {
  pageIndex: number;
  pageSize: number;
  hasMore: boolean;
}

export type Row = Record<string, unknown>;

export interface ListResponse<T = Row> {
  data: T[];
  paging: Paging;
}

export const pageSummarySchema = z.object({
  totalItemsCount: z.number().int(),
  totalPages: z.number().int(),
  pageIndex: z.number().int(),
  pageSize: z.number().int(),
  exact: z.boolean(),
});
export type PageSummary = z.infer<typeof pageSummarySchema>;
