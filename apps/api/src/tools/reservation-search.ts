/**
 * The reservation search: one text matched against the reservation number and the customer's email
 * (exactly, through their b-tree indexes; a number as staff type it, "19990" or "bm-19990", is the
 * reservation BM-00019990) and fuzzily against the customer's name, the supplier and
 * the pick-up and drop-off locations (pg_trgm `<%`, word similarity), optionally within a pick-up
 * date range and some statuses. The best match first (then the newest pick-up), at most SEARCH_LIMIT
 * rows.
 *
 * A broad word ("Sixt", a supplier of one reservation in twelve) matches a large part of a big table,
 * and ranking every match took over a second at 1M rows. So each field finds its own best
 * SEARCH_LIMIT rows, and only those are ranked together — exact, because a row in the overall best
 * is among the best of the field where it scores highest. How a fuzzy field finds its best depends
 * on how many different values it holds (the planner's statistics):
 * - few (suppliers, places, and the demo's customer names): its distinct values are read from its
 *   b-tree index (a skip scan, one descent per value), the matching values scored, and the newest
 *   rows of each matching value read from the index on (field, pickup_date, id): milliseconds,
 *   however many rows a value has;
 * - many (real customer names): the GIN trigram index finds the matching rows, few per word.
 * docs/adr/0017-native-tools.md has the measurements.
 */
import { RESERVATION_STATUSES, type ReservationHit, SEARCH_LIMIT } from '@bm/contracts';
import { z } from 'zod';
import { type Db, withTransaction } from '../db/pool.ts';

/**
 * How alike a word of a field must be to the text for `<%` to match. The default (0.6) misses a
 * surname with two letters swapped ('Quakcenbush' ~ 'Quackenbush' is 0.5); lower lets in noise.
 */
const WORD_SIMILARITY_THRESHOLD = '0.5';

const isoDate = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, `${field} must be a date as YYYY-MM-DD`)
    .refine(
      (v) =>
        !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) && new Date(`${v}T00:00:00Z`).toISOString().startsWith(v),
      {
        message: `${field} is not a calendar date`,
      },
    )
    .optional();

type Status = (typeof RESERVATION_STATUSES)[number];
const isStatus = (s: string): s is Status => (RESERVATION_STATUSES as readonly string[]).includes(s);

export const searchQuerySchema = z
  .object({
    q: z.string().trim().min(2, 'Type at least 2 characters').max(200, 'At most 200 characters'),
    from: isoDate('from'),
    to: isoDate('to'),
    /** One status, or several separated by commas. */
    status: z
      .string()
      .max(200)
      .optional()
      .transform((v) =>
        v
          ? v
              .split(',')
              .map((s) => s.trim())
              .filter(Boolean)
          : [],
      )
      .refine((list): list is Status[] => list.every(isStatus), {
        message: `status must be one of ${RESERVATION_STATUSES.join(', ')}`,
      }),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { message: 'to is before from', path: ['to'] });
export type SearchQuery = z.infer<typeof searchQuerySchema>;

/**
 * The reservation number a text names, as staff type it: "19990", "00019990", "bm-19990" and
 * "BM 19990" are all BM-00019990 (BM- and eight digits); any other text is compared as written, in
 * upper case ("BM-E2E-1").
 */
export function exactNumberOf(q: string): string {
  const digits = /^(?:bm[\s-]*)?0*(\d{1,8})$/i.exec(q.trim())?.[1];
  return digits === undefined ? q.toUpperCase() : `BM-${digits.padStart(8, '0')}`;
}

/** The fields matched fuzzily, each with the b-tree index on (field, pickup_date, id) beside its GIN index. */
export const FUZZY_FIELDS = ['customer_name', 'supplier', 'pickup_location', 'dropoff_location'] as const;
export type FuzzyField = (typeof FUZZY_FIELDS)[number];

/** How the search reads a fuzzy field: through its distinct values, or through its trigram index. */
export type FieldPath = 'values' | 'trigram';

/**
 * Up to this many distinct values, reading them all (one index descent each) and scoring them is
 * cheaper than the trigram index, whose matches for a common value are thousands of rows.
 */
const MAX_DISTINCT_FOR_VALUES = 2000;
const STATISTICS_TTL_MS = 10 * 60_000;
let cachedPaths: { at: number; paths: Record<FuzzyField, FieldPath> } | undefined;

/** Each fuzzy field's path, from the planner's distinct-value estimates (refreshed every 10 minutes). */
async function fieldPaths(db: Db): Promise<Record<FuzzyField, FieldPath>> {
  if (cachedPaths && Date.now() - cachedPaths.at < STATISTICS_TTL_MS) return cachedPaths.paths;
  const { rows } = await db.query<{ field: FuzzyField; distinct: number | null }>(
    `SELECT s.attname AS field,
            CASE WHEN s.n_distinct >= 0 THEN s.n_distinct ELSE -s.n_distinct * greatest(c.reltuples, 0) END::float8 AS distinct
       FROM pg_stats s JOIN pg_class c ON c.relname = s.tablename AND c.relnamespace = to_regnamespace(s.schemaname)
      WHERE s.schemaname = current_schema() AND s.tablename = 'reservations' AND s.attname = ANY ($1::text[])`,
    [FUZZY_FIELDS],
  );
  const distinct = new Map(rows.map((r) => [r.field, r.distinct]));
  const paths = Object.fromEntries(
    FUZZY_FIELDS.map((f) => {
      const n = distinct.get(f);
      // Without statistics (a table never analysed) the trigram index is the safe choice.
      return [f, n !== undefined && n !== null && n <= MAX_DISTINCT_FOR_VALUES ? 'values' : 'trigram'];
    }),
  ) as Record<FuzzyField, FieldPath>;
  cachedPaths = { at: Date.now(), paths };
  return paths;
}

/** The search's SQL and parameters, with each fuzzy field read along `paths`. */
function searchSql(
  query: SearchQuery,
  paths: Record<FuzzyField, FieldPath>,
): { text: string; values: unknown[] } {
  const params: unknown[] = [query.q, exactNumberOf(query.q), query.q.toLowerCase()];
  const filters: string[] = [];
  if (query.from) {
    params.push(query.from);
    filters.push(`pickup_date >= $${params.length}::date`);
  }
  if (query.to) {
    // The whole 'to' day is in: before the next midnight (UTC, the pool's time zone).
    params.push(query.to);
    filters.push(`pickup_date < $${params.length}::date + 1`);
  }
  if (query.status.length > 0) {
    params.push(query.status);
    filters.push(`status = ANY ($${params.length}::text[])`);
  }
  params.push(SEARCH_LIMIT);
  const limit = `$${params.length}`;
  const and = filters.map((f) => ` AND ${f}`).join('');
  const newest = 'pickup_date DESC, id DESC';

  const ctes: string[] = [];
  const candidates: string[] = [];
  for (const field of FUZZY_FIELDS) {
    if (paths[field] === 'values') {
      // A skip scan over the field's b-tree: the smallest value, then the next greater, and so on.
      ctes.push(
        `${field}_values(v) AS (
           (SELECT ${field} FROM reservations WHERE ${field} IS NOT NULL ORDER BY ${field} LIMIT 1)
           UNION ALL
           SELECT (SELECT ${field} FROM reservations WHERE ${field} > p.v ORDER BY ${field} LIMIT 1)
             FROM ${field}_values p WHERE p.v IS NOT NULL)`,
        `${field}_best AS (
           SELECT r.id FROM (SELECT v, word_similarity($1, v) AS s FROM ${field}_values
                              WHERE v IS NOT NULL AND $1 <% v) m
           CROSS JOIN LATERAL (SELECT id, pickup_date FROM reservations
                                WHERE ${field} = m.v${and} ORDER BY ${newest} LIMIT ${limit}) r
           ORDER BY m.s DESC, r.pickup_date DESC, r.id DESC LIMIT ${limit})`,
      );
    } else {
      ctes.push(
        `${field}_best AS (
           SELECT id FROM reservations WHERE $1 <% ${field}${and}
            ORDER BY word_similarity($1, ${field}) DESC, ${newest} LIMIT ${limit})`,
      );
    }
    candidates.push(`SELECT id FROM ${field}_best`);
  }
  ctes.push(
    `exact AS (
       SELECT id FROM reservations WHERE reservation_number = $2${and}
       UNION
       SELECT id FROM (SELECT id FROM reservations WHERE customer_email = $3${and} ORDER BY ${newest} LIMIT ${limit}) e)`,
  );
  candidates.push('SELECT id FROM exact');
  const text = `
    WITH RECURSIVE ${ctes.join(',\n')}
    SELECT id, reservation_number AS "reservationNumber", customer_name AS "customerName",
           customer_email AS "customerEmail", supplier, pickup_location AS "pickupLocation",
           dropoff_location AS "dropoffLocation", to_char(pickup_date, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "pickupDate",
           status, total_price::text AS "totalPrice", currency,
           greatest(CASE WHEN reservation_number = $2 THEN 2 ELSE 0 END,
                    CASE WHEN customer_email = $3 THEN 1.5 ELSE 0 END,
                    word_similarity($1, customer_name), word_similarity($1, supplier),
                    word_similarity($1, pickup_location), word_similarity($1, dropoff_location))::float8 AS score
      FROM reservations
     WHERE id IN (${candidates.join(' UNION ')})
     ORDER BY score DESC, ${newest}
     LIMIT ${limit}`;
  return { text, values: params };
}

export async function searchReservations(
  db: Db,
  query: SearchQuery,
  paths?: Record<FuzzyField, FieldPath>,
): Promise<ReservationHit[]> {
  const sql = searchSql(query, paths ?? (await fieldPaths(db)));
  return withTransaction(db, async (client) => {
    // The threshold holds for this transaction only (the connection goes back to the pool).
    await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
      WORD_SIMILARITY_THRESHOLD,
    ]);
    return (await client.query<ReservationHit>(sql.text, sql.values)).rows;
  });
}
