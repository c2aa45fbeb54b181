import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { columnWidths, contentWidth } from './columnWidths.ts';

const column = (key: string, title: string, type: ColumnDefinition['type'] = 'text'): ColumnDefinition => ({
  key,
  mapKey: key,
  column: title,
  type,
  visible: true,
});

describe('contentWidth', () => {
  it('gives a short code a narrow column and a long name a wide one', () => {
    const currency = column('currency', 'Cur');
    const name = column('name', 'Name');
    const rows = [
      { currency: 'EUR', name: 'Car hire Barcelona airport terminal 1' },
      { currency: 'GBP', name: 'Nice' },
    ];
    expect(contentWidth(currency, rows)).toBeLessThan(100);
    expect(contentWidth(name, rows)).toBeGreaterThan(250);
    expect(contentWidth(name, rows)).toBeLessThanOrEqual(360);
  });

  it('always fits the title', () => {
    const long = column('x', 'Pick-up date and time');
    expect(contentWidth(long, [{ x: '' }])).toBeGreaterThan(long.column.length * 7);
  });
});

describe('columnWidths', () => {
  it('keeps the width the user gave', () => {
    const cols = [column('a', 'A'), column('b', 'B')];
    expect(columnWidths(cols, [], { b: 333 })).toEqual({ a: 70, b: 333 });
  });
});
