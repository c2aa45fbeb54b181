import type { ColumnDefinition } from '@bm/contracts';
import { describe, expect, it } from 'vitest';
import { formatCell, formatDate } from './formatCell.ts';

const col = (type: ColumnDefinition['type'], extra: Partial<ColumnDefinition> = {}): ColumnDefinition => ({
  key: 'x',
  mapKey: 'x',
  column: 'X',
  type,
  visible: true,
  ...extra,
});

describe('formatCell', () => {
  it('cuts text at 200 characters with an ellipsis and keeps the whole', () => {
    const long = 'a'.repeat(250);
    const cell = formatCell(col('text'), long);
    expect(cell.text).toHaveLength(201);
    expect(cell.text.endsWith('…')).toBe(true);
    expect(cell.full).toBe(long);
    expect(formatCell(col('text'), 'a'.repeat(200))).toEqual({ text: 'a'.repeat(200) });
  });

  it('reads tags by their label, booleans as Yes/No, empties as nothing', () => {
    expect(
      formatCell(col('combobox', { tags: { draft: { color: 'gray', label: 'Draft' } } }), 'draft').text,
    ).toBe('Draft');
    expect(formatCell(col('boolean'), true).text).toBe('Yes');
    expect(formatCell(col('boolean'), false).text).toBe('No');
    expect(formatCell(col('text'), null).text).toBe('');
  });

  it('groups numbers but not ids, and shows decimals with two places', () => {
    expect(formatCell(col('number'), 1234567).text).toBe('1,234,567');
    expect(formatCell(col('number', { key: 'id' }), 1234567).text).toBe('1234567');
    expect(formatCell(col('decimal'), '1234.5').text).toBe('1,234.50');
    expect(formatCell(col('number'), 'n/a').text).toBe('n/a');
  });

  it('formats dates as YYYY-MM-DD HH:mm:ss', () => {
    expect(formatDate('2026-03-04', false)).toBe('2026-03-04');
    expect(formatDate('2026-03-04', true)).toBe('2026-03-04 00:00:00');
    expect(formatDate(new Date(2026, 0, 2, 3, 4, 5).toISOString(), true)).toBe('2026-01-02 03:04:05');
    expect(formatDate('garbage', true)).toBe('garbage');
  });
});
