/** The sheet writer on its own: typed cells, the grid's time zone, widths, an empty export. */
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { type SheetColumn, XlsxSheetWriter } from './xlsx-sheet.ts';

async function written(
  columns: SheetColumn[],
  batches: unknown[][][],
  timeZone?: string,
): Promise<ExcelJS.Worksheet> {
  const stream = new PassThrough();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const sheet = new XlsxSheetWriter(stream, columns, { timeZone });
  for (const batch of batches) await sheet.add(batch);
  await sheet.finish();
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return book.worksheets[0] as ExcelJS.Worksheet;
}

describe('XlsxSheetWriter', () => {
  it('writes date-times as the grid showed them in its time zone, summer and winter', async () => {
    const sheet = await written(
      [{ header: 'When', type: 'datetime' }],
      [[[new Date('2026-07-01T10:00:00Z')], [new Date('2026-01-15T10:00:00Z')], [null]]],
      'Europe/Amsterdam',
    );
    // ExcelJS reads a cell's serial back as that wall-clock time in UTC.
    expect((sheet.getCell('A2').value as Date).toISOString()).toBe('2026-07-01T12:00:00.000Z');
    expect((sheet.getCell('A3').value as Date).toISOString()).toBe('2026-01-15T11:00:00.000Z');
    expect(sheet.getCell('A4').value).toBeNull();
  });

  it('falls back to UTC for a time zone that does not exist', async () => {
    const sheet = await written(
      [{ header: 'When', type: 'datetime' }],
      [[[new Date('2026-07-01T10:00:00Z')]]],
      'Mars/Olympus',
    );
    expect((sheet.getCell('A2').value as Date).toISOString()).toBe('2026-07-01T10:00:00.000Z');
  });

  it('types numbers, decimals, dates and booleans, and fits widths to the first rows', async () => {
    const long = 'x'.repeat(200);
    const sheet = await written(
      [
        { header: 'Id', type: 'number' },
        { header: 'Price', type: 'decimal' },
        { header: 'Day', type: 'date' },
        { header: 'Yes', type: 'boolean' },
        { header: 'Text', type: 'text' },
      ],
      [[[7, 12.5, '2026-03-01', false, long]], [[8, null, null, true, 'short']]],
    );
    expect(sheet.getRow(2).values).toEqual([
      undefined,
      7,
      12.5,
      new Date('2026-03-01T00:00:00Z'),
      false,
      long,
    ]);
    expect(sheet.getCell('C2').numFmt).toBe('yyyy-mm-dd');
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.00');
    expect(sheet.getColumn(1).width).toBe(8);
    expect(sheet.getColumn(5).width).toBe(60);
  });

  it("writes a tag column's labels in place of the stored values, as the grid shows them", async () => {
    const sheet = await written(
      [{ header: 'Status', type: 'text', labels: { done: 'Ready', constructor: 'x' } }],
      [[['done'], ['other'], [null], ['toString']]],
    );
    expect(sheet.getColumn(1).values).toEqual([undefined, 'Status', 'Ready', 'other', undefined, 'toString']);
  });

  it('writes the header alone for an export without rows', async () => {
    const sheet = await written([{ header: 'Only', type: 'text' }], []);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getCell('A1').value).toBe('Only');
  });
});
