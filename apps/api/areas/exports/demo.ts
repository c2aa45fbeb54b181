/**
 * Demo exports: a few finished requests per staff account, as the console shows them after some
 * weeks of use. Their files are past the retention (expired), failed with a reason, or cancelled:
 * a demo database has no files in storage, so no row claims to have one.
 */
import type { Queryable } from '../manifest.ts';

const ACCOUNTS = ['admin@bmtools.local', 'editor@bmtools.local', 'mapper@bmtools.local'];
const LISTS = [
  {
    page: 'Reservations',
    source: '/api/Reservations',
    field: 'reservationNumber',
    label: 'Reservation',
    right: 'BMTools/Reservation/List',
  },
  { page: 'Payments', source: '/api/payments', field: 'id', label: 'Id', right: 'BMTools/Payment/List' },
  { page: 'API logs', source: '/api/ApiLogs', field: 'path', label: 'Path', right: 'BMTools/ApiLogs/List' },
  { page: 'Pages', source: '/api/pages', field: 'name', label: 'Name', right: 'BMTools/Page/List' },
];
type DemoList = (typeof LISTS)[number];
/** How each export ended; a failure says why in the words the export worker uses, of its own list. */
const OUTCOMES: readonly { status: string; error: ((list: DemoList) => string) | null }[] = [
  { status: 'expired', error: null },
  { status: 'expired', error: null },
  {
    status: 'failed',
    error: (list) => `The list's criteria no longer hold: filters: unknown column "${list.field}Code"`,
  },
  { status: 'cancelled', error: null },
  {
    status: 'failed',
    error: (list) => `You no longer hold the right to read this list (${list.right})`,
  },
];

export async function seedExports(db: Queryable): Promise<void> {
  const rows: unknown[][] = [];
  let n = 0;
  for (const email of ACCOUNTS) {
    for (let i = 0; i < 6; i++, n++) {
      const list = LISTS[n % LISTS.length] as DemoList;
      const outcome = OUTCOMES[n % OUTCOMES.length] as (typeof OUTCOMES)[number];
      const daysAgo = 40 - i * 6 - (n % 3);
      const rowCount = outcome.status === 'cancelled' ? 12_000 + n * 731 : 40 + ((n * 7919) % 90_000);
      rows.push([
        `${list.page.toLowerCase().replaceAll(' ', '-')}-week-${(n % 52) + 1}.xlsx`,
        list.page,
        email,
        list.source,
        JSON.stringify({
          source: list.source,
          sort: [],
          selector: [{ field: list.field, label: list.label }],
        }),
        outcome.status,
        outcome.status === 'failed' ? 0 : rowCount,
        outcome.error?.(list) ?? null,
        daysAgo,
      ]);
    }
  }
  await db.query(
    `INSERT INTO exports (file_name, page_name, requested_by, entity, source, criteria, status, row_count,
                          expected_rows, error, attempt, requested_at, started_at, finished_at)
     SELECT r.file_name, r.page_name, r.email, e.entity, r.source, r.criteria::jsonb, r.status, r.row_count,
            r.row_count, r.error, 1, now() - make_interval(days => r.days_ago),
            now() - make_interval(days => r.days_ago) + interval '2 seconds',
            now() - make_interval(days => r.days_ago) + make_interval(secs => 3 + r.row_count / 20000.0)
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::text[], $6::text[], $7::bigint[],
                   $8::text[], $9::int[])
            AS r(file_name, page_name, email, source, criteria, status, row_count, error, days_ago)
       JOIN entity_catalog e ON lower(e.spec ->> 'api') = lower(r.source)`,
    Array.from({ length: 9 }, (_, column) => rows.map((row) => row[column])),
  );
}
