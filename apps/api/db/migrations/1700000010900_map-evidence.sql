-- Up Migration
-- Map candidates say why they are candidates, and a location's Match % is a calibrated probability
-- (docs/adr/0013-mapping.md, "Confidence").
--
-- - evidence: every candidate row carries what agreed between the two records, in words ("name:
--   strauss, munich · city: munich · code MUC · 3.2 km"), shown beside Match % in the grid.
-- - A location's match is round(100 × P(the candidate is the same place)), a logistic model of the
--   ranker's features (map_location_ranked): its score, its gap to the best other candidate, how
--   much of the name its own names carry, how much of its name the merchant's has, how much was
--   found as written rather than as a typo, how much of its name nothing explains, whether the
--   record has a country, whether the candidate is out of it, and whether IATA codes agree or
--   differ. The weights below were fitted by
--   bench/src/fit-map-confidence.ts on labelled pairs (half of an independent airport list, as
--   listed and through a noise model) and checked on the other half; a place with no counterpart
--   gets a low percentage even when a same-named place exists.
-- Every candidate function returns the new column: those of the other kinds here, the pick-up
-- places' and insurance's in the insurance area's 1700000010901 migration.
ALTER TYPE map_candidate ADD ATTRIBUTE evidence text;

-- One row: the logistic weights of the location confidence (logit p = intercept + Σ weight × feature).
CREATE TABLE map_location_confidence (
  intercept double precision NOT NULL,
  score double precision NOT NULL,
  score_squared double precision NOT NULL,
  gap double precision NOT NULL,
  gap_squared double precision NOT NULL,
  gap_score double precision NOT NULL,
  own double precision NOT NULL,
  named double precision NOT NULL,
  exact double precision NOT NULL,
  extra double precision NOT NULL,
  no_country double precision NOT NULL,
  fallback double precision NOT NULL,
  code_agrees double precision NOT NULL,
  code_differs double precision NOT NULL,
  fitted_on text NOT NULL
);
COMMENT ON TABLE map_location_confidence IS
  'Logistic weights of a location candidate''s Match %, fitted by bench/src/fit-map-confidence.ts';
-- Fitted by bench/src/fit-map-confidence.ts (its "migration values"), in the column order above.
INSERT INTO map_location_confidence VALUES
  (-7.2498, 7.6755, -6.7046, 7.7015, -8.5027, 8.0935, 1.5481, 2.8767, 1.7018, -0.1734, 0.1613, -5.6364,
   1.1533, 0.0766,
   'bench/src/fit-map-confidence.ts: 44261 pairs of 1638 even-indexed airports of bench/data/openflights-airports.tsv');

CREATE FUNCTION map_location_probability(w map_location_confidence, score double precision, gap double precision,
  own double precision, named double precision, exact double precision, extra double precision, no_country boolean,
  fallback boolean, code_agrees boolean, code_differs boolean)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT 1 / (1 + exp(-least(50, greatest(-50,
    w.intercept + w.score * score + w.score_squared * score * score
    + w.gap * gap + w.gap_squared * gap * gap + w.gap_score * gap * score
    + w.own * own + w.named * named + w.exact * exact + w.extra * extra
    + w.no_country * no_country::int + w.fallback * fallback::int
    + w.code_agrees * code_agrees::int + w.code_differs * code_differs::int))))
$$;

-- A merchant location's map list: its current mapping, then the candidates by their Match %.
CREATE OR REPLACE FUNCTION map_location_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH r AS (
    SELECT r.*, map_location_probability(w, r.score, r.gap, r.own, r.named, r.exact, r.extra, r.no_country,
                                         r.fallback, r.code_agrees, r.code_differs) AS p
      FROM map_location_ranked(_id) r CROSS JOIN (SELECT * FROM map_location_confidence LIMIT 1) w)
  SELECT (row_number() OVER (ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id))::integer,
         p.id, p.name, p.code, concat_ws(' · ', lt.name, co.name, p.iata_code),
         round(r.km::numeric, 1), round(100 * r.p)::integer, r.mapped, p.enabled, _id, p.id, r.evidence
    FROM r JOIN pricewatch_locations p ON p.id = r.id
    JOIN location_types lt ON lt.id = p.location_type_id
    LEFT JOIN pricewatch_locations co ON co.id = p.country_id
   ORDER BY r.mapped DESC, r.p DESC, r.score DESC, r.id
$$;

-- Suppliers, car classes, options and included items: the code and how alike the names are.
CREATE OR REPLACE FUNCTION map_coded_candidates(_kind text, _id integer)
RETURNS SETOF map_candidate LANGUAGE plpgsql STABLE ROWS 200 AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
           id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id,
           concat_ws(' · ', CASE WHEN code_agrees THEN 'code ' || code END,
                     'name ' || round(100 * name_score) || '%%') AS evidence
      FROM (SELECT p.id, p.name, p.code, %3$s AS detail, p.enabled, m.id AS merchant_id,
                   m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                   map_coded_score(m.f, m.external_code, map_fold(p.name), p.code) AS score,
                   map_similar(m.f, map_fold(p.name)) AS name_score,
                   map_code_of(m.external_code) = upper(p.code) OR m.f = lower(p.code) AS code_agrees
              FROM (SELECT t.*, map_fold(t.name) AS f FROM %1$I t WHERE t.id = $1) m, %2$I p
             WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
     ORDER BY mapped DESC, score DESC, id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table, k.detail_sql)
    USING _id;
END $f$;

-- Cars: the name, the ACRISS class and the seats.
CREATE OR REPLACE FUNCTION map_car_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
         id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id,
         concat_ws(' · ', 'name ' || round(100 * name_score) || '%', CASE WHEN class_agrees THEN 'class ' || code END,
                   CASE WHEN seats_agree THEN seats || ' seats' END)
    FROM (SELECT p.id, p.name, c.code, concat_ws(' · ', c.name, p.seats || ' seats') AS detail, p.enabled,
                 m.id AS merchant_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, p.seats,
                 map_similar(m.f, map_fold(p.name)) AS name_score, upper(m.car_class_code) = c.code AS class_agrees,
                 m.seats = p.seats AS seats_agree,
                 map_car_score(m.f, map_fold(p.name), m.car_class_code, c.code, m.seats, p.seats) AS score
            FROM (SELECT t.*, map_fold(t.name) AS f FROM merchant_cars t WHERE t.id = _id) m,
                 pricewatch_cars p JOIN pricewatch_car_classes c ON c.id = p.car_class_id
           WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
   ORDER BY mapped DESC, score DESC, id
   LIMIT 200
$$;

-- Offices: the supplier, the airport code, the name and the distance; never an empty list.
CREATE OR REPLACE FUNCTION map_office_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT mo.*, map_fold(mo.name) AS f FROM merchant_offices mo WHERE mo.id = _id),
  near AS (
    SELECT p.id FROM pricewatch_offices p, m
     WHERE point(p.longitude::float8, p.latitude::float8)
           <@ box(point(m.longitude::float8 - 0.08, m.latitude::float8 - 0.05),
                  point(m.longitude::float8 + 0.08, m.latitude::float8 + 0.05))
    UNION SELECT p.id FROM pricewatch_offices p, m WHERE p.iata_code = m.iata_code
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_locations ml
           WHERE ml.id = m.merchant_location_id AND p.location_id = ml.mapped_id
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_suppliers s, pricewatch_suppliers ps
           WHERE m.latitude IS NULL AND s.id = m.merchant_supplier_id AND ps.id = p.supplier_id
             AND (s.mapped_id = ps.id OR upper(s.external_code) = ps.code)
    UNION SELECT m.mapped_id FROM m WHERE m.mapped_id IS NOT NULL
  ),
  -- Nothing near, at its airport or at its place: rather than an empty list, the 20 offices most
  -- likely, its supplier's first, then the nearest, then the most alike by name.
  pool AS (
    SELECT id FROM near
    UNION ALL
    (SELECT p.id FROM pricewatch_offices p, m
      WHERE p.enabled AND NOT EXISTS (SELECT 1 FROM near)
      ORDER BY map_same_supplier(m.merchant_supplier_id, p.supplier_id) DESC,
               coalesce((p.latitude - m.latitude) ^ 2 + (p.longitude - m.longitude) ^ 2, 1e9),
               similarity(map_fold(p.name), m.f) DESC, p.id
      LIMIT 20)
  ),
  scored AS (
    SELECT p.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, m.id AS merchant_id,
           map_office_score(m.f, x.f, x.same_supplier, m.iata_code, p.iata_code, x.km) AS score,
           concat_ws(' · ', CASE WHEN x.same_supplier THEN 'same supplier' END,
                     CASE WHEN m.iata_code = p.iata_code THEN 'code ' || p.iata_code END,
                     'name ' || round(100 * map_similar(m.f, x.f)) || '%',
                     CASE WHEN x.km IS NOT NULL THEN round(x.km::numeric, 1) || ' km' END) AS evidence
      FROM pool JOIN pricewatch_offices p USING (id) CROSS JOIN m
      CROSS JOIN LATERAL (SELECT map_fold(p.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km,
                                 map_same_supplier(m.merchant_supplier_id, p.supplier_id) AS same_supplier) x
     WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, ps.code, concat_ws(' · ', ps.name, l.name, replace(s.office_type, '_', ' ')),
         round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id, s.evidence
    FROM scored s
    JOIN pricewatch_suppliers ps ON ps.id = s.supplier_id
    JOIN pricewatch_locations l ON l.id = s.location_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

-- Down Migration
DROP FUNCTION map_location_candidates(integer);
DROP FUNCTION map_location_probability;
DROP TABLE map_location_confidence;
ALTER TYPE map_candidate DROP ATTRIBUTE evidence;
-- The candidate functions as 1700000009800_mapping.sql made them.
CREATE FUNCTION map_location_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT ml.*, map_fold(ml.name) AS f FROM merchant_locations ml WHERE ml.id = _id),
  country AS (SELECT c.id FROM pricewatch_locations c, m
               WHERE c.location_type_id = 2 AND c.code = m.country_code),
  pool AS (
    SELECT p.id FROM pricewatch_locations p, m
     WHERE p.location_type_id = map_location_type(m.location_kind)
       AND (p.country_id IN (SELECT id FROM country) OR p.id IN (SELECT id FROM country)
            OR (NOT EXISTS (SELECT 1 FROM country) AND map_fold(p.name) % m.f))
    UNION SELECT p.id FROM pricewatch_locations p, m WHERE p.iata_code = m.iata_code
    UNION SELECT m.mapped_id FROM m WHERE m.mapped_id IS NOT NULL
  ),
  scored AS (
    SELECT p.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, m.id AS merchant_id,
           map_location_score(m.f, x.f, m.iata_code, p.iata_code, x.km) AS score
      FROM pool JOIN pricewatch_locations p USING (id) CROSS JOIN m
      CROSS JOIN LATERAL (SELECT map_fold(p.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x
     WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, s.code, concat_ws(' · ', lt.name, co.name, s.iata_code),
         round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id
    FROM scored s
    JOIN location_types lt ON lt.id = s.location_type_id
    LEFT JOIN pricewatch_locations co ON co.id = s.country_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

CREATE OR REPLACE FUNCTION map_coded_candidates(_kind text, _id integer)
RETURNS SETOF map_candidate LANGUAGE plpgsql STABLE ROWS 200 AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
           id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id
      FROM (SELECT p.id, p.name, p.code, %3$s AS detail, p.enabled, m.id AS merchant_id,
                   m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                   map_coded_score(m.f, m.external_code, map_fold(p.name), p.code) AS score
              FROM (SELECT t.*, map_fold(t.name) AS f FROM %1$I t WHERE t.id = $1) m, %2$I p
             WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
     ORDER BY mapped DESC, score DESC, id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table, k.detail_sql)
    USING _id;
END $f$;

CREATE OR REPLACE FUNCTION map_car_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT row_number() OVER (ORDER BY mapped DESC, score DESC, id)::integer,
         id, name, code, detail, NULL::numeric, round(100 * score)::integer, mapped, enabled, merchant_id, id
    FROM (SELECT p.id, p.name, c.code, concat_ws(' · ', c.name, p.seats || ' seats') AS detail, p.enabled,
                 m.id AS merchant_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                 map_car_score(m.f, map_fold(p.name), m.car_class_code, c.code, m.seats, p.seats) AS score
            FROM (SELECT t.*, map_fold(t.name) AS f FROM merchant_cars t WHERE t.id = _id) m,
                 pricewatch_cars p JOIN pricewatch_car_classes c ON c.id = p.car_class_id
           WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id) s
   ORDER BY mapped DESC, score DESC, id
   LIMIT 200
$$;

CREATE OR REPLACE FUNCTION map_office_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH m AS (SELECT mo.*, map_fold(mo.name) AS f FROM merchant_offices mo WHERE mo.id = _id),
  pool AS (
    SELECT p.id FROM pricewatch_offices p, m
     WHERE point(p.longitude::float8, p.latitude::float8)
           <@ box(point(m.longitude::float8 - 0.08, m.latitude::float8 - 0.05),
                  point(m.longitude::float8 + 0.08, m.latitude::float8 + 0.05))
    UNION SELECT p.id FROM pricewatch_offices p, m WHERE p.iata_code = m.iata_code
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_locations ml
           WHERE ml.id = m.merchant_location_id AND p.location_id = ml.mapped_id
    UNION SELECT p.id FROM pricewatch_offices p, m, merchant_suppliers s, pricewatch_suppliers ps
           WHERE m.latitude IS NULL AND s.id = m.merchant_supplier_id AND ps.id = p.supplier_id
             AND (s.mapped_id = ps.id OR upper(s.external_code) = ps.code)
    UNION SELECT m.mapped_id FROM m WHERE m.mapped_id IS NOT NULL
  ),
  scored AS (
    SELECT p.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, m.id AS merchant_id,
           map_office_score(m.f, x.f, map_same_supplier(m.merchant_supplier_id, p.supplier_id),
                            m.iata_code, p.iata_code, x.km) AS score
      FROM pool JOIN pricewatch_offices p USING (id) CROSS JOIN m
      CROSS JOIN LATERAL (SELECT map_fold(p.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x
     WHERE p.enabled OR m.mapped_id IS NOT DISTINCT FROM p.id
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, s.name, ps.code, concat_ws(' · ', ps.name, l.name, replace(s.office_type, '_', ' ')),
         round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.enabled, s.merchant_id, s.id
    FROM scored s
    JOIN pricewatch_suppliers ps ON ps.id = s.supplier_id
    JOIN pricewatch_locations l ON l.id = s.location_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;
