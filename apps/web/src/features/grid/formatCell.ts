/**
 * How a cell value reads: dates as YYYY-MM-DD HH:mm:ss (date columns without the
 * time), numbers with grouping (ids without), booleans as Yes/No, text cut at 200 characters with an
 * ellipsis, tags by their label. Alignment and fonts follow the column type.
 */
import type { ColumnDefinition } from '@bm/contracts';

const TEXT_CUT = 200;

export interface CellText {
  text: string;
  /** The whole text when `text` was cut. */
  full?: string;
}

const pad = (n: number): string => String(n).padStart(2, '0');

export function formatDate(value: unknown, withTime: boolean): string {
  if (typeof value !== 'string' && typeof value !== 'number') return '';
  // A plain date stays as written: parsing it would shift it by the time zone.
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))
    return withTime ? `${value} 00:00:00` : value;
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return withTime
    ? `${day} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
    : day;
}

const GROUPED = new Intl.NumberFormat('en-US', { maximumFractionDigits: 6 });
const DECIMAL = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 6 });

export const isKeyColumn = (column: ColumnDefinition): boolean =>
  column.primary === true || column.key === 'id';

function cutText(text: string): CellText {
  return text.length > TEXT_CUT ? { text: `${text.slice(0, TEXT_CUT)}…`, full: text } : { text };
}

export function formatCell(column: ColumnDefinition, value: unknown): CellText {
  if (value === null || value === undefined || value === '') return { text: '' };
  switch (column.type) {
    case 'date':
      return { text: formatDate(value, false) };
    case 'datetime':
      return { text: formatDate(value, true) };
    case 'boolean':
      return { text: value === true || value === 'true' ? 'Yes' : 'No' };
    case 'number':
    case 'decimal': {
      const n = typeof value === 'number' ? value : Number(value);
      if (!Number.isFinite(n) || isKeyColumn(column)) return { text: String(value) };
      return { text: (column.type === 'decimal' ? DECIMAL : GROUPED).format(n) };
    }
    default: {
      const text = typeof value === 'object' ? JSON.stringify(value) : String(value);
      const tag = column.tags && Object.hasOwn(column.tags, text) ? column.tags[text] : undefined;
      return cutText(tag?.label ?? text);
    }
  }
}

/** Numbers and dates are right-aligned with tabular figures. */
export const isRightAligned = (column: ColumnDefinition): boolean =>
  ['number', 'decimal', 'date', 'datetime'].includes(column.type);
