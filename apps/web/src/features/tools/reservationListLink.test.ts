import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { buildCriteria } from '../filters/buildCriteria.ts';
import { filtersFromAddress } from '../list/listAddress.ts';
import { reservationListLink } from './reservationListLink.ts';

/** The Reservations list's columns that matter here: its Id and a text column. */
const columns = [
  { key: 'id', mapKey: 'id', column: 'Id', type: 'number', visible: true },
  {
    key: 'reservationNumber',
    mapKey: 'reservationNumber',
    column: 'Reservation no.',
    type: 'text',
    visible: true,
  },
] as unknown as ColumnDefinition[];

const searchOf = (link: string) => link.slice(link.indexOf('?'));

describe('the Reservations list link of a reservation search', () => {
  it('filters the list to exactly the hits, whatever numbers and emails they have', () => {
    const link = reservationListLink([{ id: 7 }, { id: 19990 }, { id: 42 }]);
    expect(link?.startsWith('/reservation/list?filters=')).toBe(true);
    const filters = filtersFromAddress(searchOf(link ?? ''), columns);
    expect(filters).toEqual({ id: [{ conjunction: 'and', operator: 'in', value: [7, 19990, 42] }] });
    // What the list then asks the server for: one `in` on the id, the hits' ids as numbers.
    expect(buildCriteria(columns, filters ?? {})).toEqual({
      operation: 'in',
      name: 'id',
      type: 'number',
      value: [7, 19990, 42],
    });
  });

  it('names each hit once', () => {
    const link = reservationListLink([{ id: 3 }, { id: 3 }, { id: 5 }]);
    expect(filtersFromAddress(searchOf(link ?? ''), columns)?.id?.[0]?.value).toEqual([3, 5]);
  });

  it('has none without hits, nor when the search stopped at its limit (more may match)', () => {
    expect(reservationListLink([])).toBeUndefined();
    const fifty = Array.from({ length: 50 }, (_, i) => ({ id: i + 1 }));
    expect(reservationListLink(fifty)).toBeUndefined();
    expect(reservationListLink(fifty.slice(0, 49))).toBeDefined();
    expect(reservationListLink(fifty.slice(0, 3), 3)).toBeUndefined();
  });
});
