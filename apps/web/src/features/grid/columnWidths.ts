/**
 * Column widths that fit the content: wide enough for the title (with its sort and filter marks)
 * and for the longest value among the first rows, within bounds, so "EUR" is not given 220 px and a
 * long name is not cut at 90. Measured once from the first rows the grid shows and then kept, so
 * columns do not jump from page to page; a width the user set wins.
 */
import type { ColumnDefinition, Row } from '@bm/contracts';
import { formatCell, isKeyColumn } from './formatCell.ts';

const SAMPLE_ROWS = 50;
/** Average advance of a character at the grid's font size, and the cell's own padding. */
const CHAR_PX = 7.4;
const CELL_PADDING = 22;
/** The title is set in semibold, a little wider per character than the cells. */
const HEADER_CHAR_PX = 8.2;
/**
 * Around the title: the cell's padding (16), the filter mark and its gap (16), the sort button and
 * its gap (24), and a few pixels to spare, so a filtered column's title is never cut.
 */
const HEADER_EXTRA = 62;
const MIN_AUTO = 64;
const MAX_AUTO = 360;

const cellValue = (row: Row, column: ColumnDefinition): unknown =>
  Object.hasOwn(row, column.mapKey) ? row[column.mapKey] : row[column.key];

export function contentWidth(column: ColumnDefinition, rows: readonly Row[]): number {
  const header = column.column.length * HEADER_CHAR_PX + HEADER_EXTRA;
  let longest = 0;
  for (const row of rows.slice(0, SAMPLE_ROWS)) {
    const { text } = formatCell(column, cellValue(row, column));
    longest = Math.max(longest, text.length);
  }
  // Tags show as pills, booleans as Yes/No: a little room for the pill.
  const pill = column.tags ? 16 : 0;
  const cell = longest * (isKeyColumn(column) ? CHAR_PX + 0.8 : CHAR_PX) + CELL_PADDING + pill;
  return Math.round(Math.min(MAX_AUTO, Math.max(MIN_AUTO, header, cell)));
}

/** Widths for every column: the user's, else the content's. */
export function columnWidths(
  columns: readonly ColumnDefinition[],
  rows: readonly Row[],
  userWidths: Readonly<Record<string, number>>,
): Record<string, number> {
  return Object.fromEntries(columns.map((c) => [c.key, userWidths[c.key] ?? contentWidth(c, rows)]));
}
