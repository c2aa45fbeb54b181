-- Up Migration
-- A policy's map list no longer takes in every rental of the days around its cover, nor every
-- customer with a similar name whenever they travelled. On a million reservations those pools held
-- tens of thousands of rows for one policy (a busy fortnight; common names), each scored, and a
-- map-list page took one to two seconds. A reservation is now a candidate when it has evidence that
-- it is this customer:
--   - the same email, whenever the rental (an insurer's feed may carry another date);
--   - a similar name (either order) and a rental starting within a fortnight of the cover, the
--     span over which the score still gives the dates any weight. The name's trigram index and the
--     pick-up index are combined before a row is read;
--   - the reservation the policy is mapped to, always.
-- A rental that only shares the dates, with another name and email, scores a quarter at most: it
-- was never a useful candidate.
CREATE OR REPLACE FUNCTION map_insurance_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT ip.*, map_person(ip.customer_first_name || ' ' || ip.customer_last_name) AS f,
                    map_person(ip.customer_last_name || ' ' || ip.customer_first_name) AS swapped
               FROM insurance_policies ip WHERE ip.id = _id),
  pool AS (
    SELECT r.id FROM customer_reservations r, m WHERE lower(r.customer_email) = lower(m.customer_email)
    UNION SELECT r.id FROM customer_reservations r, m
           WHERE r.pickup_at >= (m.cover_start - 14)::timestamptz AND r.pickup_at < (m.cover_start + 15)::timestamptz
             AND (map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.f
                  OR map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.swapped)
    UNION SELECT m.customer_reservation_id FROM m WHERE m.customer_reservation_id IS NOT NULL
  ),
  scored AS (
    SELECT r.*, m.customer_reservation_id IS NOT DISTINCT FROM r.id AS mapped, m.id AS merchant_id,
           map_insurance_score(m.f, m.swapped, map_person(r.customer_first_name || ' ' || r.customer_last_name),
                               m.customer_email, r.customer_email, m.cover_start, m.cover_end,
                               r.pickup_at::date, r.dropoff_at::date) AS score
      FROM pool JOIN customer_reservations r USING (id) CROSS JOIN m
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id)::integer,
         s.id::integer, s.customer_first_name || ' ' || s.customer_last_name,
         s.reservation_number || ' v' || s.version || '.' || s.subversion,
         concat_ws(' · ', s.customer_email,
                   to_char(s.pickup_at, 'YYYY-MM-DD') || ' → ' || to_char(s.dropoff_at, 'YYYY-MM-DD'),
                   s.supplier, s.status),
         NULL::numeric, round(100 * s.score)::integer, s.mapped, true, s.merchant_id, s.id::integer
    FROM scored s
   ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id
   LIMIT 200
$$;

-- Down Migration
CREATE OR REPLACE FUNCTION map_insurance_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT ip.*, map_person(ip.customer_first_name || ' ' || ip.customer_last_name) AS f,
                    map_person(ip.customer_last_name || ' ' || ip.customer_first_name) AS swapped
               FROM insurance_policies ip WHERE ip.id = _id),
  pool AS (
    SELECT r.id FROM customer_reservations r, m
     WHERE r.pickup_at >= (m.cover_start - 10)::timestamptz AND r.pickup_at < (m.cover_start + 11)::timestamptz
    UNION SELECT r.id FROM customer_reservations r, m WHERE lower(r.customer_email) = lower(m.customer_email)
    UNION SELECT r.id FROM customer_reservations r, m
           WHERE map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.f
              OR map_person(r.customer_first_name || ' ' || r.customer_last_name) % m.swapped
    UNION SELECT m.customer_reservation_id FROM m WHERE m.customer_reservation_id IS NOT NULL
  ),
  scored AS (
    SELECT r.*, m.customer_reservation_id IS NOT DISTINCT FROM r.id AS mapped, m.id AS merchant_id,
           map_insurance_score(m.f, m.swapped, map_person(r.customer_first_name || ' ' || r.customer_last_name),
                               m.customer_email, r.customer_email, m.cover_start, m.cover_end,
                               r.pickup_at::date, r.dropoff_at::date) AS score
      FROM pool JOIN customer_reservations r USING (id) CROSS JOIN m
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id)::integer,
         s.id::integer, s.customer_first_name || ' ' || s.customer_last_name,
         s.reservation_number || ' v' || s.version || '.' || s.subversion,
         concat_ws(' · ', s.customer_email,
                   to_char(s.pickup_at, 'YYYY-MM-DD') || ' → ' || to_char(s.dropoff_at, 'YYYY-MM-DD'),
                   s.supplier, s.status),
         NULL::numeric, round(100 * s.score)::integer, s.mapped, true, s.merchant_id, s.id::integer
    FROM scored s
   ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id
   LIMIT 200
$$;
