-- Up Migration
-- The pick-up places' map candidates carry the evidence column that 1700000010900_map-evidence.sql
-- adds to every map candidate: what agreed, in words ("code MAD · name 84%"). Until November 2026
-- part of the insurance area's evidence migration (src/db/split-migrations.ts).
CREATE OR REPLACE FUNCTION map_pickup_candidates(_record integer, _place text, _mapped integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH r AS (SELECT _record AS id, _mapped AS mapped_id, map_fold(_place) AS f,
                    upper(substring(_place FROM '\(([A-Za-z]{3})\)')) AS iata),
  pool AS (
    SELECT p.id FROM pricewatch_locations p, r
     WHERE p.location_type_id IN (4, 5, 6) AND map_fold(p.name) % r.f
    UNION SELECT p.id FROM pricewatch_locations p, r WHERE p.iata_code = r.iata
    UNION SELECT r.mapped_id FROM r WHERE r.mapped_id IS NOT NULL
  ),
  scored AS (
    SELECT p.*, r.mapped_id IS NOT DISTINCT FROM p.id AS mapped, r.id AS merchant_id,
           map_location_score(r.f, map_fold(p.name), r.iata, p.iata_code, NULL) AS score
      FROM pool JOIN pricewatch_locations p USING (id) CROSS JOIN r
     WHERE p.enabled OR r.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, s.code, concat_ws(' · ', lt.name, co.name, s.iata_code), NULL::numeric,
         round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id,
         concat_ws(' · ', CASE WHEN s.iata_code = r.iata THEN 'code ' || r.iata END,
                   'name ' || round(100 * map_similar(r.f, map_fold(s.name))) || '%')
    FROM scored s CROSS JOIN r
    JOIN location_types lt ON lt.id = s.location_type_id
    LEFT JOIN pricewatch_locations co ON co.id = s.country_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

-- Down Migration
-- As before the evidence column; valid again once 1700000010900 is undone, which follows.
SET LOCAL check_function_bodies = off;
CREATE OR REPLACE FUNCTION map_pickup_candidates(_record integer, _place text, _mapped integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH r AS (SELECT _record AS id, _mapped AS mapped_id, map_fold(_place) AS f,
                    upper(substring(_place FROM '\(([A-Za-z]{3})\)')) AS iata),
  pool AS (
    SELECT p.id FROM pricewatch_locations p, r
     WHERE p.location_type_id IN (4, 5, 6) AND map_fold(p.name) % r.f
    UNION SELECT p.id FROM pricewatch_locations p, r WHERE p.iata_code = r.iata
    UNION SELECT r.mapped_id FROM r WHERE r.mapped_id IS NOT NULL
  ),
  scored AS (
    SELECT p.*, r.mapped_id IS NOT DISTINCT FROM p.id AS mapped, r.id AS merchant_id,
           map_location_score(r.f, map_fold(p.name), r.iata, p.iata_code, NULL) AS score
      FROM pool JOIN pricewatch_locations p USING (id) CROSS JOIN r
     WHERE p.enabled OR r.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, s.code, concat_ws(' · ', lt.name, co.name, s.iata_code), NULL::numeric,
         round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id
    FROM scored s
    JOIN location_types lt ON lt.id = s.location_type_id
    LEFT JOIN pricewatch_locations co ON co.id = s.country_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;
SET LOCAL check_function_bodies = on;
