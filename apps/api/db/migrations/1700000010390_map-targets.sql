-- Up Migration
-- Mapping onto any table (docs/adr/0013-mapping.md): a kind may map onto a table that is not a
-- price-watch catalogue (a customer reservation has no name and no enabled flag), so map_kinds says
-- how a target is named and whether it may be mapped onto, and what both sides are called in
-- messages; bm_map_action and map_history_json read that instead of assuming `name` and `enabled`.
-- Also a pick-up place as a customer wrote it, ranked against price-watch places: the reservation
-- kind's map list, and any other kind whose records carry a pick-up place.
-- Until November 2026 this was part of the insurance area's first migration
-- (src/db/split-migrations.ts).

ALTER TABLE map_kinds
  -- How a record of the target table is named in messages and in the history (SQL over its columns).
  ADD COLUMN target_name_sql text NOT NULL DEFAULT 'name',
  -- Whether a target may be mapped onto (SQL over its columns): a disabled one may not.
  ADD COLUMN target_enabled_sql text NOT NULL DEFAULT 'enabled',
  -- What the two sides are called in a "does not exist" message (default: merchant / price-watch {label}).
  ADD COLUMN record_label text,
  ADD COLUMN target_label text;

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

-- Down Migration
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
ALTER TABLE map_kinds DROP COLUMN target_name_sql, DROP COLUMN target_enabled_sql, DROP COLUMN record_label,
  DROP COLUMN target_label;
