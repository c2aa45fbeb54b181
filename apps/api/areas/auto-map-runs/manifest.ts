/**
 * Auto-mapping runs: each run of "Auto-map" over a merchant kind (`map_auto_runs`, a platform
 * table the auto-map jobs write): who asked for it, its threshold, how many records it planned,
 * mapped, skipped and later undid, and how it ended. List and view only: a run is started, run and
 * undone from the mapping queue, never edited here. The mapping dashboard counts over it.
 */

import { shownField } from '../catalogue.ts';
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
    shownField('id', 'Run', 'number'),
    shownField('createdAt', 'Asked for', 'datetime'),
    shownField('requestedBy', 'By', 'text', { searchable: true }),
    shownField('kind', 'Kind', 'text', { list: { tags: MAP_KIND_TAGS } }),
    shownField('status', 'Status', 'text', { list: { tags: STATUS } }),
    shownField('threshold', 'Threshold (%)', 'number'),
    shownField('total', 'Records', 'number'),
    shownField('planned', 'Planned', 'number'),
    shownField('mapped', 'Mapped', 'number'),
    shownField('skipped', 'Skipped', 'number', { list: { visible: false } }),
    shownField('undone', 'Undone', 'number'),
    shownField('finishedAt', 'Finished', 'datetime'),
    shownField('error', 'Error', 'text', { list: { visible: false } }),
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
