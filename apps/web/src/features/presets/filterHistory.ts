/**
 * Each right's filter state in session storage under `right + '^__^state'`, so a list
 * opened again in the same tab keeps its filters. A damaged or tampered entry reads as none.
 */
import { columnFilterSchema, STATE_SUFFIX } from '@bm/contracts';
import type { ColumnFilters } from '../filters/filterTypes.ts';

const conditionsSchema = columnFilterSchema.array().max(50);

export const filterHistoryKey = (rightName: string): string => `${rightName}${STATE_SUFFIX}`;

export function readFilterHistory(storage: Storage, rightName: string): ColumnFilters | undefined {
  try {
    const raw = storage.getItem(filterHistoryKey(rightName));
    if (raw === null) return undefined;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    const history: ColumnFilters = {};
    for (const [key, value] of Object.entries(parsed)) {
      const conditions = conditionsSchema.safeParse(value);
      // JSON may carry "__proto__" as an own key; it is never a column.
      if (!conditions.success || key === '__proto__') return undefined;
      history[key] = conditions.data;
    }
    return history;
  } catch {
    return undefined;
  }
}

export function writeFilterHistory(storage: Storage, rightName: string, filters: ColumnFilters): void {
  try {
    storage.setItem(filterHistoryKey(rightName), JSON.stringify(filters));
  } catch {
    // Storage full or blocked: the filters still work for this page.
  }
}
