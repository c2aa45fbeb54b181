/**
 * Exports: a list as the user sees it (its filters, sort and visible columns) written to an .xlsx
 * file by a background job. `POST /api/exports/send` takes the spec's mapkey/value payload; the
 * `criteria` value is JSON of `exportCriteriaSchema`. The finished file is announced by a
 * notification whose `actions.download` points at `GET /api/exports/download?id={id}`.
 */
import { z } from 'zod';

/** The right that sends an export (the Exports list's own List right). */
export const EXPORT_RIGHT = 'BMTools/Export/List';
export const EXPORT_SEND_PATH = '/api/exports/send';
/** The procedure the send payload names (the server accepts this one only). */
export const EXPORT_SEND_PROCEDURE = 'bm_export_send';
export const EXPORT_FILE_EXTENSION = '.xlsx';
/** The spec's message for a missing file name, shown under the field and answered by the server. */
export const EXPORT_FILE_NAME_REQUIRED = 'This is required field.';
export const EXPORT_MISSING_DEFAULT_PRESET = 'Missing the default preset.';
/** Longest file name, extension included. */
export const EXPORT_FILE_NAME_MAX = 120;
/** Most columns one export may hold. */
export const EXPORT_MAX_COLUMNS = 200;

/** A file name as stored and offered for download: `.xlsx` appended unless already there. */
export function exportFileName(name: string): string {
  const trimmed = name.trim();
  return trimmed.toLowerCase().endsWith(EXPORT_FILE_EXTENSION)
    ? trimmed
    : `${trimmed}${EXPORT_FILE_EXTENSION}`;
}

/** One column of the file, in the grid's order: the list's column key and its header label. */
export const exportColumnSchema = z.object({
  field: z.string().min(1).max(100),
  label: z.string().max(200),
  /** For a column the grid shows as tags: each stored value's label, written in its place. */
  labels: z
    .record(z.string().max(200), z.string().max(200))
    .refine((labels) => Object.keys(labels).length <= 500, 'holds more than 500 labels')
    .optional(),
});
export type ExportColumn = z.infer<typeof exportColumnSchema>;

/** JSON of the send payload's `criteria` value. */
export const exportCriteriaSchema = z.object({
  /** The list's API path (`/api/Reservations`), as the grid reads it. */
  source: z.string().min(1).max(500),
  /** `"mapKey=ASC|DESC"`, as the list call sends it. */
  sort: z.array(z.string().max(200)).max(5).default([]),
  /** The list's `filters` (criteria, checked by the list engine on the server). */
  filter: z.unknown().optional(),
  /** The list's search box text (the list call's `q`), kept together with the filters. */
  search: z.string().max(200).optional(),
  /** The visible columns with their labels, in the grid's order. */
  selector: z.array(exportColumnSchema).min(1).max(EXPORT_MAX_COLUMNS),
  sqlViewName: z.string().max(100).optional(),
  databaseName: z.string().max(100).optional(),
  /** The browser's IANA time zone: date-times are written as the grid shows them. */
  timeZone: z.string().max(64).optional(),
});
export type ExportCriteria = z.infer<typeof exportCriteriaSchema>;

export const EXPORT_STATUSES = ['queued', 'running', 'done', 'failed', 'cancelled', 'expired'] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** The download URL of an export (also the notification's `actions.download.url`). */
export const exportDownloadPath = (id: number | string): string =>
  `/api/exports/download?id=${encodeURIComponent(String(id))}`;
