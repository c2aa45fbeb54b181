-- Up Migration
-- The policies' map candidates carry the evidence column that 1700000010900_map-evidence.sql adds
-- to every map candidate: what agreed, in words ("email · name 100% · dates ±1 days").
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
           map_person(r.customer_first_name || ' ' || r.customer_last_name) AS person,
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
         NULL::numeric, round(100 * s.score)::integer, s.mapped, true, s.merchant_id, s.id::integer,
         concat_ws(' · ',
                   CASE WHEN lower(s.customer_email) = lower(m.customer_email) THEN 'email' END,
                   'name ' || round(100 * greatest(map_similar(m.f, s.person), map_similar(m.swapped, s.person))) || '%',
                   'dates ±' || (abs(m.cover_start - s.pickup_at::date) + abs(m.cover_end - s.dropoff_at::date)) || ' days')
    FROM scored s CROSS JOIN m
   ORDER BY s.mapped DESC, s.score DESC, s.is_active_customer DESC, s.id
   LIMIT 200
$$;

-- Down Migration
-- As before the evidence column; valid again once 1700000010900 is undone, which follows.
SET LOCAL check_function_bodies = off;
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
SET LOCAL check_function_bodies = on;
