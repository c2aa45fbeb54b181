import { describe, expect, it } from 'vitest';
import {
  draftErrors,
  draftToPanel,
  emptyDraft,
  moveItem,
  newPanelId,
  panelErrors,
  panelSummary,
} from './panelDraft.ts';

describe('the dashboard editor', () => {
  it('makes a panel of only the parts its chart draws', () => {
    const draft = {
      ...emptyDraft(),
      title: 'Revenue by currency',
      entity: 'Reservation',
      kind: 'bars' as const,
      measure: 'sum' as const,
      field: 'totalPrice',
      groupBy: 'currency',
      dateField: 'createdAt',
      rangeField: 'createdAt',
    };
    expect(draftErrors(draft)).toEqual({});
    expect(draftToPanel(draft, [])).toEqual({
      id: 'revenue-by-currency',
      title: 'Revenue by currency',
      kind: 'bars',
      entity: 'Reservation',
      measure: 'sum',
      field: 'totalPrice',
      groupBy: 'currency',
      rangeField: 'createdAt',
      limit: 10,
    });
    const line = draftToPanel({ ...draft, kind: 'line', measure: 'count' }, []);
    expect(line).toMatchObject({ bucket: 'day', dateField: 'createdAt' });
    expect(line).not.toHaveProperty('groupBy');
    expect(line).not.toHaveProperty('field');
    const number = draftToPanel({ ...draft, kind: 'number', measure: 'count' }, []);
    expect(number).not.toHaveProperty('limit');
  });

  it('says what the form lacks', () => {
    expect(draftErrors({ ...emptyDraft(), kind: 'donut', measure: 'avg' })).toEqual({
      title: 'A title is required',
      entity: 'Choose the list the panel counts',
      field: 'Choose the column to avg',
      groupBy: 'Choose the column to group by',
    });
    expect(draftErrors({ ...emptyDraft(), title: 'x', entity: 'E', kind: 'line' })).toEqual({
      dateField: 'Choose the date column of the time line',
    });
  });

  it('gives a new panel an id no other panel has', () => {
    expect(newPanelId('Open cases', [])).toBe('open-cases');
    expect(newPanelId('Open cases', ['open-cases', 'open-cases-2'])).toBe('open-cases-3');
    expect(newPanelId('€ — ', [])).toBe('panel');
  });

  it('moves a panel one place, and not past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b'], 0, -1)).toEqual(['a', 'b']);
    expect(moveItem(['a', 'b'], 1, 1)).toEqual(['a', 'b']);
  });

  it('puts the server’s refusals on the panel they name', () => {
    const errors = {
      title: 'x',
      'panels[1].groupBy': 'A donut needs a column to group by',
      'panels[10].id': 'no',
    };
    expect(panelErrors(errors, 1)).toEqual(['groupBy: A donut needs a column to group by']);
    expect(panelErrors(errors, 0)).toEqual([]);
  });

  it('says a panel in words, with the columns’ labels', () => {
    const source = {
      entity: 'Reservation',
      title: 'Reservations',
      fields: [
        { key: 'totalPrice', label: 'Total price', type: 'number' as const },
        { key: 'currency', label: 'Currency', type: 'text' as const },
        { key: 'status', label: 'Status', type: 'text' as const },
      ],
    };
    expect(
      panelSummary(
        {
          id: 'r',
          title: 'R',
          kind: 'bars',
          entity: 'Reservation',
          measure: 'sum',
          field: 'totalPrice',
          groupBy: 'currency',
          where: { status: 'confirmed' },
        },
        source,
      ),
    ).toBe('sum of Total price by Currency where Status = confirmed');
  });
});
