/**
 * The list view's grid state: starts from the address's column filters (first visit), else the
 * right's filter history (unless a preset was just chosen or ignoreState), else the preset's own
 * filters; counts the user's changes (which drive the 'state' title and preset) and keeps the filter
 * history in session storage. Filters reach the list call 200 ms after they settle.
 */
import type { PresetDefinition } from '@bm/contracts';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useReducer, useRef, useState } from 'react';
import { filtersFromQuery } from '../filters/filtersFromQuery.ts';
import type { ColumnFilters } from '../filters/filterTypes.ts';
import { readFilterHistory, writeFilterHistory } from '../presets/filterHistory.ts';
import { filtersFromAddress } from './listAddress.ts';
import type { ListSettings } from './listSettings.ts';
import { initialListState, type ListAction, listReducer, presetFilters } from './listState.ts';

const FILTER_DEBOUNCE_MS = 200;

interface GridStateInput {
  rightName: string;
  definition: PresetDefinition;
  settings: ListSettings;
  search: string;
  firstVisit: boolean;
  chosen: boolean;
}

export function useListGridState({
  rightName,
  definition,
  settings,
  search,
  firstVisit,
  chosen,
}: GridStateInput) {
  const [initial] = useState(() => {
    const linked = firstVisit
      ? (filtersFromAddress(search, definition.definition) ?? filtersFromQuery(search, definition.definition))
      : {};
    const hasLinked = Object.keys(linked).length > 0;
    const stored =
      chosen || settings.ignoreState ? undefined : readFilterHistory(window.sessionStorage, rightName);
    const own = presetFilters(definition);
    const filters = hasLinked ? linked : (stored ?? own);
    // The address holds the view's own filters too (listAddress.ts): those are no change to it.
    const changed = hasLinked && !sameFilters(linked, own);
    return { state: initialListState(definition, settings, filters), revision: changed ? 1 : 0 };
  });
  const [state, dispatch] = useReducer(listReducer, initial.state);
  const [revision, setRevision] = useState(initial.revision);
  const [changed, setChanged] = useState(initial.revision > 0);

  const change = (action: ListAction) => {
    dispatch(action);
    if (action.type === 'setPage') return;
    setRevision((r) => r + 1);
    setChanged(true);
  };

  useEffect(() => {
    if (!settings.ignoreState) writeFilterHistory(window.sessionStorage, rightName, state.filters);
  }, [state.filters, settings.ignoreState, rightName]);

  // While filters settle, the list call keeps asking for the page it had.
  const [filters] = useDebouncedValue(state.filters, FILTER_DEBOUNCE_MS);
  const settled = filters === state.filters;
  const lastPage = useRef(state.pageIndex);
  if (settled) lastPage.current = state.pageIndex;

  return {
    state,
    change,
    revision,
    changed,
    markSaved: () => setChanged(false),
    query: { filters, pageIndex: settled ? state.pageIndex : lastPage.current },
  };
}

/** The same conditions on the same columns (a condition's conjunction is 'and' when unsaid). */
function sameFilters(a: ColumnFilters, b: ColumnFilters): boolean {
  const plain = (filters: ColumnFilters) =>
    JSON.stringify(
      Object.entries(filters)
        .filter(([, conditions]) => conditions.length > 0)
        .sort(([x], [y]) => x.localeCompare(y))
        .map(([key, conditions]) => [
          key,
          conditions.map((c) => [c.conjunction ?? 'and', c.operator, c.value ?? null]),
        ]),
    );
  return plain(a) === plain(b);
}
