/**
 * "Open these in the Reservations list" of the reservation search: the list's address with its Id
 * column filtered to the hits' ids (`is any of`, the list address's `filters` parameter), so the
 * list holds exactly the rows the search showed and counts as many. Ids, not reservation numbers: a
 * number can have several versions, and a hit is one of them (a status chip may keep the others out).
 *
 * A search that answered SEARCH_LIMIT hits may have matched more (it stops at its best
 * SEARCH_LIMIT): a list of only those would not be the search, so there is no link then, and the
 * page says to narrow the search instead.
 */
import { SEARCH_LIMIT } from '@bm/contracts';

const RESERVATION_LIST_PATH = '/reservation/list';

/** The list's column holding a reservation's id, as the list address names it. */
const ID_KEY = 'id';

/** The Reservations list holding exactly these hits; undefined for none, or when more may match. */
export function reservationListLink(
  hits: readonly { id: number }[],
  limit: number = SEARCH_LIMIT,
): string | undefined {
  if (hits.length === 0 || hits.length >= limit) return undefined;
  const ids = [...new Set(hits.map((h) => h.id))];
  const filters = { [ID_KEY]: [{ conjunction: 'and', operator: 'in', value: ids }] };
  return `${RESERVATION_LIST_PATH}?${new URLSearchParams({ filters: JSON.stringify(filters) })}`;
}
