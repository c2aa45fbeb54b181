/**
 * Exports: the files staff asked for with a list's Export button, each written by a background job
 * (src/exports/). Everyone sees only their own exports: the catalogue's owner column scopes the
 * list, the record and the delete to the caller. A row shows its progress while the job runs (the
 * list refreshes itself), Download once done, Cancel while queued or running, the reason when it
 * failed. Sending an export needs `BMTools/Export/List` (its list right); the Create and Edit
 * rights exist as the rights table names them, but no screen creates or edits an export.
 */
import { type AreaField, defineArea, searchable } from '../manifest.ts';

const STATUS = {
  queued: { color: 'gray', label: 'Queued' },
  running: { color: 'blue', label: 'Running' },
  done: { color: 'green', label: 'Ready' },
  failed: { color: 'red', label: 'Failed' },
  cancelled: { color: 'orange', label: 'Cancelled' },
  expired: { color: 'dark', label: 'Expired' },
};
/**
 * Every field of an export is written by the job, never by a form: read-only, and shown on the
 * view page as its own type.
 */
const field = (
  key: string,
  label: string,
  type: 'number' | 'text' | 'datetime',
  list?: AreaField['list'],
): AreaField => ({
  key,
  label,
  type,
  readOnly: true,
  ...(list === undefined ? {} : { list }),
  form: { type, cssClass: 'readonly' },
});
const IN_PROGRESS = "status == 'queued' || status == 'running'";

export const exportFiles = defineArea({
  entity: 'Export',
  label: 'Exports',
  singular: 'Export',
  titleField: null,
  group: 'Administration',
  icon: 'file-spreadsheet',
  segment: 'export',
  api: '/api/exports',
  actions: ['List', 'View', 'Create', 'Edit', 'Delete'],
  table: 'exports',
  sql: 'own',
  owner: 'requestedBy',
  procedures: { delete: 'bm_export_delete' },
  list: {
    sort: { key: 'requestedAt', direction: 'DESC' },
    // A running export's row count and status change while it is on screen.
    settings: { refreshSeconds: 3 },
    rowActions: { delete: { visibleWhen: "status != 'running'" } },
    extraRowActions: [
      {
        type: 'download',
        label: 'Download',
        order: 0,
        pageUrl: '/api/exports/download?id={id}',
        columnKey: 'id',
        visibleWhen: "status == 'done'",
      },
      {
        type: 'post',
        label: 'Cancel',
        order: 0,
        pageUrl: '/api/exports/{id}/cancel',
        columnKey: 'id',
        messagebox: 'Cancel export {{id}}? The file will not be made.',
        visibleWhen: IN_PROGRESS,
      },
    ],
  },
  form: { presets: ['View'], viewOnly: true },
  fields: [
    field('id', 'Id', 'number'),
    searchable(field('fileName', 'File name', 'text')),
    searchable(field('pageName', 'List', 'text')),
    field('status', 'Status', 'text', { tags: STATUS }),
    field('rowCount', 'Rows', 'number'),
    field('expectedRows', 'Expected rows', 'number', { visible: false }),
    field('sizeBytes', 'Size (bytes)', 'number', { visible: false }),
    field('requestedAt', 'Requested', 'datetime'),
    field('finishedAt', 'Finished', 'datetime'),
    field('error', 'Reason', 'text'),
    field('requestedBy', 'Requested by', 'text', { visible: false, filter: false }),
    // The view page only.
    field('source', 'Source', 'text', false),
    field('columns', 'Columns', 'text', false),
    {
      ...field('criteria', 'Filters and sort', 'text', false),
      form: { type: 'jsoncode', cssClass: 'readonly' },
    },
    field('attempt', 'Runs', 'number', false),
    field('startedAt', 'Started', 'datetime', false),
  ],
  demo: async (db) => (await import('./demo.ts')).seedExports(db),
});
