/**
 * The reservation search as one statement ranking every match: how the search first worked, and
 * the answer its per-field reading must equal (tools.test.ts) and beat on broad words (the bench).
 * $1 the text, $2 upper-cased, $3 lower-cased, $4/$5 pick-up from/to (date or null), $6 statuses
 * (empty: any). Run with `pg_trgm.word_similarity_threshold` at 0.5, as the search sets it.
 */
export const RANK_EVERY_MATCH = `
    SELECT id, greatest(CASE WHEN reservation_number = $2 THEN 2 ELSE 0 END,
                        CASE WHEN customer_email = $3 THEN 1.5 ELSE 0 END,
                        word_similarity($1, customer_name), word_similarity($1, supplier),
                        word_similarity($1, pickup_location), word_similarity($1, dropoff_location))::float8 AS score
      FROM reservations
     WHERE (reservation_number = $2 OR customer_email = $3 OR $1 <% customer_name OR $1 <% supplier
            OR $1 <% pickup_location OR $1 <% dropoff_location)
       AND ($4::date IS NULL OR pickup_date >= $4::date) AND ($5::date IS NULL OR pickup_date < $5::date + 1)
       AND (cardinality($6::text[]) = 0 OR status = ANY ($6::text[]))
     ORDER BY score DESC, pickup_date DESC, id DESC
     LIMIT 50`;
