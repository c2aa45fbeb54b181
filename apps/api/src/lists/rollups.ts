/**
 * The hourly rollups the aggregate reads instead of a list's rows where they can answer
 * (criteria/rollup-sql.ts, docs/adr/0034-api-log-rollup.md), by the list view's column names. The
 * tables and the triggers keeping them are the owning area's migrations.
 */
import type { Rollup } from '../criteria/rollup-sql.ts';

export const ROLLUPS: readonly Rollup[] = [
  // API logs (areas/api-logs, migration 1700000011910): calls and their durations per hour by
  // status code, and by route.
  {
    view: 'v_api_logs',
    table: 'api_log_hours',
    time: 'requestedAt',
    keys: { statusCode: 'status_code' },
    count: 'requests',
    sums: { durationMs: 'duration_sum' },
  },
  {
    view: 'v_api_logs',
    table: 'api_log_route_hours',
    time: 'requestedAt',
    keys: { route: 'route' },
    count: 'requests',
    sums: { durationMs: 'duration_sum' },
  },
];
