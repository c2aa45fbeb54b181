-- Up Migration
-- Insurance policies from the partner insurers' feeds, and two more map kinds
-- (docs/adr/0013-mapping.md):
--   insurance             a policy onto the customer reservation it covers, by the customer's name
--                         and email and by the cover and rental dates;
--   customer_reservation  a customer reservation's pick-up place onto a price-watch location,
--                         ranked as a reservation's is.
-- Both go through the generic bm_map_action. A kind may now map onto a table that is not a
-- price-watch catalogue (customer_reservations has no name and no enabled flag), so map_kinds says
-- how a target is named and whether it may be mapped onto, and what both sides are called in
-- messages; bm_map_action and map_history_json read that instead of assuming `name` and `enabled`.

ALTER TABLE map_kinds
  -- How a record of the target table is named in messages and in the history (SQL over its columns).
  ADD COLUMN target_name_sql text NOT NULL DEFAULT 'name',
  -- Whether a target may be mapped onto (SQL over its columns): a disabled one may not.
  ADD COLUMN target_enabled_sql text NOT NULL DEFAULT 'enabled',
  -- What the two sides are called in a "does not exist" message (default: merchant / price-watch {label}).
  ADD COLUMN record_label text,
  ADD COLUMN target_label text;

ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation', 'customer_reservation', 'insurance'));
-- The demo's record of which reservation each generated policy truly covers (mapping.test.ts and the
-- bench measure the ranking against it).
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_check,
  ADD CONSTRAINT merchant_ground_truth_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'insurance'));

--------------------------------------------------------------------------------------------------
-- A customer reservation's pick-up place, mapped onto a price-watch location as a reservation's is.
ALTER TABLE customer_reservations
  ADD COLUMN pickup_pricewatch_id integer REFERENCES pricewatch_locations (id),
  ADD COLUMN map_status text NOT NULL DEFAULT 'unmapped'
    CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  ADD COLUMN map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  ADD CONSTRAINT customer_reservations_pickup_pricewatch_id_check
    CHECK ((map_status = 'mapped') = (pickup_pricewatch_id IS NOT NULL));
CREATE INDEX customer_reservations_pickup_pricewatch_idx ON customer_reservations (pickup_pricewatch_id)
  WHERE pickup_pricewatch_id IS NOT NULL;
-- A person's name as the comparison sees it: lower case, without accents ("García" is "garcia").
-- Ten times cheaper than map_fold, whose place words names do not have.
CREATE FUNCTION map_person(text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT lower(public.unaccent('public.unaccent'::regdictionary, coalesce($1, '')))
$$;
-- What an insurance policy's map list looks a reservation up by: the customer's email (the area's
-- own index on lower(customer_email)), the name (both orders are tried from the policy's side) and
-- the rental's start (its own index on pickup_at).
CREATE INDEX customer_reservations_name_person_trgm ON customer_reservations
  USING gin (map_person(customer_first_name || ' ' || customer_last_name) gin_trgm_ops);

--------------------------------------------------------------------------------------------------
-- Insurance policies as the insurers' feeds deliver them: the customer as the insurer wrote it
-- (spelling, case and accents may differ from the reservation's), the cover, the premium, and the
-- customer reservation it covers once someone maps it.
CREATE TABLE insurance_policies (
  id serial PRIMARY KEY,
  policy_number text NOT NULL CONSTRAINT insurance_policies_policy_number_key UNIQUE
    CONSTRAINT insurance_policies_policy_number_check CHECK (policy_number ~ '^[A-Z0-9][A-Z0-9/-]{3,39}$'),
  insurer text NOT NULL CONSTRAINT insurance_policies_insurer_check CHECK (length(btrim(insurer)) BETWEEN 1 AND 100),
  product text NOT NULL CONSTRAINT insurance_policies_product_check CHECK (product IN
    ('excess_refund', 'full_protection', 'theft_protection', 'personal_accident', 'trip_cancellation',
     'glass_and_tyres')),
  customer_first_name text NOT NULL
    CONSTRAINT insurance_policies_customer_first_name_check CHECK (length(btrim(customer_first_name)) BETWEEN 1 AND 100),
  customer_last_name text NOT NULL
    CONSTRAINT insurance_policies_customer_last_name_check CHECK (length(btrim(customer_last_name)) BETWEEN 1 AND 100),
  customer_email text CONSTRAINT insurance_policies_customer_email_check
    CHECK (customer_email IS NULL OR (length(customer_email) <= 254 AND customer_email ~ '^[^@[:space:]]+@[^@[:space:]]+$')),
  cover_start date NOT NULL,
  cover_end date NOT NULL,
  premium numeric(12,2) NOT NULL CONSTRAINT insurance_policies_premium_check CHECK (premium >= 0),
  currency char(3) NOT NULL CONSTRAINT insurance_policies_currency_check CHECK (currency ~ '^[A-Z]{3}$'),
  status text NOT NULL DEFAULT 'active'
    CONSTRAINT insurance_policies_status_check CHECK (status IN ('active', 'cancelled', 'claimed', 'expired')),
  -- The reservation the policy covers: set only by mapping. A reservation a policy is mapped to
  -- cannot be deleted until the policy is unmapped.
  customer_reservation_id bigint REFERENCES customer_reservations (id),
  map_status text NOT NULL DEFAULT 'unmapped'
    CONSTRAINT insurance_policies_map_status_check CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CONSTRAINT insurance_policies_map_note_check CHECK (map_note IS NULL OR length(map_note) <= 1000),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT insurance_policies_cover_end_check CHECK (cover_end > cover_start),
  CONSTRAINT insurance_policies_customer_reservation_id_check
    CHECK ((map_status = 'mapped') = (customer_reservation_id IS NOT NULL))
);
-- The list opens newest first (the primary key); staff filter by insurer, status, mapping state and
-- cover dates, and look a customer up by last name.
CREATE INDEX insurance_policies_insurer_idx ON insurance_policies (insurer, cover_start);
CREATE INDEX insurance_policies_status_idx ON insurance_policies (status);
CREATE INDEX insurance_policies_map_status_idx ON insurance_policies (map_status);
CREATE INDEX insurance_policies_cover_start_idx ON insurance_policies (cover_start);
CREATE INDEX insurance_policies_last_name_idx ON insurance_policies (lower(customer_last_name));
CREATE INDEX insurance_policies_reservation_idx ON insurance_policies (customer_reservation_id)
  WHERE customer_reservation_id IS NOT NULL;

INSERT INTO map_kinds (kind, merchant_table, pricewatch_table, label, detail_sql, name_sql, mapped_column, audited,
                       target_name_sql, target_enabled_sql, record_label, target_label) VALUES
  ('customer_reservation', 'customer_reservations', 'pricewatch_locations', 'customer reservation', NULL,
   $$reservation_number || ' · ' || pickup_location$$, 'pickup_pricewatch_id', true,
   'name', 'enabled', 'Customer reservation', 'Price-watch location'),
  -- Any reservation may be the one a policy covers, a cancelled one too (the policy is then cancelled).
  ('insurance', 'insurance_policies', 'customer_reservations', 'insurance policy', NULL,
   $$policy_number || ' · ' || customer_first_name || ' ' || customer_last_name$$, 'customer_reservation_id', true,
   $$reservation_number || ' v' || version || '.' || subversion || ' · ' || customer_first_name || ' ' || customer_last_name$$, 'true',
   'Insurance policy', 'Customer reservation');

--------------------------------------------------------------------------------------------------
-- A merchant record's mapping history, newest first, as its view page shows it; the target named
-- by its kind's target_name_sql.
CREATE OR REPLACE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  EXECUTE (SELECT format($q$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'when', h.changed_at, 'by', h.changed_by,
             'action', CASE h.action WHEN 'map' THEN 'Mapped' WHEN 'replace' THEN 'Mapping replaced'
                         WHEN 'unmap' THEN 'Unmapped' WHEN 'ignore' THEN 'Added to blacklist'
                         ELSE 'Disabled' END,
             'to', (SELECT (%2$s)::text FROM %1$I x WHERE x.id = h.pricewatch_id),
             'from', (SELECT (%2$s)::text FROM %1$I x WHERE x.id = h.previous_pricewatch_id),
             'note', h.note)
           ORDER BY h.changed_at DESC, h.id DESC), '[]'::jsonb)
      FROM merchant_map_history h
     WHERE h.kind = $1 AND h.merchant_record_id = $2 $q$, k.pricewatch_table, k.target_name_sql)
      FROM map_kinds k WHERE k.kind = _kind)
    INTO result USING _kind, _id;
  RETURN result;
END $$;

--------------------------------------------------------------------------------------------------
-- A pick-up place as a customer wrote it ("Madrid Barajas (MAD)"): price-watch cities, airports and
-- train stations, by the IATA code in the text and by name. The map lists of reservations and of
-- customer reservations are this over their own tables.
CREATE FUNCTION map_pickup_candidates(_record integer, _place text, _mapped integer)
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

CREATE OR REPLACE FUNCTION map_reservation_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT c.* FROM reservations r,
         LATERAL map_pickup_candidates(r.id::integer, r.pickup_location, r.pickup_pricewatch_id) c
   WHERE r.id = _id
$$;

CREATE FUNCTION map_customer_reservation_candidates(_id integer)
RETURNS SETOF map_candidate LANGUAGE sql STABLE ROWS 200 AS $$
  SELECT c.* FROM customer_reservations r,
         LATERAL map_pickup_candidates(r.id::integer, r.pickup_location, r.pickup_pricewatch_id) c
   WHERE r.id = _id
$$;

--------------------------------------------------------------------------------------------------
-- How likely a policy covers a reservation, 0 to 1: the share of the evidence that agrees.
--   name  ×3  the folded full names (the policy's in both orders: insurers swap first and last);
--   email ×3  when both have one: the same address (any case) 1, else how alike the addresses are,
--             at most 0.5 (a typo, another domain);
--   dates ×2  the cover against the rental: 1 when they start and end on the same days, nothing
--             when they are a fortnight apart in all (travel cover often starts a day early).
CREATE FUNCTION map_insurance_score(policy_name text, policy_swapped text, reservation_name text,
                                    policy_email text, reservation_email text,
                                    cover_start date, cover_end date, pickup date, dropoff date)
RETURNS double precision LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (3 * greatest(map_similar(policy_name, reservation_name), map_similar(policy_swapped, reservation_name))
          + CASE WHEN policy_email IS NULL OR reservation_email IS NULL THEN 0
                 WHEN lower(btrim(policy_email)) = lower(btrim(reservation_email)) THEN 3
                 ELSE 1.5 * similarity(lower(policy_email), lower(reservation_email)) END
          + 2 * greatest(0, 1 - (abs(cover_start - pickup) + abs(cover_end - dropoff)) / 14.0))
         / (5 + CASE WHEN policy_email IS NULL OR reservation_email IS NULL THEN 0 ELSE 3 END)
$$;

-- The map list of a policy: customer reservations whose rental starts within ten days of the cover,
-- with the same email, or with a similar name (either order), best first; of the versions of one
-- reservation that score alike, the active customer's row first (a policy covers the booking as it
-- stands).
CREATE FUNCTION map_insurance_candidates(_id integer)
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

--------------------------------------------------------------------------------------------------
-- Map, unmap, blacklist and disable for every kind (the answers are described in the mapping
-- migration). Unchanged but for the target: named and checked as its kind says, read in one shape.
CREATE OR REPLACE FUNCTION bm_map_action(_kind text, _action text, _merchant_id integer, _pricewatch_id integer,
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
      'message', format('%s %s does not exist', coalesce(k.record_label, 'Merchant ' || k.label), _merchant_id));
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

  -- One shape for every kind here too (a customer reservation's id is a bigint, its name an expression).
  EXECUTE format('SELECT id::integer AS id, (%s)::text AS name, (%s)::boolean AS enabled FROM %I WHERE id = $1',
                 k.target_name_sql, k.target_enabled_sql, k.pricewatch_table)
     INTO target USING _pricewatch_id;
  IF target.id IS NULL THEN
    RETURN jsonb_build_object('status', 'notfound', 'field', 'pricewatchId',
      'message', format('%s %s does not exist', coalesce(k.target_label, 'Price-watch ' || k.label), _pricewatch_id));
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
    EXECUTE format('SELECT (%s)::text FROM %I WHERE id = $1', k.target_name_sql, k.pricewatch_table)
       INTO current_name USING rec.mapped_id;
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

CREATE FUNCTION bm_map_customer_reservation(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('customer_reservation', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;
CREATE FUNCTION bm_map_insurance(_action text, _merchant_id integer, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT bm_map_action('insurance', _action, _merchant_id, _pricewatch_id, _confirm, _note, _by) $$;

-- Down Migration
DROP FUNCTION bm_map_insurance, bm_map_customer_reservation, map_insurance_candidates, map_insurance_score,
  map_customer_reservation_candidates;
-- The reservation kind's list, history and map procedure as the mapping migration made them.
CREATE OR REPLACE FUNCTION map_reservation_candidates(_id integer)
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

CREATE OR REPLACE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
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

CREATE OR REPLACE FUNCTION bm_map_action(_kind text, _action text, _merchant_id integer, _pricewatch_id integer,
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

DROP FUNCTION map_pickup_candidates;
DROP INDEX customer_reservations_name_person_trgm;
-- The insurance area's generated views go with the table; the next start re-creates them if it is back.
DROP TABLE insurance_policies CASCADE;
DROP FUNCTION map_person;
DELETE FROM area_sql WHERE name IN ('v_insurance_policies', 'v_insurance_policies_record');
DELETE FROM map_kinds WHERE kind IN ('insurance', 'customer_reservation');
DELETE FROM merchant_map_history WHERE kind IN ('insurance', 'customer_reservation');
DELETE FROM merchant_ground_truth WHERE kind = 'insurance';
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_check,
  ADD CONSTRAINT merchant_ground_truth_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office'));
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation'));
DROP INDEX customer_reservations_pickup_pricewatch_idx;
ALTER TABLE customer_reservations DROP COLUMN pickup_pricewatch_id, DROP COLUMN map_status, DROP COLUMN map_note;
ALTER TABLE map_kinds DROP COLUMN target_name_sql, DROP COLUMN target_enabled_sql, DROP COLUMN record_label,
  DROP COLUMN target_label;
