/**
 * What a bulk edit applies to: exactly the records of the
 * list the editor was opened from. The list hands its criteria over with the navigation (router
 * state, which a reload or Back keeps), built from the filters the grid shows — after ignorestate
 * and query-string filters — never from a stored filter history the list may not have written.
 * The criteria go in the `filters` query of `PUT {bulk path}`; the records are counted
 * first with the list's own `page-summarize`, so the user confirms a number before anything changes.
 * When the user ticked rows, their ids go too (the body's `ids`): then exactly those records change,
 * their number is the count confirmed, and the server still checks each against the criteria.
 */
import {
  BULK_MAX_IDS,
  type BulkResult,
  type ColumnDefinition,
  type Filter,
  type PageSummary,
} from '@bm/contracts';
import { buildCriteria } from '../filters/buildCriteria.ts';
import { staticOptions } from '../filters/columnOptions.ts';
import { describeCondition } from '../filters/describeCondition.ts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { listParams, summaryPath, withParams } from './listParams.ts';

export interface BulkTarget {
  /** The list's data source: where the targeted records are counted. */
  source: string;
  /** The list's criteria; undefined when the list had no filter. */
  criteria: Filter | undefined;
  /** The filter in words, one entry per condition, as the list's chips read. */
  words: string[];
  /** The ticked rows' record ids; absent when none are ticked (then the filter's records change). */
  ids?: readonly string[] | undefined;
}

/** The router state key under which the list hands its target to the bulk editor. */
const STATE_KEY = 'bulkTarget';

export function bulkTargetOf(
  columns: readonly ColumnDefinition[],
  filters: ColumnFilters,
  source: string,
  ids?: readonly string[],
): BulkTarget {
  const words = columns.flatMap((column) =>
    (Object.hasOwn(filters, column.key) ? (filters[column.key] ?? []) : []).map(
      (condition, index) =>
        `${index > 0 ? `${condition.conjunction} ` : ''}${describeCondition(column, condition, staticOptions(column))}`,
    ),
  );
  const target: BulkTarget = { source, criteria: buildCriteria(columns, filters), words };
  return ids && ids.length > 0 ? { ...target, ids } : target;
}

/** The navigation state the list's Bulk edit link carries. */
export const bulkNavigationState = (target: BulkTarget): Record<string, unknown> => ({ [STATE_KEY]: target });

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function isFilter(v: unknown, depth = 0): v is Filter {
  if (!isRecord(v) || depth > 8) return false;
  const group = v.and ?? v.or;
  if (group !== undefined) return Array.isArray(group) && group.every((f) => isFilter(f, depth + 1));
  return typeof v.operation === 'string' && typeof v.name === 'string' && typeof v.type === 'string';
}

/**
 * The target the list handed over, or undefined when the page was not opened from a list (a pasted
 * address, a bookmark) or the state is not one we wrote: the editor then targets no filter and says so.
 */
export function readBulkTarget(state: unknown): BulkTarget | undefined {
  const target = isRecord(state) ? state[STATE_KEY] : undefined;
  if (!isRecord(target) || typeof target.source !== 'string') return undefined;
  if (target.criteria !== undefined && !isFilter(target.criteria)) return undefined;
  if (!Array.isArray(target.words) || !target.words.every((w) => typeof w === 'string')) return undefined;
  const read: BulkTarget = { source: target.source, criteria: target.criteria, words: target.words };
  if (target.ids === undefined) return read;
  return isIdList(target.ids) ? { ...read, ids: target.ids } : undefined;
}

/** Ticked ids as the list writes them: record keys in digits, one to the most a bulk edit takes. */
const isIdList = (v: unknown): v is string[] =>
  Array.isArray(v) &&
  v.length > 0 &&
  v.length <= BULK_MAX_IDS &&
  v.every((id) => typeof id === 'string' && /^[1-9]\d{0,9}$/.test(id));

/** The list's count call for the target: `{source}/page-summarize` with the same criteria. */
export const bulkCountUrl = (source: string, criteria: Filter | undefined): string =>
  withParams(summaryPath(source), listParams({ filters: criteria, pageIndex: 0, pageSize: 1, sort: [] }));

/** "This will change N records", with "about" when the server could only estimate. */
export function bulkChangeText(summary: Pick<PageSummary, 'totalItemsCount' | 'exact'>): string {
  const n = summary.totalItemsCount;
  const count = `${summary.exact ? '' : 'about '}${n.toLocaleString('en')} ${n === 1 ? 'record' : 'records'}`;
  return `This will change ${count}`;
}

export function bulkUrl(path: string, criteria: Filter | undefined): string {
  if (!criteria) return path;
  return `${path}${path.includes('?') ? '&' : '?'}filters=${encodeURIComponent(JSON.stringify(criteria))}`;
}

export function bulkSummary(result: Pick<BulkResult, 'results'>): string {
  const applied = result.results.filter((r) => r.applied).length;
  const refused = result.results.length - applied;
  return `${applied} applied, ${refused} refused`;
}
