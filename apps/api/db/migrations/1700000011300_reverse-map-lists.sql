-- Up Migration
-- The price-watch side's map lists (a price-watch record → the merchant records that may be it)
-- show the merchant side's number (docs/adr/0013-mapping.md, "The price-watch side's lists").
--
-- Until now they scored a pair in a way of their own: locations and offices by the folded whole
-- names (map_fold, map_similar: "Belfast City Airport" tied with Belfast International, both
-- folded to "belfast"), suppliers, car classes, cars, options and included items by a word score
-- without the calibration. So one pair showed two Match % on its two screens, and the
-- price-watch record's list was in another order than the merchant records' own lists. Now each
-- list finds a short list of merchant records through indexes, then reads, for each of them, the
-- row the price-watch record has on that merchant record's own map list (map_{kind}_candidates):
-- its Match % is that row's, the same ranker, features and calibration, and so is its distance.
-- The list orders by Match %, then by the price-watch record's place on the merchant record's list
-- (first there before second there), then by id; the records mapped to it first, as before.
-- A merchant record whose own list does not hold the price-watch record (a disabled record, a
-- place of another country or kind, past its 200 candidates) is not on the price-watch record's
-- list either: the two screens agree on who is a candidate of whom.
--
-- Cost: a merchant record's own list takes 2–4 ms for the small kinds and offices and 10–30 ms
-- for a location (it ranks its country's places), so a list scores a short list: the records
-- mapped to it and at most 40 locations or 60 of another kind more, chosen by what is cheap to
-- read (the same code, then a cheap likeness), never every merchant record of a country or kind.

-- Words are found through the merchant tables' name trigram indexes. Written through (no pending
-- list): a feed's bulk load otherwise leaves thousands of entries that every search reads one by
-- one until the next vacuum (a search went from 0.1 ms to 5 ms on the tests' demo), and the
-- planner then prefers reading the whole table.
ALTER INDEX merchant_locations_name_trgm SET (fastupdate = off);
SELECT gin_clean_pending_list('merchant_locations_name_trgm'::regclass);
CREATE INDEX merchant_suppliers_name_trgm ON merchant_suppliers USING gin (name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX merchant_car_classes_name_trgm ON merchant_car_classes USING gin (name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX merchant_cars_name_trgm ON merchant_cars USING gin (name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX merchant_options_name_trgm ON merchant_options USING gin (name gin_trgm_ops) WITH (fastupdate = off);
CREATE INDEX merchant_included_items_name_trgm ON merchant_included_items USING gin (name gin_trgm_ops) WITH (fastupdate = off);
-- A feed code that is the record's code ("OPT-INS" for INS) finds its merchant records by index.
CREATE INDEX merchant_suppliers_code_of_idx ON merchant_suppliers (map_code_of(external_code));
CREATE INDEX merchant_car_classes_code_of_idx ON merchant_car_classes (map_code_of(external_code));
CREATE INDEX merchant_options_code_of_idx ON merchant_options (map_code_of(external_code));
CREATE INDEX merchant_included_items_code_of_idx ON merchant_included_items (map_code_of(external_code));

-- The merchant locations worth scoring for price-watch location _id, likeliest first: all those
-- mapped to it, then at most _limit more: of its IATA code (any kind: the merchant side's list
-- takes a place of its code whatever its kind); naming its code ("BHD Airport"); for a country,
-- the merchant countries of its code; and those of its kind, in its country or without one, whose
-- name has one of its words. Its words are those of its names, other names and keywords, its
-- city's name, the places around it and its province's name, as the ranker reads them, without
-- the words that only describe ("International", "City"): the rare ones (in at most 300 places'
-- names, as the ranker's rare tokens), else its three rarest; each found as a whole word, or for
-- five letters or more with a typo (trigram word similarity 0.6). One whose IATA code names
-- another place comes after those without one. A merchant place of another country is left out
-- unless its code says it: its own list takes a place abroad only when nothing at home has half
-- its name's weight, and then at half its name's score, too low to be offered. Each search is run
-- with its word written in (EXECUTE), so that the planner sees the pattern and uses the trigram
-- index.
CREATE FUNCTION map_location_reverse_pool(_id integer, _limit integer) RETURNS SETOF integer
LANGUAGE plpgsql STABLE SET jit = off SET pg_trgm.word_similarity_threshold = 0.6 AS $$
DECLARE
  p pricewatch_locations;
  _country text;
  _words text[];
  _rarest text[];
  _w text;
  _ids integer[];
  _coded integer[] := '{}';
  _hits integer[] := '{}';
BEGIN
  SELECT * INTO p FROM pricewatch_locations pl WHERE pl.id = _id;
  IF NOT FOUND THEN RETURN; END IF;
  _country := (SELECT c.code FROM pricewatch_locations c
                WHERE c.location_type_id = 2
                  AND c.id = coalesce(p.country_id, CASE WHEN p.location_type_id = 2 THEN p.id END));
  SELECT (array_agg(w.raw ORDER BY w.source, w.df, w.raw) FILTER (WHERE w.df <= 300))[1:12],
         (array_agg(w.raw ORDER BY w.df, w.raw))[1:3]
    INTO _words, _rarest
    FROM (SELECT l.raw, min(n.source) AS source, min(coalesce(v.df, 0)) AS df
            FROM (SELECT 0 AS source, p.name AS name, p.location_type_id AS type_id
                  UNION ALL
                  SELECT 0, o.name, p.location_type_id FROM unnest(string_to_array(p.other_names, E'\n')) AS o(name)
                  UNION ALL
                  SELECT 0, k.keyword, p.location_type_id FROM location_keywords k
                   WHERE k.location_id = p.id AND k.enabled
                  UNION ALL
                  SELECT 1, c.name, c.location_type_id FROM pricewatch_locations c WHERE c.id = p.city_id
                  UNION ALL
                  SELECT 2, o.name, NULL FROM unnest(string_to_array(p.nearby_names, E'\n')) AS o(name)
                  UNION ALL
                  SELECT 3, c.name, c.location_type_id FROM pricewatch_locations c WHERE c.id = p.province_id) n
           CROSS JOIN LATERAL map_word_list(n.name, n.type_id) l
            LEFT JOIN pricewatch_location_vocabulary v ON v.word = l.word
           WHERE length(l.raw) >= 3 AND l.raw ~ '^[a-z0-9]+$'
             AND NOT EXISTS (SELECT 1 FROM map_descriptor_words d WHERE d.word = l.word)
           GROUP BY l.raw) w;
  -- Its own names' rare words first, then its city's, the places around it, its province's.
  _words := coalesce(_words, _rarest, '{}');
  IF p.iata_code ~ '^[A-Za-z0-9]+$' THEN
    EXECUTE format('SELECT array(SELECT m.id FROM merchant_locations m WHERE m.name ~* %L)', '\m' || p.iata_code || '\M')
       INTO _coded;
  END IF;
  FOREACH _w IN ARRAY _words LOOP
    EXECUTE format('SELECT array(SELECT m.id FROM merchant_locations m WHERE m.name ~* %L
                                 UNION
                                 SELECT m.id FROM merchant_locations m WHERE length(%2$L) >= 5 AND m.name %%> %2$L)',
                   '\m' || _w || '\M', _w)
       INTO _ids;
    _hits := _hits || _ids;
  END LOOP;
  RETURN QUERY
  SELECT m.id FROM merchant_locations m
   WHERE (m.id = ANY (_hits) OR m.id = ANY (_coded) OR m.mapped_id = p.id OR m.iata_code = p.iata_code
          -- A country's merchant records name it in any language: its code says it.
          OR (p.location_type_id = 2 AND m.country_code = p.code AND m.location_kind = 'Country'))
     AND m.map_status NOT IN ('blacklisted', 'disabled')
     AND (map_location_type(m.location_kind) = p.location_type_id OR m.iata_code = p.iata_code OR m.mapped_id = p.id)
     AND (m.country_code IS NULL OR m.country_code IS NOT DISTINCT FROM _country OR m.id = ANY (_coded)
          OR m.iata_code = p.iata_code OR m.mapped_id = p.id)
   ORDER BY m.mapped_id IS NOT DISTINCT FROM p.id DESC, m.iata_code IS NOT DISTINCT FROM p.iata_code DESC,
            m.id = ANY (_coded) DESC, (m.iata_code IS NOT NULL AND p.iata_code IS NOT NULL) ASC,
            (SELECT count(*) FROM unnest(_hits) h WHERE h = m.id) DESC, m.id
   LIMIT _limit + (SELECT count(*) FROM merchant_locations m WHERE m.mapped_id = p.id);
END $$;

-- A price-watch location's merchant records: the short list above, each with the row this place
-- has on its own map list (map_location_candidates: the location ranking and its calibrated
-- confidence, map_location_confidence).
CREATE OR REPLACE FUNCTION map_location_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH s AS (
    SELECT m.*, c.rank AS own_rank, c."distanceKm" AS km, c.match, c."isMapped" AS mapped
      FROM map_location_reverse_pool(_id, 40) r(id)
      JOIN merchant_locations m ON m.id = r.id
      CROSS JOIN LATERAL (SELECT * FROM map_location_candidates(m.id) c WHERE c.id = _id) c)
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.match DESC, s.own_rank, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.location_kind, s.country_code, s.iata_code),
         s.map_status, mp.name, s.km, s.match, s.mapped, s.id, _id
    FROM s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_locations mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.match DESC, s.own_rank, s.id
   LIMIT 200
$$;

-- A price-watch office's merchant offices: found as before (within about 5 km, at its airport
-- with the same supplier, mapped to it); those mapped to it and the 60 likeliest others kept
-- (the same supplier, the nearest), each with the row this office has on its own map list
-- (map_office_candidates).
CREATE OR REPLACE FUNCTION map_office_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH p AS (SELECT po.* FROM pricewatch_offices po WHERE po.id = _id),
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
  short AS (
    SELECT m.* FROM pool JOIN merchant_offices m USING (id) CROSS JOIN p
     WHERE m.map_status NOT IN ('blacklisted', 'disabled')
     ORDER BY m.mapped_id IS NOT DISTINCT FROM p.id DESC, map_same_supplier(m.merchant_supplier_id, p.supplier_id) DESC,
              map_km(m.latitude, m.longitude, p.latitude, p.longitude) NULLS LAST, m.id
     LIMIT 60 + (SELECT count(*) FROM merchant_offices m WHERE m.mapped_id = _id)),
  s AS (
    SELECT m.*, c.rank AS own_rank, c."distanceKm" AS km, c.match, c."isMapped" AS mapped
      FROM short m CROSS JOIN LATERAL (SELECT * FROM map_office_candidates(m.id) c WHERE c.id = _id) c)
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.match DESC, s.own_rank, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', ms.name, s.office_kind, s.iata_code),
         s.map_status, mp.name, s.km, s.match, s.mapped, s.id, _id
    FROM s
    JOIN merchants mc ON mc.id = s.merchant_id
    JOIN merchant_suppliers ms ON ms.id = s.merchant_supplier_id
    LEFT JOIN pricewatch_offices mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.match DESC, s.own_rank, s.id
   LIMIT 200
$$;

-- A price-watch supplier's, car class's, option's, included item's or car's merchant records
-- (_kind 'car' too): those mapped to it, those whose feed code is its code, and those whose name
-- has one of the ways its words are written (map_kind_forms; for a class, its category's: the
-- words of its other letters, "door", "air", are in nearly every description), each form found
-- through the name's trigram index (word similarity 0.5, as map_kind_may_be). Those mapped to it
-- and the 60 likeliest others are kept (the same code, then the share of words the two names have
-- in common, map_kind_merchant_scores), each with the row this record has on its own map list
-- (map_coded_candidates, map_car_candidates: the kind ranking and map_kind_confidence).
CREATE OR REPLACE FUNCTION map_coded_merchants(_kind text, _id integer)
RETURNS SETOF map_merchant_row LANGUAGE plpgsql STABLE ROWS 200 SET jit = off
SET pg_trgm.word_similarity_threshold = 0.5 AS $f$
DECLARE
  k map_kinds;
  _name text;
  _code text;
  _names text[];
  _forms text[];
  _f text;
  _ids integer[];
  _hits integer[] := '{}';
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  IF _kind = 'car' THEN
    SELECT t.name, NULL, ARRAY[t.name, t.make || ' ' || t.model] INTO _name, _code, _names
      FROM pricewatch_cars t WHERE t.id = _id;
  ELSE
    EXECUTE format('SELECT t.name, t.code FROM %I t WHERE t.id = $1', k.pricewatch_table) INTO _name, _code USING _id;
    _names := ARRAY[_name, btrim(regexp_replace(_name, '\([^)]*\)', ' ', 'g'))];
  END IF;
  IF _name IS NULL THEN RETURN; END IF;
  _forms := map_kind_forms(_kind, CASE WHEN _kind = 'car_class' THEN ARRAY[split_part(_name, ' ', 1), _code]
                                       ELSE ARRAY[_name, _code] END);
  FOREACH _f IN ARRAY _forms LOOP
    CONTINUE WHEN length(_f) < 2;
    EXECUTE format('SELECT array(SELECT m.id FROM %I m WHERE m.name %%> %L)', k.merchant_table, _f) INTO _ids;
    _hits := _hits || _ids;
  END LOOP;
  RETURN QUERY EXECUTE format($q$
    WITH found AS (
      SELECT m.id, m.name, m.mapped_id IS NOT DISTINCT FROM $1 AS mapped,
             coalesce(map_code_of(m.external_code) = $3, false) AS coded
        FROM %1$I m
       WHERE (m.id = ANY ($5) OR m.mapped_id = $1 OR map_code_of(m.external_code) = $3)
         AND m.map_status NOT IN ('blacklisted', 'disabled')),
    short AS (
      SELECT f.id FROM found f
        LEFT JOIN map_kind_merchant_scores($2, $4, array(SELECT ROW(f.id, 1.0, f.name)::map_named FROM found f)) n
          ON n.id = f.id
       ORDER BY f.mapped DESC, f.coded DESC, n.score DESC NULLS LAST, f.id
       LIMIT 60 + (SELECT count(*) FROM found f WHERE f.mapped)),
    s AS (
      SELECT m.*, c.rank AS own_rank, c.match, c."isMapped" AS is_mapped
        FROM short JOIN %1$I m ON m.id = short.id
        CROSS JOIN LATERAL (
          SELECT c.* FROM map_coded_candidates($2, m.id) c WHERE $2 <> 'car' AND c.id = $1
          UNION ALL
          SELECT c.* FROM map_car_candidates(m.id) c WHERE $2 = 'car' AND c.id = $1) c)
    SELECT row_number() OVER (ORDER BY s.is_mapped DESC, s.match DESC, s.own_rank, s.id)::integer,
           s.id, mc.name, s.external_code, s.name, %3$s, s.map_status, mp.name, NULL::numeric,
           s.match, s.is_mapped, s.id, $1
      FROM s
      JOIN merchants mc ON mc.id = s.merchant_id
      LEFT JOIN %2$I mp ON mp.id = s.mapped_id
     ORDER BY s.is_mapped DESC, s.match DESC, s.own_rank, s.id
     LIMIT 200 $q$,
    k.merchant_table, k.pricewatch_table,
    CASE WHEN _kind = 'car' THEN $$concat_ws(' · ', s.car_class_code, s.seats || ' seats')$$ ELSE 'NULL::text' END)
    USING _id, _kind, _code, _names, _hits;
END $f$;

CREATE OR REPLACE FUNCTION map_car_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  SELECT * FROM map_coded_merchants('car', _id)
$$;

-- Down Migration
-- The price-watch side's lists as they were: locations and offices as 1700000009800_mapping.sql
-- made them, the other kinds as 1700000011000_kind-ranking.sql did.
CREATE OR REPLACE FUNCTION map_location_merchants(_id integer)
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

CREATE OR REPLACE FUNCTION map_office_merchants(_id integer)
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

CREATE OR REPLACE FUNCTION map_coded_merchants(_kind text, _id integer)
RETURNS SETOF map_merchant_row LANGUAGE plpgsql STABLE ROWS 200 SET jit = off AS $f$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format($q$
    WITH p AS (SELECT t.id, t.name, t.code FROM %2$I t WHERE t.id = $1),
    -- A car class's merchant records are looked for by its category's words ("Compact", "Cmpt"):
    -- the words of its other letters ("door", "air") are in nearly every description.
    forms AS MATERIALIZED (
      SELECT map_kind_forms($2, CASE WHEN $2 = 'car_class' THEN ARRAY[split_part(p.name, ' ', 1), p.code]
                                     ELSE ARRAY[p.name, p.code] END) AS f FROM p),
    ms AS (SELECT m.* FROM %1$I m, p, forms
            WHERE m.map_status NOT IN ('blacklisted', 'disabled')
              AND (m.mapped_id = p.id OR map_code_of(m.external_code) = p.code OR map_kind_may_be(forms.f, m.name))),
    names AS (
      SELECT n.* FROM p, map_kind_merchant_scores($2,
        ARRAY[p.name, btrim(regexp_replace(p.name, '\([^)]*\)', ' ', 'g'))],
        array(SELECT ROW(m.id, 1.0, m.name)::map_named FROM ms m)) n),
    scored AS MATERIALIZED (
      SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped, n.evidence,
             CASE WHEN $2 = 'car_class' THEN map_acriss_fit(map_acriss_read(m.name), p.code) END AS fit,
             coalesce(map_code_of(m.external_code) = p.code
                      OR p.code = ANY (regexp_split_to_array(upper(m.name), '[^A-Z0-9]+')), false) AS code_agrees,
             p.code,
             n.score AS name_score
        FROM ms m JOIN names n ON n.id = m.id CROSS JOIN p)
    SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
           s.id, mc.name, s.external_code, s.name, NULL::text, s.map_status, mp.name, NULL::numeric,
           round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
      FROM (SELECT x.*,
                   (CASE WHEN x.fit IS NULL THEN x.name_score ELSE (3 * x.fit + x.name_score) / 4 END
                    + CASE WHEN x.code_agrees THEN x.code_weight ELSE 0 END)
                   / (1 + CASE WHEN x.code_agrees THEN x.code_weight ELSE 0 END) AS score
              FROM (SELECT y.*, CASE WHEN $2 = 'car_class' THEN 4 ELSE 2 END AS code_weight FROM scored y) x) s
      JOIN merchants mc ON mc.id = s.merchant_id
      LEFT JOIN %2$I mp ON mp.id = s.mapped_id
     ORDER BY s.mapped DESC, s.score DESC, s.id
     LIMIT 200 $q$, k.merchant_table, k.pricewatch_table)
    USING _id, _kind;
END $f$;

CREATE OR REPLACE FUNCTION map_car_merchants(_id integer)
RETURNS SETOF map_merchant_row LANGUAGE sql STABLE ROWS 200 SET jit = off AS $$
  WITH p AS (SELECT t.*, c.code AS class_code FROM pricewatch_cars t JOIN pricewatch_car_classes c ON c.id = t.car_class_id
              WHERE t.id = _id),
  forms AS MATERIALIZED (SELECT map_kind_forms('car', ARRAY[p.name, p.make || ' ' || p.model]) AS f FROM p),
  ms AS (SELECT m.*, upper(coalesce(m.car_class_code, map_acriss_in(m.name))) AS class_code
           FROM merchant_cars m, p, forms
          WHERE m.map_status NOT IN ('blacklisted', 'disabled')
            AND (m.mapped_id = p.id OR map_kind_may_be(forms.f, m.name))),
  names AS (
    SELECT n.* FROM p, map_kind_merchant_scores('car', ARRAY[p.name, p.make || ' ' || p.model],
      array(SELECT ROW(m.id, 1.0, m.name)::map_named FROM ms m)) n),
  scored AS (
    SELECT m.*, p.id AS pricewatch_id, m.mapped_id IS NOT DISTINCT FROM p.id AS mapped,
           (3 * n.score
            + CASE WHEN m.class_code IS NULL THEN 0 ELSE (m.class_code = p.class_code)::int END
            + CASE WHEN m.seats IS NULL OR p.seats IS NULL THEN 0 ELSE 0.5 * (m.seats = p.seats)::int END)
           / (3 + CASE WHEN m.class_code IS NULL THEN 0 ELSE 1 END
                + CASE WHEN m.seats IS NULL OR p.seats IS NULL THEN 0 ELSE 0.5 END) AS score
      FROM ms m JOIN names n ON n.id = m.id CROSS JOIN p)
  SELECT row_number() OVER (ORDER BY s.mapped DESC, s.score DESC, s.id)::integer,
         s.id, mc.name, s.external_code, s.name, concat_ws(' · ', s.car_class_code, s.seats || ' seats'),
         s.map_status, mp.name, NULL::numeric, round(100 * s.score)::integer, s.mapped, s.id, s.pricewatch_id
    FROM scored s
    JOIN merchants mc ON mc.id = s.merchant_id
    LEFT JOIN pricewatch_cars mp ON mp.id = s.mapped_id
   ORDER BY s.mapped DESC, s.score DESC, s.id
   LIMIT 200
$$;

DROP FUNCTION map_location_reverse_pool(integer, integer);
DROP INDEX merchant_suppliers_code_of_idx, merchant_car_classes_code_of_idx, merchant_options_code_of_idx,
  merchant_included_items_code_of_idx;
DROP INDEX merchant_suppliers_name_trgm, merchant_car_classes_name_trgm, merchant_cars_name_trgm,
  merchant_options_name_trgm, merchant_included_items_name_trgm;
ALTER INDEX merchant_locations_name_trgm RESET (fastupdate);
