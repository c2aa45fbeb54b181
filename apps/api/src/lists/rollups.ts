/**
 * The rollups the aggregate reads instead of a list's rows where they can answer
 * (criteria/rollup-sql.ts, docs/adr/0034-api-log-rollup.md), by the list view's column names: hourly
 * ones, and counts by state (no `time`). The tables and the triggers keeping them are migrations:
 * the owning area's, or the platform's for what the merchant tables share.
 */
import type { Rollup } from '../criteria/rollup-sql.ts';

/** The merchant tables, each with its counts by mapping state. */
export const MERCHANT_TABLES = [
  'merchant_locations',
  'merchant_suppliers',
  'merchant_car_classes',
  'merchant_cars',
  'merchant_options',
  'merchant_included_items',
  'merchant_offices',
] as const;

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
  // Payments by status and kind (areas/payments, migration 1700000012010).
  {
    view: 'v_payments',
    table: 'payment_counts',
    keys: { status: 'status', kind: 'kind' },
    count: 'payments',
    sums: {},
  },
  // Each merchant table's records by mapping state (migration 1700000012000).
  ...MERCHANT_TABLES.map(
    (table): Rollup => ({
      view: `v_${table}`,
      table: `${table}_map_counts`,
      keys: { mapStatus: 'map_status' },
      count: 'records',
      sums: {},
    }),
  ),
];
