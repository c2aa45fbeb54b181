import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeField, renderField } from '../test/renderField.tsx';
import { tableRows } from './tableviewField.tsx';

const columns = [
  { key: 'when', label: 'When', type: 'datetime' },
  { key: 'action', label: 'Change' },
  { key: 'note', label: 'Note' },
];

describe('tableview widget', () => {
  it('shows records as a table with the declared columns, as text', () => {
    renderField(makeField('tableview', { label: 'Change history', inputProps: { columns } }), {
      value: JSON.stringify([
        { when: '2026-11-25T10:05:00Z', action: 'Mapped', note: '<img src=x onerror=alert(1)>' },
        { when: '2026-11-24T09:00:00Z', action: 'Added to blacklist', note: null },
      ]),
    });
    const table = screen.getByRole('table', { name: 'Change history' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['When', 'Change', 'Note']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getAllByRole('cell')[1]?.textContent)).toEqual([
      'Mapped',
      'Added to blacklist',
    ]);
    expect(within(table).getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
  });

  it('says so when there is nothing yet', () => {
    renderField(makeField('tableview', { label: 'Change history', inputProps: { columns } }), {
      value: '[]',
    });
    expect(screen.getByText('None yet')).toBeInTheDocument();
  });

  it('reads a JSON array of records, as a value or as its text', () => {
    const rows = [{ action: 'Mapped' }];
    expect(tableRows(rows)).toEqual(rows);
    expect(tableRows(JSON.stringify(rows))).toEqual(rows);
    expect(tableRows('not json')).toEqual([]);
    expect(tableRows([1, null, { a: 1 }])).toEqual([{ a: 1 }]);
  });
});
