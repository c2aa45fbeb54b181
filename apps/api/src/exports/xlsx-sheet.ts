/**
 * Writes rows into an .xlsx file as they come, through ExcelJS's streaming workbook writer: each
 * row is committed to the zip stream at once, so memory stays flat whatever the row count. Numbers,
 * dates and date-times are typed cells with formats (a date-time in the time zone the grid showed
 * it in); the header row is frozen and carries an auto-filter; column widths fit the first rows.
 *
 * A text that starts with `=`, `+`, `-`, `@`, a tab or a carriage return is what a spreadsheet
 * would take for a formula once someone edits the cell ("CSV/formula injection"). Such a cell
 * stays a plain string (never a formula element) and gets the quote-prefix style, with which
 * Excel and LibreOffice keep it text even on edit; the value itself is not changed. ExcelJS has
 * no quote-prefix style, so `quotePrefix` is added to its style writer below (a library seam).
 */
import { createRequire } from 'node:module';
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import type { CatalogColumnType } from '../../areas/manifest.ts';

/** Style fields ExcelJS knows, plus the one we add. */
type QuotedStyle = Partial<ExcelJS.Style> & { quotePrefix?: boolean };

interface XmlStream {
  addAttribute(name: string, value: string): void;
}
interface StyleXformLike {
  render(xmlStream: XmlStream, model: { quotePrefix?: boolean }): void;
}
interface StylesXformLike {
  addStyleModel(model: QuotedStyle | undefined, cellType: unknown): number;
  _addStyle(style: Record<string, unknown>): number;
}

let patched = false;
/** Teaches ExcelJS's style writer the `quotePrefix` attribute of a cell format (`<xf>`). */
function addQuotePrefixStyle(): void {
  if (patched) return;
  patched = true;
  const require = createRequire(import.meta.url);
  const styleXform = require('exceljs/lib/xlsx/xform/style/style-xform.js') as {
    prototype: StyleXformLike;
  };
  const stylesXform = require('exceljs/lib/xlsx/xform/style/styles-xform.js') as {
    prototype: StylesXformLike;
  };
  const render = styleXform.prototype.render;
  styleXform.prototype.render = function (xmlStream, model) {
    // The attribute must come before the element's children: add it when the node is opened.
    if (!model.quotePrefix) return render.call(this, xmlStream, model);
    const stream = xmlStream as XmlStream & { openNode(name: string, attributes: object): void };
    const openNode = stream.openNode;
    stream.openNode = function (name, attributes) {
      openNode.call(this, name, { ...attributes, quotePrefix: '1' });
    };
    try {
      render.call(this, xmlStream, model);
    } finally {
      stream.openNode = openNode;
    }
  };
  const addStyleModel = stylesXform.prototype.addStyleModel;
  stylesXform.prototype.addStyleModel = function (model, cellType) {
    if (!model?.quotePrefix) return addStyleModel.call(this, model, cellType);
    const addStyle = this._addStyle;
    this._addStyle = (style) => addStyle.call(this, { ...style, quotePrefix: true });
    try {
      return addStyleModel.call(this, model, cellType);
    } finally {
      // The instance property hid the prototype's method only for this call.
      delete (this as Partial<StylesXformLike>)._addStyle;
    }
  };
}

/** Starts of a text a spreadsheet could read as a formula. */
const FORMULA_START = /^[=+\-@\t\r]/;

export interface SheetColumn {
  header: string;
  type: CatalogColumnType;
  /** Stored value → the label the grid shows for it (tag columns). */
  labels?: Readonly<Record<string, string>> | undefined;
}

const FORMATS: Partial<Record<CatalogColumnType, string>> = {
  number: '0',
  decimal: '#,##0.00',
  date: 'yyyy-mm-dd',
  datetime: 'yyyy-mm-dd hh:mm:ss',
};
/** Bytes of sheet XML that may wait for the zip's compression before `add` waits for it. */
const ZIP_BACKLOG = 4 * 1024 * 1024;
type ZipEntryStream = Writable & { _writableState?: { length: number } };
const MIN_WIDTH = 8;
const MAX_WIDTH = 60;
/** Rows read before the column widths are fixed (a streaming sheet writes them first). */
const WIDTH_SAMPLE_ROWS = 500;

/** Date-time → the wall-clock time in `timeZone`, as the UTC date ExcelJS turns into a serial. */
function wallClock(timeZone: string | undefined): (date: Date) => Date {
  if (!timeZone || timeZone === 'UTC') return (date) => date;
  const format = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  // Offsets change at most on quarter hours: one lookup per quarter hour of the data.
  const offsets = new Map<number, number>();
  const QUARTER = 15 * 60 * 1000;
  return (date) => {
    const time = date.getTime();
    const bucket = Math.floor(time / QUARTER);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      const at = new Date(bucket * QUARTER);
      const parts = Object.fromEntries(format.formatToParts(at).map((p) => [p.type, p.value]));
      const local = Date.UTC(
        Number(parts.year),
        Number(parts.month) - 1,
        Number(parts.day),
        Number(parts.hour),
        Number(parts.minute),
        Number(parts.second),
      );
      offset = local - at.getTime();
      if (offsets.size > 10_000) offsets.clear();
      offsets.set(bucket, offset);
    }
    return new Date(time + offset);
  };
}

/** A valid IANA zone name, or undefined (the sheet is then written in UTC). */
function checkedTimeZone(timeZone: string | undefined): string | undefined {
  if (!timeZone) return undefined;
  try {
    return new Intl.DateTimeFormat('en-US', { timeZone }).resolvedOptions().timeZone;
  } catch {
    return undefined;
  }
}

const textLength = (value: unknown): number => {
  if (value === null || value === undefined) return 0;
  if (value instanceof Date) return 19;
  const text = String(value);
  const newline = text.indexOf('\n');
  return newline === -1 ? text.length : newline;
};

/**
 * One sheet of an export. Call `add` with batches of rows (arrays in column order), then
 * `finish`. To give up, destroy the stream it writes to.
 */
export class XlsxSheetWriter {
  private readonly workbook: ExcelJS.stream.xlsx.WorkbookWriter;
  private readonly sheet: ExcelJS.Worksheet;
  private readonly toCell: Array<(value: unknown) => ExcelJS.CellValue>;
  private readonly styles: QuotedStyle[];
  private readonly quoted: QuotedStyle = { quotePrefix: true };
  /**
   * One style object per kind of cell: ExcelJS caches a style by its object, so a fresh `{}` per
   * cell would render the style's XML again for every cell.
   */
  private readonly plain: QuotedStyle = {};
  private readonly out: Writable;
  private sample: unknown[][] = [];
  private started = false;

  constructor(
    stream: Writable,
    private readonly columns: readonly SheetColumn[],
    options: { timeZone?: string | undefined; sheetName?: string } = {},
  ) {
    addQuotePrefixStyle();
    this.out = stream;
    this.workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream,
      useStyles: true,
      useSharedStrings: false,
    });
    this.sheet = this.workbook.addWorksheet(options.sheetName ?? 'Data', {
      views: [{ state: 'frozen', ySplit: 1 }],
    });
    const local = wallClock(checkedTimeZone(options.timeZone));
    this.styles = columns.map((c) => (FORMATS[c.type] ? { numFmt: FORMATS[c.type] as string } : {}));
    this.toCell = columns.map((column) => {
      switch (column.type) {
        case 'number':
        case 'decimal':
          return (v) => (v === null || v === undefined || v === '' ? null : Number(v));
        case 'boolean':
          return (v) => (v === null || v === undefined ? null : Boolean(v));
        case 'date':
          // PostgreSQL's date arrives as 'YYYY-MM-DD' text: midnight of that day.
          return (v) =>
            v === null || v === undefined ? null : new Date(`${String(v).slice(0, 10)}T00:00:00Z`);
        case 'datetime':
          return (v) => {
            if (v === null || v === undefined) return null;
            const date = v instanceof Date ? v : new Date(String(v));
            return Number.isNaN(date.getTime()) ? null : local(date);
          };
        default: {
          const labels = column.labels;
          if (!labels) return (v) => (v === null || v === undefined ? null : String(v));
          return (v) => {
            if (v === null || v === undefined) return null;
            const text = String(v);
            return Object.hasOwn(labels, text) ? (labels[text] as string) : text;
          };
        }
      }
    });
  }

  /** Adds rows; the first ones are held until the column widths are known. */
  async add(rows: readonly unknown[][]): Promise<void> {
    if (!this.started) {
      this.sample.push(...rows);
      if (this.sample.length < WIDTH_SAMPLE_ROWS) return;
      this.start();
      return;
    }
    for (const row of rows) this.writeRow(row);
    await this.caughtUp();
  }

  /**
   * ExcelJS pushes the sheet's XML into the zip's entry stream without heeding backpressure (its
   * write always answers true): while compression lags, the XML piles up in memory (180–370 MB at
   * 1,000,000 rows, measured). Wait while more than ZIP_BACKLOG bytes are queued there (a library
   * seam, like the quote prefix), or until the destination is closed (a failed store).
   */
  private async caughtUp(): Promise<void> {
    await new Promise<void>((resolve) => setImmediate(resolve));
    const entry = (this.sheet as unknown as { stream?: { pipes?: ZipEntryStream[] } }).stream?.pipes?.[0];
    while (entry && (entry._writableState?.length ?? 0) > ZIP_BACKLOG && !this.out.destroyed) {
      await new Promise<void>((resolve) => {
        const done = () => {
          entry.off('drain', done);
          this.out.off('close', done);
          resolve();
        };
        entry.once('drain', done);
        this.out.once('close', done);
      });
    }
  }

  async finish(): Promise<void> {
    if (!this.started) this.start();
    this.sheet.commit();
    await this.workbook.commit();
  }

  private start(): void {
    this.started = true;
    const widths = this.columns.map((c) =>
      Math.max(
        textLength(c.header) + 2,
        c.type === 'datetime' ? 19 : c.type === 'date' ? 10 : 0,
        ...this.sample.map((row, i) =>
          i < WIDTH_SAMPLE_ROWS ? textLength(row[this.columns.indexOf(c)]) : 0,
        ),
      ),
    );
    this.sheet.columns = this.columns.map((_c, i) => ({
      width: Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, (widths[i] ?? 0) + 1)),
    }));
    const header = this.sheet.addRow(this.columns.map((c) => c.header));
    header.font = { bold: true };
    header.eachCell((cell) => {
      if (typeof cell.value === 'string' && FORMULA_START.test(cell.value))
        cell.style = { font: { bold: true }, quotePrefix: true } as QuotedStyle;
    });
    header.commit();
    if (this.columns.length > 0) {
      this.sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: this.columns.length } };
    }
    for (const row of this.sample) this.writeRow(row);
    this.sample = [];
  }

  private writeRow(values: readonly unknown[]): void {
    const row = this.sheet.addRow(values.map((v, i) => this.toCell[i]?.(v) ?? null));
    for (let i = 0; i < this.columns.length; i++) {
      const cell = row.getCell(i + 1);
      const value = cell.value;
      if (typeof value === 'string') cell.style = FORMULA_START.test(value) ? this.quoted : this.plain;
      else cell.style = value === null ? this.plain : (this.styles[i] as QuotedStyle);
    }
    row.commit();
  }
}
