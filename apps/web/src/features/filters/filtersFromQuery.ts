/**
 * Initial filters from the address: every
 * query key that is a column key (switch keys, preset and presetgroup aside) becomes a condition
 * with the default operator of its column type: eq for boolean, number, decimal, date and datetime,
 * in for selects (a comma list), contains otherwise.
 */
import type { ColumnDefinition, ColumnFilter } from '@bm/contracts';
import { isSwitchKey } from '../switches/querySwitches.ts';
import { type ColumnFilters, defaultOperator, filterKindOf } from './filterTypes.ts';

const PRESET_KEYS = ['preset', 'presetgroup'];
const MAX_VALUE = 1000;

export function filtersFromQuery(search: string, columns: readonly ColumnDefinition[]): ColumnFilters {
  const byKey = new Map(columns.map((c) => [c.key.toLowerCase(), c]));
  const filters: ColumnFilters = {};
  for (const [rawKey, rawValue] of new URLSearchParams(search)) {
    const key = rawKey.toLowerCase();
    if (isSwitchKey(key) || PRESET_KEYS.includes(key)) continue;
    const column = byKey.get(key);
    const value = rawValue.trim().slice(0, MAX_VALUE);
    if (!column || value === '') continue;
    const operator = defaultOperator(column.type);
    const kind = filterKindOf(column.type);
    const condition: ColumnFilter = {
      conjunction: 'and',
      operator,
      value:
        operator === 'in'
          ? value
              .split(',')
              .map((v) => v.trim())
              .filter(Boolean)
          : kind === 'boolean'
            ? value.toLowerCase()
            : value,
    };
    filters[column.key] = [...(filters[column.key] ?? []), condition];
  }
  return filters;
}
