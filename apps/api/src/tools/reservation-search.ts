/**
 * The reservation search: one text matched against the reservation number and the customer's email
 * (exactly, through their b-tree indexes) and fuzzily against the customer's name, the supplier and
 * the pick-up and drop-off locations (pg_trgm `<%`, word similarity, through their GIN trigram
 * indexes), optionally within a pick-up date range and some statuses. The best match first, at most
 * SEARCH_LIMIT rows.
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

export async function searchReservations(db: Db, query: SearchQuery): Promise<ReservationHit[]> {
  const params: unknown[] = [query.q, query.q.toUpperCase(), query.q.toLowerCase()];
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
  const sql = `
    SELECT id, reservation_number AS "reservationNumber", customer_name AS "customerName",
           customer_email AS "customerEmail", supplier, pickup_location AS "pickupLocation",
           dropoff_location AS "dropoffLocation", to_char(pickup_date, 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS "pickupDate",
           status,
           greatest(CASE WHEN reservation_number = $2 THEN 2 ELSE 0 END,
                    CASE WHEN customer_email = $3 THEN 1.5 ELSE 0 END,
                    word_similarity($1, customer_name), word_similarity($1, supplier),
                    word_similarity($1, pickup_location), word_similarity($1, dropoff_location))::float8 AS score
      FROM reservations
     WHERE (reservation_number = $2 OR customer_email = $3 OR $1 <% customer_name OR $1 <% supplier
            OR $1 <% pickup_location OR $1 <% dropoff_location)
       ${filters.map((f) => `AND ${f}`).join(' ')}
     ORDER BY score DESC, pickup_date DESC, id DESC
     LIMIT $${params.length}`;
  return withTransaction(db, async (client) => {
    // The threshold holds for this transaction only (the connection goes back to the pool).
    await client.query(`SELECT set_config('pg_trgm.word_similarity_threshold', $1, true)`, [
      WORD_SIMILARITY_THRESHOLD,
    ]);
    return (await client.query<ReservationHit>(sql, params)).rows;
  });
}
