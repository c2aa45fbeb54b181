/**
 * API logs: the calls partners made to the company's public API over the last 30 days, as the log
 * shipper stored them. List and view only: nothing saves or deletes a log entry, and the view page
 * is read-only. The table holds millions of rows, so the list sorts newest first on an index and
 * its common filters (status code, partner, path) each have one (see the migration). Hourly
 * rollups by status code and by route (docs/adr/0034-api-log-rollup.md) answer the dashboards'
 * counts and averages over it.
 */
import { shownField } from '../catalogue.ts';
import { defineArea } from '../manifest.ts';

const METHOD = {
  GET: { color: 'blue', label: 'GET' },
  POST: { color: 'green', label: 'POST' },
  PUT: { color: 'yellow', label: 'PUT' },
  PATCH: { color: 'orange', label: 'PATCH' },
  DELETE: { color: 'red', label: 'DELETE' },
};
/** Shown on the view page, never editable. */
const shown = (type: 'number' | 'text' | 'datetime') => ({ type, cssClass: 'readonly' });

export const apiLogs = defineArea({
  entity: 'ApiLogs',
  label: 'API logs',
  singular: 'API log entry',
  titleField: null,
  group: 'Administration',
  icon: 'logs',
  segment: 'apilogs',
  api: '/api/ApiLogs',
  actions: ['List', 'View'],
  table: 'api_logs',
  sql: 'generated',
  list: { sort: { key: 'requestedAt', direction: 'DESC' } },
  form: { presets: ['View'], viewOnly: true },
  fields: [
    shownField('id', 'Id', 'number', { list: { visible: false } }),
    shownField('requestedAt', 'Timestamp', 'datetime'),
    shownField('method', 'Method', 'text', { list: { tags: METHOD } }),
    shownField('path', 'Path', 'text', { searchable: true }),
    shownField('statusCode', 'Status', 'number'),
    shownField('durationMs', 'Duration (ms)', 'number'),
    shownField('clientName', 'Client', 'text', { searchable: true }),
    {
      key: 'ipAddress',
      label: 'IP address',
      type: 'text',
      select: 'host(t.ip_address)',
      form: shown('text'),
    },
    {
      // Filtered as text, which the request-id index is built on.
      key: 'requestId',
      label: 'Request id',
      type: 'text',
      select: 't.request_id::text',
      list: { visible: false },
      form: shown('text'),
    },
    shownField('responseBytes', 'Response bytes', 'number', { list: { visible: false } }),
    {
      // The method and the path with its ids written {id} (api_log_route, migration 1700000011910):
      // what the operations dashboard's slowest routes group by, from the hourly rollup by route.
      key: 'route',
      label: 'Route',
      type: 'text',
      select: 'api_log_route(t.method, t.path)',
      list: { visible: false },
      form: shown('text'),
    },
  ],
  // Ten calls per reservation: 200,000 by default, 2,000,000 with `npm run seed -- --scale 200000`;
  // at most 5,000,000, so a million-reservation benchmark database still seeds in minutes.
  demo: async (db, { scale }) => {
    await (await import('./demo.ts')).seedApiLogs(db, Math.min(scale * 10, 5_000_000));
  },
});
