-- Up Migration
-- Mapping merchant records onto the price-watch catalogue (docs/adr/0013-mapping.md).
--
-- For each of the seven kinds (location, supplier, car class, car, option, included item, office):
--   map_{kind}_score(m, p)       how likely merchant record m is price-watch record p, 0 to 1;
--   map_{kind}_candidates(id)    the map list of merchant record id: price-watch records, best first;
--   map_{kind}_merchants(id)     the map list of price-watch record id: merchant records, best first;
--   bm_map_{kind}(...)           map, unmap, blacklist (ignore) or disable, with its confirmation round.
-- A map list holds its current mapping first, then at most 200 records by score, numbered in that
-- order (rank), which is the list's order unless the user sorts otherwise. Blacklisted and
-- disabled merchant records, and disabled price-watch records, leave the candidates (a current
-- mapping stays). Every change is recorded in merchant_map_history with who and when.
CREATE EXTENSION IF NOT EXISTS unaccent;

-- A name as the comparison sees it: lower case, no accents, no "(MAD)", and without the words
-- feeds add around a name in their languages ("Aeropuerto de", "Intl", "Hbf", "or similar").
-- Words are dropped by list, not by one regular expression: that is eight times faster.
CREATE FUNCTION map_fold(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT array_to_string(array(
    SELECT w FROM regexp_split_to_table(
      regexp_replace(lower(public.unaccent('public.unaccent'::regdictionary, coalesce($1, ''))),
                     '\([a-z0-9]{3}\)', ' ', 'g'),
      '[^a-z0-9]+') AS w
     WHERE w <> '' AND w <> ALL ('{intl,international,airport,apt,aeropuerto,flughafen,aeroport,aeroporto,centro,downtown,city,centre,center,ville,stadtmitte,central,station,railway,rail,hbf,bahnhof,estacion,gare,stazione,de,di,del,la,le,or,similar,rent,a,car,rental}'::text[])), ' ')
$$;

-- Great-circle distance in km; NULL when either side lacks coordinates.
CREATE FUNCTION map_km(lat1 numeric, lon1 numeric, lat2 numeric, lon2 numeric)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN lat1 IS NULL OR lon1 IS NULL OR lat2 IS NULL OR lon2 IS NULL THEN NULL ELSE
    2 * 6371 * asin(least(1, sqrt(
      power(sin(radians(lat2 - lat1) / 2), 2)
      + cos(radians(lat1)) * cos(radians(lat2)) * power(sin(radians(lon2 - lon1) / 2), 2)))) END
$$;

-- How alike two folded names are, 0 to 1: trigram similarity, and how much of the shorter one the
-- longer contains ("munich" in "munich franz josef strauss").
CREATE FUNCTION map_similar(fa text, fb text) RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (2 * similarity(fa, fb) + greatest(word_similarity(fa, fb), word_similarity(fb, fa))) / 3
$$;

-- The price-watch location type a merchant's kind names.
CREATE FUNCTION map_location_type(kind text) RETURNS smallint LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE kind WHEN 'Region' THEN 8 WHEN 'Country' THEN 2 WHEN 'City' THEN 4
                   WHEN 'Airport' THEN 5 WHEN 'Train station' THEN 6 END::smallint
$$;

CREATE INDEX pricewatch_locations_fold_trgm ON pricewatch_locations USING gin (map_fold(name) gin_trgm_ops);
CREATE INDEX pricewatch_locations_iata_idx ON pricewatch_locations (iata_code) WHERE iata_code IS NOT NULL;
CREATE INDEX pricewatch_offices_point_idx ON pricewatch_offices USING gist (point(longitude::float8, latitude::float8));
CREATE INDEX pricewatch_offices_iata_idx ON pricewatch_offices (iata_code) WHERE iata_code IS NOT NULL;
CREATE INDEX merchant_locations_place_idx ON merchant_locations (country_code, location_kind);
CREATE INDEX merchant_locations_iata_idx ON merchant_locations (iata_code) WHERE iata_code IS NOT NULL;
CREATE INDEX merchant_offices_point_idx ON merchant_offices USING gist (point(longitude::float8, latitude::float8));
CREATE INDEX merchant_offices_iata_idx ON merchant_offices (iata_code) WHERE iata_code IS NOT NULL;
CREATE INDEX merchant_locations_mapped_idx ON merchant_locations (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_suppliers_mapped_idx ON merchant_suppliers (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_car_classes_mapped_idx ON merchant_car_classes (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_cars_mapped_idx ON merchant_cars (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_options_mapped_idx ON merchant_options (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_included_items_mapped_idx ON merchant_included_items (mapped_id) WHERE mapped_id IS NOT NULL;
CREATE INDEX merchant_offices_mapped_idx ON merchant_offices (mapped_id) WHERE mapped_id IS NOT NULL;

-- Who mapped, unmapped, blacklisted or disabled which merchant record, and when.
CREATE TABLE merchant_map_history (
  id bigserial PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('location', 'supplier', 'car_class', 'car', 'option', 'included_item', 'office', 'reservation')),
  merchant_record_id integer NOT NULL,
  action text NOT NULL CHECK (action IN ('map', 'replace', 'unmap', 'ignore', 'disable')),
  pricewatch_id integer,
  previous_pricewatch_id integer,
  note text CHECK (note IS NULL OR length(note) <= 1000),
  changed_by text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX merchant_map_history_record_idx ON merchant_map_history (kind, merchant_record_id, changed_at DESC);

-- The kinds: which tables each maps between, and how its records are named in messages.
CREATE TABLE map_kinds (
  kind text PRIMARY KEY,
  merchant_table text NOT NULL,
  pricewatch_table text NOT NULL,
  label text NOT NULL,
  -- What a candidate's detail column shows (SQL over the price-watch record p), for the kinds
  -- whose map lists are generic.
  detail_sql text,
  -- How the mapped record is named in messages, the column holding its mapping, and whether it
  -- keeps who changed it last (updated_by/updated_at).
  name_sql text NOT NULL DEFAULT 'name',
  mapped_column text NOT NULL DEFAULT 'mapped_id',
  audited boolean NOT NULL DEFAULT true
);
INSERT INTO map_kinds (kind, merchant_table, pricewatch_table, label, detail_sql) VALUES
  ('location', 'merchant_locations', 'pricewatch_locations', 'location', NULL),
  ('supplier', 'merchant_suppliers', 'pricewatch_suppliers', 'supplier', 'p.website'),
  ('car_class', 'merchant_car_classes', 'pricewatch_car_classes', 'car class',
   $$concat_ws(' · ', p.category, p.vehicle_type, p.transmission)$$),
  ('car', 'merchant_cars', 'pricewatch_cars', 'car', NULL),
  ('option', 'merchant_options', 'pricewatch_options', 'option', 'p.category'),
  ('included_item', 'merchant_included_items', 'pricewatch_included_items', 'included item', 'p.description'),
  ('office', 'merchant_offices', 'pricewatch_offices', 'office', NULL);
-- A reservation's pick-up place as the merchant wrote it, mapped onto a price-watch location.
INSERT INTO map_kinds VALUES ('reservation', 'reservations', 'pricewatch_locations', 'reservation', NULL,
  $$reservation_number || ' · ' || pickup_location$$, 'pickup_pricewatch_id', false);
ALTER TABLE reservations
  ADD COLUMN pickup_pricewatch_id integer REFERENCES pricewatch_locations (id),
  ADD COLUMN map_status text NOT NULL DEFAULT 'unmapped'
    CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  ADD COLUMN map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  ADD CONSTRAINT reservations_pickup_pricewatch_id_check
    CHECK ((map_status = 'mapped') = (pickup_pricewatch_id IS NOT NULL));

-- A merchant record's mapping history, newest first, as its view page shows it.
CREATE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  EXECUTE format($q$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'when', h.changed_at, 'by', h.changed_by,
             'action', CASE h.action WHEN 'map' THEN 'Mapped' WHEN 'replace' THEN 'Mapping replaced'
                         WHEN 'unmap' THEN 'Unmapped' WHEN 'ignore' THEN 'Added to blacklist'
                         ELSE 'Disabled' END,
             'to', t.name, 'from', f.name, 'note', h.note)
           ORDER BY h.changed_at DESC, h.id DESC), '[]'::jsonb)
      FROM merchant_map_history h
      LEFT JOIN %1$I t ON t.id = h.pricewatch_id
      LEFT JOIN %1$I f ON f.id = h.previous_pricewatch_id
     WHERE h.kind = $1 AND h.merchant_record_id = $2 $q$,
    (SELECT pricewatch_table FROM map_kinds WHERE kind = _kind))
    INTO result USING _kind, _id;
  RETURN result;
END $$;

--------------------------------------------------------------------------------------------------
-- Scores. Each is the share of the evidence available for the pair that agrees: names always;
-- codes, IATA codes and coordinates only when both sides have them. Names come in folded.

CREATE FUNCTION map_location_score(fa text, fb text, iata_a text, iata_b text, km double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * map_similar(fa, fb)
          + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN 3 * (iata_a = iata_b)::int ELSE 0 END
          + CASE WHEN km IS NULL THEN 0 ELSE greatest(0, 1 - km / 100) END)
         / (3 + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN 3 ELSE 0 END
              + CASE WHEN km IS NULL THEN 0 ELSE 1 END)
$$;

-- A feed's code for a code-keyed record: its own code, or the last part of "OPT-INS".
CREATE FUNCTION map_code_of(external_code text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT upper(regexp_replace(external_code, '^.*[-_ ]', ''))
$$;

-- Suppliers, car classes, options and included items: the code (the feed's, or a name that is the
-- code, as "CDMR") counts twice the name.
CREATE FUNCTION map_coded_score(fa text, code_a text, fb text, code_b text)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (map_similar(fa, fb) + 2 * (map_code_of(code_a) = upper(code_b) OR fa = lower(code_b))::int) / 3
$$;

CREATE FUNCTION map_car_score(fa text, fb text, class_a text, class_b text, seats_a smallint, seats_b smallint)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * map_similar(fa, fb)
          + CASE WHEN class_a IS NULL THEN 0 ELSE (upper(class_a) = class_b)::int END
          + CASE WHEN seats_a IS NULL OR seats_b IS NULL THEN 0 ELSE 0.5 * (seats_a = seats_b)::int END)
         / (3 + CASE WHEN class_a IS NULL THEN 0 ELSE 1 END
              + CASE WHEN seats_a IS NULL OR seats_b IS NULL THEN 0 ELSE 0.5 END)
$$;

-- An office: the same supplier (by the feed's supplier code or its mapping), the same place
-- (coordinates within a few hundred metres, or the same airport), and a similar name.
CREATE FUNCTION map_office_score(fa text, fb text, same_supplier boolean, iata_a text, iata_b text,
                                 km double precision)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * same_supplier::int
          + map_similar(fa, fb)
          + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN (iata_a = iata_b)::int ELSE 0 END
          + CASE WHEN km IS NULL THEN 0 ELSE 3 * greatest(0, 1 - km / 2) END)
         / (4 + CASE WHEN iata_a IS NOT NULL AND iata_b IS NOT NULL THEN 1 ELSE 0 END
              + CASE WHEN km IS NULL THEN 0 ELSE 3 END)
$$;

-- Whether a merchant office's supplier is a price-watch supplier: its mapping, or while it has
-- none, the same supplier code.
CREATE FUNCTION map_same_supplier(merchant_supplier_id integer, supplier_id integer) RETURNS boolean
LANGUAGE sql STABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT s.mapped_id = ps.id OR (s.mapped_id IS NULL AND upper(s.external_code) = ps.code)
                     FROM merchant_suppliers s, pricewatch_suppliers ps
                    WHERE s.id = merchant_supplier_id AND ps.id = supplier_id), false)
$$;

--------------------------------------------------------------------------------------------------
-- The rows of a map list: of a merchant record (price-watch candidates), and of a price-watch
-- record (merchant records).
CREATE TYPE map_candidate AS (rank integer, id integer, name text, code text, detail text,
  "distanceKm" numeric, match integer, "isMapped" boolean, enabled boolean, "merchantRecordId" integer,
  "pricewatchId" integer);
CREATE TYPE map_merchant_row AS (rank integer, id integer, "merchantName" text, "externalCode" text,
  name text, detail text, "mapStatus" text, "mappedName" text, "distanceKm" numeric, match integer,
  "isMapped" boolean, "merchantRecordId" integer, "pricewatchId" integer);

-- Map lists of a merchant record: price-watch candidates. Each names the merchant record (m,
-- with its folded name f), gathers a pool of price-watch ids worth scoring, scores each once and
-- keeps the current mapping and the 200 best.

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





-- Suppliers, car classes, options and included items: small tables, every record scored, the
-- kind's tables and detail from map_kinds.
CREATE FUNCTION map_coded_candidates(_kind text, _id integer)
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

CREATE FUNCTION map_coded_merchants(_kind text, _id integer)
RETURNS SETOF map_merchant_row LANGUAGE plpgsql STABLE ROWS 200 AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
           s.id, mc.name, s.external_code, s.name, NULL::text, s.map_status, mp.name, NULL::numeric,
           round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
      FROM (SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                   map_coded_score(map_fold(m.name), m.external_code, p.f, p.code) AS score
              FROM (SELECT t.*, map_fold(t.name) AS f FROM %2$I t WHERE t.id = $1) p, %1$I m
             WHERE m.map_status NOT IN ('blacklisted', 'disabled')) s
      JOIN merchants mc ON mc.id = s.merchant_id
      LEFT JOIN %2$I mp ON mp.id = s.mapped_id
     ORDER BY s.mapped DESC, s.score DESC, s.id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table)
    USING _id;
END $f$;

CREATE FUNCTION map_supplier_candidates(_id integer) RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_candidates('supplier', _id) $$;
CREATE FUNCTION map_supplier_merchants(_id integer) RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_merchants('supplier', _id) $$;

CREATE FUNCTION map_car_class_candidates(_id integer) RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_candidates('car_class', _id) $$;
CREATE FUNCTION map_car_class_merchants(_id integer) RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_merchants('car_class', _id) $$;

CREATE FUNCTION map_option_candidates(_id integer) RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_candidates('option', _id) $$;
CREATE FUNCTION map_option_merchants(_id integer) RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_merchants('option', _id) $$;

CREATE FUNCTION map_included_item_candidates(_id integer) RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_candidates('included_item', _id) $$;
CREATE FUNCTION map_included_item_merchants(_id integer) RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200
AS $$ SELECT * FROM map_coded_merchants('included_item', _id) $$;

CREATE FUNCTION map_car_candidates(_id integer)
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

-- Offices near the merchant office (about 5 km; the score counts nothing past 2 km), at its airport, or at the price-watch place its
-- location maps to; with no coordinates, every office of its supplier.
CREATE FUNCTION map_office_candidates(_id integer)
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

-- A reservation's pick-up place: price-watch cities, airports and train stations, by the IATA code
-- in its text ("Madrid Barajas (MAD)") and by name.
CREATE FUNCTION map_reservation_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  WITH r AS (SELECT rs.id, rs.pickup_pricewatch_id AS mapped_id, map_fold(rs.pickup_location) AS f,
                    upper(substring(rs.pickup_location FROM '\(([A-Za-z]{3})\)')) AS iata
               FROM reservations rs WHERE rs.id = _id),
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

--------------------------------------------------------------------------------------------------
-- Map lists of a price-watch record: the merchant records that are it, or may be. Blacklisted and
-- disabled merchant records are not offered.

CREATE FUNCTION map_location_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 AS $$
  WITH p AS (SELECT pl.*, map_fold(pl.name) AS f FROM pricewatch_locations pl WHERE pl.id = _id),
  pool AS (
    SELECT m.id FROM merchant_locations m, p, pricewatch_locations c
     WHERE c.id = coalesce(p.country_id, CASE WHEN p.location_type_id = 2 THEN p.id END)
       AND m.country_code = c.code AND map_location_type(m.location_kind) = p.location_type_id
    UNION SELECT m.id FROM merchant_locations m, p WHERE m.iata_code = p.iata_code
    UNION SELECT m.id FROM merchant_locations m, p
           WHERE p.country_id IS NULL AND p.location_type_id <> 2
             AND map_location_type(m.location_kind) = p.location_type_id
    UNION SELECT m.id FROM merchant_locations m WHERE m.mapped_id = _id
  ),
  scored AS (
    SELECT m.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, p.id AS pricewatch_id,
           map_location_score(x.f, p.f, m.iata_code, p.iata_code, x.km) AS score
      FROM pool JOIN merchant_locations m USING (id) CROSS JOIN p
      CROSS JOIN LATERAL (SELECT map_fold(m.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x
     WHERE m.map_status NOT IN ('blacklisted', 'disabled')
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.location_kind, s.country_code, s.iata_code),
         s.map_status, mp.name, round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.id,
         s.pricewatch_id
    FROM scored s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_locations mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;





CREATE FUNCTION map_car_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.car_class_code, s.seats || ' seats'),
         s.map_status, mp.name, NULL::numeric, round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
    FROM (SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
                 map_car_score(map_fold(m.name), p.f, m.car_class_code, p.class_code, m.seats, p.seats) AS score
            FROM (SELECT t.*, map_fold(t.name) AS f, c.code AS class_code
                    FROM pricewatch_cars t JOIN pricewatch_car_classes c ON c.id = t.car_class_id
                   WHERE t.id = _id) p,
                 merchant_cars m
           WHERE m.map_status NOT IN ('blacklisted', 'disabled')) s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_cars mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

CREATE FUNCTION map_office_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 AS $$
  WITH p AS (SELECT po.*, map_fold(po.name) AS f FROM pricewatch_offices po WHERE po.id = _id),
  pool AS (
    SELECT m.id FROM merchant_offices m, p
     WHERE point(m.longitude::float8, m.latitude::float8)
           <@ box(point(p.longitude::float8 - 0.08, p.latitude::float8 - 0.05),
                  point(p.longitude::float8 + 0.08, p.latitude::float8 + 0.05))
    -- At its airport, only the supplier's own desks: an airport has hundreds from every feed.
    UNION SELECT m.id FROM merchant_offices m, p, merchant_suppliers s, pricewatch_suppliers ps
           WHERE m.iata_code = p.iata_code AND s.id = m.merchant_supplier_id AND ps.id = p.supplier_id
             AND (s.mapped_id = ps.id OR upper(s.external_code) = ps.code)
    UNION SELECT m.id FROM merchant_offices m WHERE m.mapped_id = _id
  ),
  scored AS (
    SELECT m.*, x.km, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, p.id AS pricewatch_id,
           map_office_score(x.f, p.f, map_same_supplier(m.merchant_supplier_id, p.supplier_id),
                            m.iata_code, p.iata_code, x.km) AS score
      FROM pool JOIN merchant_offices m USING (id) CROSS JOIN p
      CROSS JOIN LATERAL (SELECT map_fold(m.name) AS f,
                                 map_km(m.latitude, m.longitude, p.latitude, p.longitude) AS km) x
     WHERE m.map_status NOT IN ('blacklisted', 'disabled')
  )
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', ms.name, s.office_kind, s.iata_code),
         s.map_status, mp.name, round(s.km::numeric, 1), round(100 * s.score)::integer, s.mapped, s.id,
         s.pricewatch_id
    FROM scored s
    JOIN merchants mc ON mc.id = s.merchant_id
    JOIN merchant_suppliers ms ON ms.id = s.merchant_supplier_id
    LEFT JOIN pricewatch_offices mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

--------------------------------------------------------------------------------------------------
-- Map, unmap, blacklist and disable. Answers jsonb:
--   {"status": "done"}                           no dialog: back to the list
--   {"status": "done", "actionType": "success", messageTitle, messageContent}
--   {"status": "confirm", "actionType": "replace:57" | "restore:blacklisted" | …, messageTitle, messageContent}
--   {"status": "error", "actionType": "error", messageTitle, messageContent}
--   {"status": "notfound" | "invalid", "field": "merchantRecordId" | "pricewatchId", "message": …}
-- A confirmation's actionType names the state the user was shown (the mapping to replace), so a
-- confirmed replace never overwrites a mapping someone else made meanwhile: that asks again.
-- A merchant record's new mapping state, kept with who set it where the table records that.
CREATE FUNCTION map_set(k map_kinds, _id integer, _status text, _mapped integer, _note text, _by text)
RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  EXECUTE format('UPDATE %I SET map_status = $2, %I = $3, map_note = $4, row_version = row_version + 1%s WHERE id = $1',
                 k.merchant_table, k.mapped_column,
                 CASE WHEN k.audited THEN ', updated_by = $5, updated_at = now()' ELSE '' END)
    USING _id, _status, _mapped, _note, _by;
END $$;

CREATE FUNCTION bm_map_action(_kind text, _action text, _merchant_id integer, _pricewatch_id integer,
                              _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
  rec record;
  target record;
  current_name text;
  expected text;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  IF NOT FOUND THEN RAISE EXCEPTION 'Unknown map kind %', _kind; END IF;
  -- Cast to one shape for every kind (a reservation's id is a bigint): a session's later call for
  -- another kind must find the record's fields of the types it planned with.
  EXECUTE format('SELECT id::integer AS id, (%s)::text AS name, map_status, %I::integer AS mapped_id
                    FROM %I WHERE id = $1 FOR UPDATE',
                 k.name_sql, k.mapped_column, k.merchant_table)
     INTO rec USING _merchant_id;
  IF rec.id IS NULL THEN
    RETURN jsonb_build_object('status', 'notfound', 'field', 'merchantRecordId',
      'message', format('Merchant %s %s does not exist', k.label, _merchant_id));
  END IF;

  IF _action IN ('ignore', 'disable') THEN
    IF rec.map_status = (CASE _action WHEN 'ignore' THEN 'blacklisted' ELSE 'disabled' END) THEN
      RETURN jsonb_build_object('status', 'error', 'actionType', 'error',
        'messageTitle', CASE _action WHEN 'ignore' THEN 'Already blacklisted' ELSE 'Already disabled' END,
        'messageContent', format('“%s” is already %s.', rec.name,
          CASE _action WHEN 'ignore' THEN 'on the blacklist' ELSE 'disabled' END));
    END IF;
    PERFORM map_set(k, _merchant_id, CASE _action WHEN 'ignore' THEN 'blacklisted' ELSE 'disabled' END, NULL, _note, _by);
    INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, note, changed_by)
    VALUES (_kind, _merchant_id, _action, rec.mapped_id, _note, _by);
    RETURN jsonb_build_object('status', 'done', 'messageContent',
      format(CASE _action WHEN 'ignore' THEN '“%s” was added to the blacklist.' ELSE '“%s” was disabled.' END, rec.name));
  END IF;

  EXECUTE format('SELECT id, name, enabled FROM %I WHERE id = $1', k.pricewatch_table)
     INTO target USING _pricewatch_id;
  IF target.id IS NULL THEN
    RETURN jsonb_build_object('status', 'notfound', 'field', 'pricewatchId',
      'message', format('Price-watch %s %s does not exist', k.label, _pricewatch_id));
  END IF;
  -- A merchant airport is a price-watch airport, never a city or a country.
  IF _kind = 'location' AND (SELECT map_location_type(m.location_kind) FROM merchant_locations m WHERE m.id = _merchant_id)
       IS DISTINCT FROM (SELECT p.location_type_id FROM pricewatch_locations p WHERE p.id = _pricewatch_id) THEN
    RETURN jsonb_build_object('status', 'invalid', 'field', 'pricewatchId',
      'message', format('“%s” is another kind of place than “%s”', target.name, rec.name));
  END IF;

  IF _action = 'unmap' THEN
    IF rec.map_status IS DISTINCT FROM 'mapped' OR rec.mapped_id IS DISTINCT FROM _pricewatch_id THEN
      RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Not mapped',
        'messageContent', format('“%s” is not mapped to “%s”.', rec.name, target.name));
    END IF;
    PERFORM map_set(k, _merchant_id, 'unmapped', NULL, NULL, _by);
    INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, changed_by)
    VALUES (_kind, _merchant_id, 'unmap', _pricewatch_id, _by);
    RETURN jsonb_build_object('status', 'done');
  END IF;

  IF _action <> 'map' THEN RAISE EXCEPTION 'Unknown map action %', _action; END IF;
  IF rec.map_status = 'mapped' AND rec.mapped_id = _pricewatch_id THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Already mapped',
      'messageContent', format('“%s” is already mapped to “%s”.', rec.name, target.name));
  END IF;
  IF NOT target.enabled THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Disabled',
      'messageContent', format('“%s” is disabled in price-watch: enable it before mapping onto it.', target.name));
  END IF;
  expected := CASE rec.map_status WHEN 'mapped' THEN 'replace:' || rec.mapped_id
                                  WHEN 'blacklisted' THEN 'restore:blacklisted'
                                  WHEN 'disabled' THEN 'restore:disabled' END;
  IF rec.map_status = 'mapped' THEN
    EXECUTE format('SELECT name FROM %I WHERE id = $1', k.pricewatch_table) INTO current_name USING rec.mapped_id;
  END IF;
  IF expected IS NOT NULL AND _confirm IS DISTINCT FROM expected THEN
    IF rec.map_status = 'mapped' THEN
      RETURN jsonb_build_object('status', 'confirm', 'actionType', expected, 'messageTitle', 'Replace the mapping?',
        'messageContent', format('“%s” is mapped to “%s”. Map it to “%s” instead?', rec.name, current_name, target.name));
    END IF;
    RETURN jsonb_build_object('status', 'confirm', 'actionType', expected,
      'messageTitle', CASE rec.map_status WHEN 'blacklisted' THEN 'Map a blacklisted record?' ELSE 'Map a disabled record?' END,
      'messageContent', format('“%s” is %s. Map it to “%s” anyway?', rec.name,
        CASE rec.map_status WHEN 'blacklisted' THEN 'on the blacklist' ELSE 'disabled' END, target.name));
  END IF;
  PERFORM map_set(k, _merchant_id, 'mapped', _pricewatch_id, NULL, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, previous_pricewatch_id, changed_by)
  VALUES (_kind, _merchant_id, CASE WHEN rec.map_status = 'mapped' THEN 'replace' ELSE 'map' END,
          _pricewatch_id, rec.mapped_id, _by);
  IF rec.map_status = 'mapped' THEN
    RETURN jsonb_build_object('status', 'done', 'actionType', 'success', 'messageTitle', 'Mapping replaced',
      'messageContent', format('“%s” now maps to “%s” instead of “%s”.', rec.name, target.name, current_name));
  END IF;
  RETURN jsonb_build_object('status', 'done');
END $$;

-- The procedure each kind's map list names (its storeProcedure); the server runs only the one
-- registered for the list it was called on.
CREATE FUNCTION bm_map_location(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('location', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_supplier(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('supplier', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_car_class(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('car_class', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_car(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('car', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_option(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('option', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_included_item(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('included_item', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_office(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('office', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_reservation(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('reservation', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;

-- Down Migration
DROP FUNCTION bm_map_location, bm_map_supplier, bm_map_car_class, bm_map_car, bm_map_option,
  bm_map_included_item, bm_map_office, bm_map_reservation, bm_map_action, map_set, map_reservation_candidates,
  map_location_candidates, map_supplier_candidates, map_car_class_candidates, map_car_candidates,
  map_option_candidates, map_included_item_candidates, map_office_candidates,
  map_location_merchants, map_supplier_merchants, map_car_class_merchants, map_car_merchants,
  map_option_merchants, map_included_item_merchants, map_office_merchants,
  map_coded_candidates, map_coded_merchants,
  map_same_supplier, map_office_score, map_car_score, map_coded_score, map_code_of,
  map_location_score;
-- The merchant areas' record views read the history; they are generated again at the next start.
DROP FUNCTION map_history_json CASCADE;
DELETE FROM area_sql WHERE name LIKE 'v\_merchant%';
DROP TABLE map_kinds, merchant_map_history;
ALTER TABLE reservations DROP COLUMN pickup_pricewatch_id, DROP COLUMN map_status, DROP COLUMN map_note;
DROP TYPE map_candidate, map_merchant_row;
DROP INDEX pricewatch_locations_fold_trgm, pricewatch_locations_iata_idx, pricewatch_offices_point_idx,
  pricewatch_offices_iata_idx, merchant_locations_place_idx, merchant_locations_iata_idx,
  merchant_offices_point_idx, merchant_offices_iata_idx, merchant_locations_mapped_idx,
  merchant_suppliers_mapped_idx, merchant_car_classes_mapped_idx, merchant_cars_mapped_idx,
  merchant_options_mapped_idx, merchant_included_items_mapped_idx, merchant_offices_mapped_idx;
DROP FUNCTION map_location_type, map_similar, map_km, map_fold;
