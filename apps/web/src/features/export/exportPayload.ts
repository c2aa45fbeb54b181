/**
 * What the list's Export button sends (`POST /api/exports/send`, packages/contracts/src/export.ts):
 * the file name, the page's title and the list as the user sees it — its source, the sort and
 * `filters` the list call sends, and the visible columns with their headers in the grid's order
 * (pinned first, then the user's order) — as JSON criteria. Pure: the button builds it at send time.
 */
import {
  EXPORT_SEND_PROCEDURE,
  type ExportColumn,
  type ExportCriteria,
  exportFileName,
  type Filter,
} from '@bm/contracts';

/** The list as the grid shows it, as much of it as an export needs. */
export interface ExportListView {
  /** The list's API path (`/api/Reservations`). */
  source: string;
  /** The columns in the grid's displayed order (`arrangedColumns`). */
  columns: readonly {
    key: string;
    mapKey: string;
    column: string;
    tags?: Readonly<Record<string, { label: string }>> | undefined;
  }[];
  /** Column key → shown; a column missing here is shown. */
  visibility: Readonly<Record<string, boolean>>;
  /** `"mapKey=ASC|DESC"`, as the list call sends it. */
  sort: readonly string[];
  /** The criteria the list call sends as `filters`; undefined without a filter. */
  filters: Filter | undefined;
  /** The list's search box text (the list call's `q`); undefined or blank without a search. */
  search?: string | undefined;
  sqlViewName?: string | undefined;
  databaseName?: string | undefined;
}

export interface ExportSendBody {
  storeProcedure: typeof EXPORT_SEND_PROCEDURE;
  values: [
    { mapkey: 'fileName'; value: string },
    { mapkey: 'criteria'; value: string },
    { mapkey: 'pageName'; value: string },
  ];
}

/** The answer of a send (and of a cancel). */
export interface ExportSendAnswer {
  isSuccess?: boolean;
  id?: number;
  message?: string;
}

/** The visible columns, in the grid's order, each with the header the user sees. */
function exportSelector(view: Pick<ExportListView, 'columns' | 'visibility'>): ExportColumn[] {
  return view.columns
    .filter((c) => view.visibility[c.key] !== false)
    .map((c) => ({
      field: c.mapKey,
      label: c.column.trim() || c.key,
      // A tag column's cells say what the grid says: the value's label.
      ...(c.tags ? { labels: Object.fromEntries(Object.entries(c.tags).map(([v, t]) => [v, t.label])) } : {}),
    }));
}

export function exportCriteria(view: ExportListView, timeZone: string | undefined): ExportCriteria {
  return {
    source: view.source,
    sort: [...view.sort],
    ...(view.filters === undefined ? {} : { filter: view.filters }),
    ...(view.search ? { search: view.search } : {}),
    selector: exportSelector(view),
    ...(view.sqlViewName ? { sqlViewName: view.sqlViewName } : {}),
    ...(view.databaseName ? { databaseName: view.databaseName } : {}),
    ...(timeZone ? { timeZone } : {}),
  };
}

/** The send body: the final file name (`.xlsx` appended), the criteria as JSON, the page title. */
export function exportSendBody(
  fileName: string,
  view: ExportListView,
  pageName: string,
  timeZone: string | undefined,
): ExportSendBody {
  return {
    storeProcedure: EXPORT_SEND_PROCEDURE,
    values: [
      { mapkey: 'fileName', value: exportFileName(fileName) },
      { mapkey: 'criteria', value: JSON.stringify(exportCriteria(view, timeZone)) },
      { mapkey: 'pageName', value: pageName },
    ],
  };
}

/** The browser's IANA time zone (`Europe/Rome`), if it tells. */
export function browserTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

const twoDigits = (n: number): string => String(n).padStart(2, '0');

/** The name the dialog offers: the page title and today's local date, `Reservations 2026-11-22`. */
export function defaultExportName(pageName: string, today: Date = new Date()): string {
  const date = `${today.getFullYear()}-${twoDigits(today.getMonth() + 1)}-${twoDigits(today.getDate())}`;
  // Characters a file system refuses in a name are left out.
  const title = pageName
    .replace(/[\\/:*?"<>|]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return title ? `${title} ${date}` : date;
}
