import type { ColumnDefinition } from '@bm/contracts';
import { Badge } from '@mantine/core';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/testServices.tsx';
import { GridCell, plainCell } from './GridCell.tsx';

const column: ColumnDefinition = {
  key: 'status',
  mapKey: 'status',
  column: 'Status',
  type: 'combobox',
  visible: true,
  tags: {
    draft: { color: 'gray', label: 'Draft' },
    live: { color: 'green', label: 'Live' },
    odd: { color: '#7a3ff2', label: 'Odd' },
  },
};

/** The badge element as a comparable shape: tag, classes, data attributes, style declarations, text. */
function shape(element: Element | null) {
  if (!element) throw new Error('no element');
  const html = element as HTMLElement;
  return {
    tag: html.tagName,
    classes: [...html.classList].sort(),
    data: Object.fromEntries(Object.entries(html.dataset).sort()),
    style: (html.getAttribute('style') ?? '')
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .sort(),
    label: [...(html.firstElementChild?.classList ?? [])].sort(),
    text: html.textContent,
  };
}

function rendered(ui: ReactNode): Element | null {
  const { container, unmount } = renderWithApp(<div data-testid="cell">{ui}</div>);
  const element = container.querySelector('[data-testid="cell"]')?.firstElementChild ?? null;
  const copy = element?.cloneNode(true) as Element | null;
  unmount();
  return copy;
}

describe('GridCell', () => {
  it.each([
    ['draft', 'gray'],
    ['live', 'green'],
    ['odd', '#7a3ff2'],
  ])('draws the tag %s exactly as Mantine’s light badge in %s', (value, color) => {
    const ours = rendered(<GridCell column={column} value={value} />);
    const mantine = rendered(
      <Badge size="sm" variant="light" color={color} radius="sm" tt="none">
        {column.tags?.[value]?.label}
      </Badge>,
    );
    expect(shape(ours)).toEqual(shape(mantine));
  });

  it('shows an untagged value as text', () => {
    expect(shape(rendered(<GridCell column={column} value="unknown" />)).text).toBe('unknown');
  });
});

describe('plainCell', () => {
  const text: ColumnDefinition = { key: 'name', mapKey: 'name', column: 'Name', type: 'text', visible: true };
  const count: ColumnDefinition = { key: 'n', mapKey: 'n', column: 'N', type: 'number', visible: true };

  it.each([
    ['a text cell with its whole text as title', text, 'Seville', { text: 'Seville', title: 'Seville' }],
    ['a number cell, grouped, with no title', count, 1234567, { text: '1,234,567', title: undefined }],
    ['an empty cell', text, null, { text: '', title: undefined }],
    ['an untagged value of a tagged column', column, 'unknown', { text: 'unknown', title: undefined }],
  ])('writes %s straight into the cell', (_, col, value, expected) => {
    expect(plainCell(col, value)).toEqual(expected);
  });

  it.each([
    ['a tag', column, 'live'],
    ['text cut at 200 characters (its tooltip holds the whole)', text, 'x'.repeat(201)],
  ])('leaves %s to GridCell', (_, col, value) => {
    expect(plainCell(col, value)).toBeUndefined();
  });
});
