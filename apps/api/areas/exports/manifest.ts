/**
 * Exports: the files staff asked for with a list's Export button, each written by a background job
 * (src/exports/). Everyone sees only their own exports: the catalogue's owner column scopes the
 * list, the record and the delete to the caller. A row shows its progress while the job runs (the
 * list refreshes itself), Download once done, Cancel while queued or running, the reason when it
 * failed. Sending an export needs `BMTools/Export/List` (its list right); the Create and Edit
 * rights exist as the rights table names them, but no screen creates or edits an export.
 */
import { defineArea } from '../manifest.ts';
import { seedExports } from './demo.ts';

const STATUS = {
  queued: { color: 'gray', label: 'Queued' },
  running: { color: 'blue', label: 'Running' },
  done: { color: 'green', label: 'Ready' },
  failed: { color: 'red', label: 'Failed' },
  cancelled: { color: 'orange', label: 'Cancelled' },
  expired: { color: 'dark', label: 'Expired' },
};
const shown = (type: 'number' | 'text' | 'datetime', tabId?: number) => ({
  type,
  cssClass: 'readonly',
  ...(tabId === undefined ? {} : { tabId }),
});
const IN_PROGRESS = "status == 'queued' || status == 'running'";

export const exportFiles = defineArea({
  entity: 'Export',
  label: 'Exports',
  singular: 'Export',
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
    version: 1,
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
  form: { version: 1, presets: ['View'], viewOnly: true },
  fields: [
    { key: 'id', label: 'Id', type: 'number', readOnly: true, form: shown('number') },
    { key: 'fileName', label: 'File name', type: 'text', readOnly: true, form: shown('text') },
    { key: 'pageName', label: 'List', type: 'text', readOnly: true, form: shown('text') },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      readOnly: true,
      list: { tags: STATUS },
      form: shown('text'),
    },
    { key: 'rowCount', label: 'Rows', type: 'number', readOnly: true, form: shown('number') },
    {
      key: 'expectedRows',
      label: 'Expected rows',
      type: 'number',
      readOnly: true,
      list: { visible: false },
      form: shown('number'),
    },
    {
      key: 'sizeBytes',
      label: 'Size (bytes)',
      type: 'number',
      readOnly: true,
      list: { visible: false },
      form: shown('number'),
    },
    { key: 'requestedAt', label: 'Requested', type: 'datetime', readOnly: true, form: shown('datetime') },
    { key: 'finishedAt', label: 'Finished', type: 'datetime', readOnly: true, form: shown('datetime') },
    { key: 'error', label: 'Reason', type: 'text', readOnly: true, form: shown('text') },
    {
      key: 'requestedBy',
      label: 'Requested by',
      type: 'text',
      readOnly: true,
      list: { visible: false, filter: false },
      form: shown('text'),
    },
    { key: 'source', label: 'Source', type: 'text', list: false, readOnly: true, form: shown('text') },
    { key: 'columns', label: 'Columns', type: 'text', list: false, readOnly: true, form: shown('text') },
    {
      key: 'criteria',
      label: 'Filters and sort',
      type: 'text',
      list: false,
      readOnly: true,
      form: { type: 'jsoncode', cssClass: 'readonly' },
    },
    { key: 'attempt', label: 'Runs', type: 'number', list: false, readOnly: true, form: shown('number') },
    {
      key: 'startedAt',
      label: 'Started',
      type: 'datetime',
      list: false,
      readOnly: true,
      form: shown('datetime'),
    },
  ],
  demo: seedExports,
});
