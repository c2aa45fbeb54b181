/**
 * The list's address holds the chosen view and the filters, so it can be shared: `preset` and
 * `presetgroup` name the view (the deep link of ADR 0003), and `filters` holds the grid's filters as
 * JSON (every operator and condition, which the older `column=value` form cannot say). The list
 * rewrites it (replacing, not adding history) whenever the view or the filters change.
 *
 * A reload must not turn the address into a deep link: that would choose the named view afresh and
 * drop the working view's layout ("reopen where I was"). So the address this tab last wrote is kept
 * in session storage, per right; opened again as it was, the list starts as before addresses held
 * views. Any other address (a link someone shared, a bookmark) is followed.
 */
import { type ColumnDefinition, type ColumnFilter, columnFilterSchema } from '@bm/contracts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { isSwitchKey } from '../switches/querySwitches.ts';

const FILTERS_PARAM = 'filters';
const VIEW_PARAMS = ['preset', 'presetgroup'];
/** Keys the list reads besides column keys and switches: the view, the filters, the search. */
const LIST_PARAMS = [...VIEW_PARAMS, FILTERS_PARAM, 'q'];
const MAX_FILTERS_TEXT = 20_000;

const addressKey = (rightName: string) => `${rightName}^__^address`;

/** The `filters` parameter read against the list's columns; undefined when absent or not ours. */
export function filtersFromAddress(
  search: string,
  columns: readonly ColumnDefinition[],
): ColumnFilters | undefined {
  const text = new URLSearchParams(search).get(FILTERS_PARAM);
  if (text === null || text.length > MAX_FILTERS_TEXT) return undefined;
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return undefined;
  const keys = new Set(columns.map((c) => c.key));
  const filters: ColumnFilters = {};
  for (const [key, conditions] of Object.entries(raw)) {
    if (!keys.has(key) || !Array.isArray(conditions)) continue;
    const parsed = conditions
      .map((c) => columnFilterSchema.safeParse(c))
      .flatMap((r): ColumnFilter[] => (r.success ? [r.data] : []));
    if (parsed.length > 0) filters[key] = parsed;
  }
  return filters;
}

export interface AddressView {
  name: string;
  group: string;
}

/**
 * The address for this view and these filters: `preset`, `presetgroup` (none for the default or
 * working view: the list opens those without a deep link) and `filters` set; every
 * other parameter stays as it was. `filters` wins over the older column-key parameters
 * (`?status=confirmed`) that a link may carry, which stay in the address for whoever reads them; so
 * while one is there, `filters` is written even when empty (`{}`), or a removed filter would come
 * back from it. `keep` (a list's required parameter) is no filter the user removes.
 */
export function listAddress(
  search: string,
  view: AddressView | undefined,
  filters: ColumnFilters,
  columns: readonly ColumnDefinition[],
  keep: string | undefined,
): string {
  const params = new URLSearchParams(search);
  const columnKeys = new Set(columns.map((c) => c.key.toLowerCase()));
  const olderFilters = [...params.keys()].some(
    (key) => columnKeys.has(key.toLowerCase()) && key.toLowerCase() !== keep?.toLowerCase(),
  );
  if (view) {
    params.set('preset', view.name);
    params.set('presetgroup', view.group);
  } else {
    params.delete('preset');
    params.delete('presetgroup');
  }
  const used = Object.fromEntries(Object.entries(filters).filter(([, c]) => c.length > 0));
  if (Object.keys(used).length > 0 || olderFilters) params.set(FILTERS_PARAM, JSON.stringify(used));
  else params.delete(FILTERS_PARAM);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** Parameters of a link the list does not know: neither a column, a switch nor one of its own. */
export function ignoredParams(
  search: string,
  columns: readonly ColumnDefinition[],
  alsoKnown: readonly string[] = [],
): string[] {
  const known = new Set(
    [...LIST_PARAMS, ...alsoKnown, ...columns.map((c) => c.key)].map((k) => k.toLowerCase()),
  );
  const ignored: string[] = [];
  for (const key of new URLSearchParams(search).keys()) {
    if (known.has(key.toLowerCase()) || isSwitchKey(key.toLowerCase()) || ignored.includes(key)) continue;
    ignored.push(key);
  }
  return ignored;
}

/** The notice for ignored parameters, naming each (at most five). */
export function ignoredText(keys: readonly string[]): string {
  const shown = keys.slice(0, 5).map((k) => `“${k.slice(0, 40)}”`);
  const more = keys.length > 5 ? ` and ${keys.length - 5} more` : '';
  return keys.length === 1
    ? `The link’s parameter ${shown[0]} is not one this list knows, so it was ignored.`
    : `The link’s parameters ${shown.join(', ')}${more} are not ones this list knows, so they were ignored.`;
}

export function rememberAddress(storage: Storage, rightName: string, search: string): void {
  try {
    storage.setItem(addressKey(rightName), search);
  } catch {
    // Storage full or off: a reload then follows the address as a link, which still opens the view.
  }
}

/** This tab wrote this address itself: opening it again is a reload, not a link to follow. */
export function isOwnAddress(storage: Storage, rightName: string, search: string): boolean {
  try {
    return search !== '' && storage.getItem(addressKey(rightName)) === search;
  } catch {
    return false;
  }
}
