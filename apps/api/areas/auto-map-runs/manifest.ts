/**
 * Auto-mapping runs: each run of "Auto-map" over a merchant kind (`map_auto_runs`, a platform
 * table the auto-map jobs write): who asked for it, its threshold, how many records it planned,
 * mapped, skipped and later undid, and how it ended. List and view only: a run is started, run and
 * undone from the mapping queue, never edited here. The mapping dashboard counts over it.
 */

import { defineArea } from '../manifest.ts';
import { MAP_KIND_TAGS } from '../map-history/manifest.ts';

const STATUS = {
  planning: { color: 'gray', label: 'Planning' },
  planned: { color: 'blue', label: 'Planned' },
  running: { color: 'cyan', label: 'Running' },
  done: { color: 'green', label: 'Done' },
  undoing: { color: 'orange', label: 'Undoing' },
  undone: { color: 'yellow', label: 'Undone' },
  failed: { color: 'red', label: 'Failed' },
};
const shown = (type: 'number' | 'text' | 'datetime') => ({ type, cssClass: 'readonly' });
const count = (key: string, label: string, visible = true) => ({
  key,
  label,
  type: 'number' as const,
  readOnly: true,
  ...(visible ? {} : { list: { visible: false } }),
  form: shown('number'),
});

export const autoMapRuns = defineArea({
  entity: 'AutoMapRun',
  label: 'Auto-mapping runs',
  singular: 'Auto-mapping run',
  titleField: null,
  group: 'Merchant',
  icon: 'bolt',
  segment: 'automaprun',
  api: '/api/automapruns',
  actions: ['List', 'View'],
  table: 'map_auto_runs',
  sql: 'generated',
  list: { sort: { key: 'createdAt', direction: 'DESC' } },
  form: { presets: ['View'], viewOnly: true },
  fields: [
    count('id', 'Run'),
    { key: 'createdAt', label: 'Asked for', type: 'datetime', readOnly: true, form: shown('datetime') },
    {
      key: 'requestedBy',
      searchable: true,
      label: 'By',
      type: 'text',
      readOnly: true,
      form: shown('text'),
    },
    {
      key: 'kind',
      label: 'Kind',
      type: 'text',
      readOnly: true,
      list: { tags: MAP_KIND_TAGS },
      form: shown('text'),
    },
    {
      key: 'status',
      label: 'Status',
      type: 'text',
      readOnly: true,
      list: { tags: STATUS },
      form: shown('text'),
    },
    count('threshold', 'Threshold (%)'),
    count('total', 'Records'),
    count('planned', 'Planned'),
    count('mapped', 'Mapped'),
    count('skipped', 'Skipped', false),
    count('undone', 'Undone'),
    { key: 'finishedAt', label: 'Finished', type: 'datetime', readOnly: true, form: shown('datetime') },
    {
      key: 'error',
      label: 'Error',
      type: 'text',
      readOnly: true,
      list: { visible: false },
      form: shown('text'),
    },
  ],
  // A few runs of the last weeks, so the dashboard and the list have something to show.
  demo: async (db) => {
    await db.query(
      `INSERT INTO map_auto_runs (kind, status, threshold, total, planned, mapped, skipped, undone,
                                  requested_by, started_by, created_at, started_at, finished_at)
       SELECT r.kind, r.status, r.threshold, r.total, r.planned, r.mapped, r.total - r.planned, r.undone,
              'mapper@bmtools.local', 'mapper@bmtools.local',
              now() - make_interval(days => r.days_ago), now() - make_interval(days => r.days_ago),
              now() - make_interval(days => r.days_ago) + interval '4 minutes'
         FROM (VALUES ('location', 'done', 90, 400, 310, 310, 0, 1),
                      ('office', 'done', 85, 250, 170, 170, 0, 3),
                      ('supplier', 'undone', 70, 60, 41, 0, 41, 6),
                      ('car_class', 'done', 95, 120, 64, 64, 0, 9),
                      ('location', 'failed', 90, 380, 0, 0, 0, 12))
              AS r (kind, status, threshold, total, planned, mapped, undone, days_ago)
        WHERE NOT EXISTS (SELECT 1 FROM map_auto_runs)`,
    );
  },
});
