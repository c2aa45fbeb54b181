/**
 * How a record's History reads (docs/adr/0028-record-journal.md): each journalled action in words,
 * and a journalled value as text. The server answers columns with their field's label and the
 * values as the table stores them (JSON).
 */
import { formatDate } from '../grid/formatCell.ts';

export interface HistoryChange {
  column: string;
  key: string | null;
  label: string;
  before: unknown;
  after: unknown;
}

export interface HistoryEntry {
  id: number;
  recordId: number;
  action: string;
  when: string;
  by: string;
  source: string | null;
  rowVersion: number | null;
  changes: HistoryChange[];
  revertible: boolean;
}

export interface HistoryPage {
  entries: HistoryEntry[];
  more: boolean;
}

const ACTIONS: Readonly<Record<string, string>> = {
  create: 'Created',
  insert: 'Created',
  update: 'Edited',
  bulkupdate: 'Edited in bulk',
  delete: 'Deleted',
  publish: 'Published',
  revert: 'Change reverted',
  undelete: 'Restored after delete',
  setIsActiveCustomer: 'Made the active customer',
  map: 'Mapped',
  unmap: 'Unmapped',
  ignore: 'Added to blacklist',
  disable: 'Disabled',
  restore: 'Restored',
  undo: 'Undone',
};

export const actionText = (action: string): string => ACTIONS[action] ?? action;

/** A timestamp as stored (`2026-11-29T18:40:00.12+00:00`): the date-time shape, a value like it. */
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

/** A journalled value as the History shows it: empty, yes/no, a date and time, text, or JSON. */
export function valueText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '(empty)';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (typeof value === 'string') return TIMESTAMP.test(value) ? formatDate(value, true) : value;
  if (typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** One change in a line: "Priority: 3 → 7". */
export const changeText = (change: HistoryChange): string =>
  `${change.label}: ${valueText(change.before)} → ${valueText(change.after)}`;
