/**
 * The rows ticked for a bulk edit, by record id. The set outlives a page or a sort (ticking rows on
 * two pages is one choice) but not a change of what the list selects: another filter, source or
 * preset starts it empty, because the server refuses a ticked id the list's filter no longer
 * matches, and the user would be asked about records they can no longer see.
 */
import { BULK_MAX_IDS } from '@bm/contracts';
import { useCallback, useMemo, useState } from 'react';

/** The set with `id` ticked or unticked; never more than the ids one bulk edit may carry. */
export function toggled(selected: ReadonlySet<string>, id: string): ReadonlySet<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else if (next.size < BULK_MAX_IDS) next.add(id);
  return next;
}

/** The set with every id of the page ticked (up to the cap) or unticked. */
export function withPage(
  selected: ReadonlySet<string>,
  pageIds: readonly string[],
  on: boolean,
): ReadonlySet<string> {
  const next = new Set(selected);
  for (const id of pageIds) {
    if (!on) next.delete(id);
    else if (next.size < BULK_MAX_IDS) next.add(id);
  }
  return next;
}

/** "3 selected", as the list's toolbar shows it. */
export const selectedText = (count: number): string => `${count.toLocaleString('en')} selected`;

export interface RowSelection {
  selected: ReadonlySet<string>;
  toggle: (id: string) => void;
  setPage: (pageIds: readonly string[], on: boolean) => void;
  clear: () => void;
}

const NONE: ReadonlySet<string> = new Set();

/** The ticked rows of one scope; a new scope (null: no ticking at all) reads as none ticked. */
export function useRowSelection(scope: string | null): RowSelection {
  const [held, setHeld] = useState<{ scope: string | null; ids: ReadonlySet<string> }>({
    scope,
    ids: NONE,
  });
  const selected = held.scope === scope && scope !== null ? held.ids : NONE;
  const toggle = useCallback(
    (id: string) =>
      setHeld((current) => ({ scope, ids: toggled(current.scope === scope ? current.ids : NONE, id) })),
    [scope],
  );
  const setPage = useCallback(
    (pageIds: readonly string[], on: boolean) =>
      setHeld((current) => ({
        scope,
        ids: withPage(current.scope === scope ? current.ids : NONE, pageIds, on),
      })),
    [scope],
  );
  const clear = useCallback(() => setHeld({ scope, ids: NONE }), [scope]);
  return useMemo(() => ({ selected, toggle, setPage, clear }), [selected, toggle, setPage, clear]);
}
