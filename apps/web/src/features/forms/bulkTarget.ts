/**
 * What a bulk edit applies to (entities §2 "Generic bulk-edit page"): every record matching the
 * list's current filters, read from the filter history the list engine keeps under
 * `right + '^__^state'` (core §9), else the list preset's own filters; sent as the list call's
 * criteria in the `filters` query of `PUT {bulk path}` (core §7).
 */
import type { BulkResult, Filter, PresetDefinition } from '@bm/contracts';
import { buildCriteria } from '../filters/buildCriteria.ts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { presetFilters } from '../list/listState.ts';
import { readFilterHistory } from '../presets/filterHistory.ts';

export function listFilters(
  storage: Storage,
  listRight: string | undefined,
  listDefinition: PresetDefinition | undefined,
): ColumnFilters {
  const stored = listRight ? readFilterHistory(storage, listRight) : undefined;
  return stored ?? (listDefinition ? presetFilters(listDefinition) : {});
}

export function bulkCriteria(
  listDefinition: PresetDefinition | undefined,
  filters: ColumnFilters,
): Filter | undefined {
  return listDefinition ? buildCriteria(listDefinition.definition, filters) : undefined;
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
