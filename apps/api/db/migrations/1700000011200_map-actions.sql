-- Up Migration
-- The map actions, one function each (docs/adr/0013-mapping.md, "Rules in the procedures").
-- bm_map_action finds the kind, locks the merchant record and hands it, in one shape for every
-- kind (map_record), to `map_act_<action>`: map, unmap, ignore (blacklist), disable, restore and
-- undo. A migration that changes one action replaces that action's function only, and an action
-- added later is a new `map_act_` function: bm_map_action itself need not change again. The
-- answers are those of the mapping migration (…9800_mapping.sql), unchanged.
-- Likewise the history's wording is one function (map_history_action) that map_history_json calls.
-- And the kinds a history row or a ground-truth pair may name are the rows of map_kinds (a foreign
-- key) instead of a list each area that adds a kind had to widen.

-- A merchant record as every action reads it, under its lock.
CREATE TYPE map_record AS (id integer, name text, map_status text, mapped_id integer, map_note text);

-- The target of a map or unmap, named and checked as its kind says, or the answer that refuses it:
-- one that does not exist, or (locations) a place of another type than the merchant record's.
CREATE FUNCTION map_target_of(k map_kinds, rec map_record, _pricewatch_id integer,
                              OUT name text, OUT enabled boolean, OUT refusal jsonb)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  found_id integer;
BEGIN
  -- One shape for every kind (a customer reservation's id is a bigint, its name an expression).
  EXECUTE format('SELECT id::integer, (%s)::text, (%s)::boolean FROM %I WHERE id = $1',
                 k.target_name_sql, k.target_enabled_sql, k.pricewatch_table)
     INTO found_id, name, enabled USING _pricewatch_id;
  IF found_id IS NULL THEN
    refusal := jsonb_build_object('status', 'notfound', 'field', 'pricewatchId',
      'message', format('%s %s does not exist', coalesce(k.target_label, 'Price-watch ' || k.label), _pricewatch_id));
    RETURN;
  END IF;
  -- A merchant airport is a price-watch airport, never a city or a country.
  IF k.kind = 'location' AND (SELECT map_location_type(m.location_kind) FROM merchant_locations m WHERE m.id = rec.id)
       IS DISTINCT FROM (SELECT p.location_type_id FROM pricewatch_locations p WHERE p.id = _pricewatch_id) THEN
    refusal := jsonb_build_object('status', 'invalid', 'field', 'pricewatchId',
      'message', format('“%s” is another kind of place than “%s”', name, rec.name));
  END IF;
END $$;

-- Map: onto the record it is already mapped to is an error, onto a disabled target too; replacing
-- a mapping, or mapping a blacklisted or disabled record, asks first (the confirmation names the
-- state the user was shown, so a stale screen never overwrites someone else's change).
CREATE FUNCTION map_act_map(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target record;
  current_name text;
  expected text;
BEGIN
  target := map_target_of(k, rec, _pricewatch_id);
  IF target.refusal IS NOT NULL THEN RETURN target.refusal; END IF;
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
  PERFORM map_set(k, rec.id, 'mapped', _pricewatch_id, NULL, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, previous_pricewatch_id, changed_by,
                                    previous_status, previous_note)
  VALUES (k.kind, rec.id, CASE WHEN rec.map_status = 'mapped' THEN 'replace' ELSE 'map' END,
          _pricewatch_id, rec.mapped_id, _by, rec.map_status, rec.map_note);
  IF rec.map_status = 'mapped' THEN
    RETURN jsonb_build_object('status', 'done', 'actionType', 'success', 'messageTitle', 'Mapping replaced',
      'messageContent', format('“%s” now maps to “%s” instead of “%s”.', rec.name, target.name, current_name));
  END IF;
  RETURN jsonb_build_object('status', 'done');
END $$;

-- Unmap: only the record's current mapping.
CREATE FUNCTION map_act_unmap(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target record;
BEGIN
  target := map_target_of(k, rec, _pricewatch_id);
  IF target.refusal IS NOT NULL THEN RETURN target.refusal; END IF;
  IF rec.map_status IS DISTINCT FROM 'mapped' OR rec.mapped_id IS DISTINCT FROM _pricewatch_id THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Not mapped',
      'messageContent', format('“%s” is not mapped to “%s”.', rec.name, target.name));
  END IF;
  PERFORM map_set(k, rec.id, 'unmapped', NULL, NULL, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, changed_by,
                                    previous_status, previous_note)
  VALUES (k.kind, rec.id, 'unmap', _pricewatch_id, _by, rec.map_status, rec.map_note);
  RETURN jsonb_build_object('status', 'done');
END $$;

-- Blacklist (`ignore`) and disable: the record leaves the lists of things to map, its mapping
-- cleared and the note kept; they differ only in the state and the words.
CREATE FUNCTION map_set_aside(k map_kinds, rec map_record, _action text, _status text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF rec.map_status = _status THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error',
      'messageTitle', CASE _action WHEN 'ignore' THEN 'Already blacklisted' ELSE 'Already disabled' END,
      'messageContent', format('“%s” is already %s.', rec.name,
        CASE _action WHEN 'ignore' THEN 'on the blacklist' ELSE 'disabled' END));
  END IF;
  PERFORM map_set(k, rec.id, _status, NULL, _note, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, note, changed_by,
                                    previous_status, previous_note)
  VALUES (k.kind, rec.id, _action, rec.mapped_id, _note, _by, rec.map_status, rec.map_note);
  RETURN jsonb_build_object('status', 'done', 'messageContent',
    format(CASE _action WHEN 'ignore' THEN '“%s” was added to the blacklist.' ELSE '“%s” was disabled.' END, rec.name));
END $$;

CREATE FUNCTION map_act_ignore(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT map_set_aside(k, rec, 'ignore', 'blacklisted', _note, _by) $$;

CREATE FUNCTION map_act_disable(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE sql AS $$ SELECT map_set_aside(k, rec, 'disable', 'disabled', _note, _by) $$;

-- Restore: a blacklisted or disabled record goes back to Not mapped (to do again), with an optional
-- note, which becomes the record's note; the history keeps the state it left.
CREATE FUNCTION map_act_restore(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
BEGIN
  IF rec.map_status NOT IN ('blacklisted', 'disabled') THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Nothing to restore',
      'messageContent', format('“%s” is “%s”: only a blacklisted or disabled record can be restored.', rec.name,
        map_state_of(k, rec.map_status, rec.mapped_id)));
  END IF;
  PERFORM map_set(k, rec.id, 'unmapped', NULL, _note, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, note, changed_by,
                                    previous_status, previous_note)
  VALUES (k.kind, rec.id, 'restore', rec.mapped_id, _note, _by, rec.map_status, rec.map_note);
  RETURN jsonb_build_object('status', 'done', 'messageContent',
    format('“%s” is back to “%s” (it was “%s”).', rec.name, map_state_text('unmapped', NULL),
           map_state_text(rec.map_status, NULL)));
END $$;

-- Undo: the person's own latest change to the record, if nobody changed it since (`_confirm` may
-- name the action the person saw, so an undo never takes back a later one).
CREATE FUNCTION map_act_undo(k map_kinds, rec map_record, _pricewatch_id integer, _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  last merchant_map_history := map_latest_change(k.kind, rec.id);
  back text;
BEGIN
  IF last.id IS NULL OR last.action = 'undo' OR last.automatic OR last.changed_by IS DISTINCT FROM _by
     OR (_confirm IS NOT NULL AND last.action <> _confirm AND NOT (_confirm = 'map' AND last.action = 'replace')) THEN
    RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Nothing to undo',
      'messageContent', format('“%s” was changed since; it stays “%s”.', rec.name,
        map_state_of(k, rec.map_status, rec.mapped_id)));
  END IF;
  back := map_restore(k, last, _by, false);
  RETURN jsonb_build_object('status', 'done', 'messageContent',
    format('“%s” is back to “%s”.', rec.name,
      map_state_of(k, back, CASE WHEN back = 'mapped' THEN last.previous_pricewatch_id END)));
END $$;

-- Every map action of every kind: the kind, the merchant record under its lock, then the action's
-- own function. An unknown record answers `notfound`; an unknown kind or action is a programming
-- error (the API sends only the actions it knows).
CREATE OR REPLACE FUNCTION bm_map_action(_kind text, _action text, _merchant_id integer, _pricewatch_id integer,
                              _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
  rec map_record;
  result jsonb;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  IF NOT FOUND THEN RAISE EXCEPTION 'Unknown map kind %', _kind; END IF;
  EXECUTE format('SELECT id::integer, (%s)::text, map_status, %I::integer, map_note::text
                    FROM %I WHERE id = $1 FOR UPDATE',
                 k.name_sql, k.mapped_column, k.merchant_table)
     INTO rec USING _merchant_id;
  IF rec.id IS NULL THEN
    RETURN jsonb_build_object('status', 'notfound', 'field', 'merchantRecordId',
      'message', format('%s %s does not exist', coalesce(k.record_label, 'Merchant ' || k.label), _merchant_id));
  END IF;
  IF _action !~ '^[a-z_]+$' OR to_regprocedure(format('map_act_%s(map_kinds, map_record, integer, text, text, text)',
                                                      _action)) IS NULL THEN
    RAISE EXCEPTION 'Unknown map action %', _action;
  END IF;
  EXECUTE format('SELECT %I($1, $2, $3, $4, $5, $6)', 'map_act_' || _action)
     INTO result USING k, rec, _pricewatch_id, _confirm, _note, _by;
  RETURN result;
END $$;

-- What a history row's action reads as on a record's view: "Restored from Blacklisted", "Mapped
-- automatically (97%, run 3)" …
CREATE FUNCTION map_history_action(h merchant_map_history) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE h.action WHEN 'map' THEN 'Mapped' WHEN 'replace' THEN 'Mapping replaced'
                       WHEN 'unmap' THEN 'Unmapped' WHEN 'ignore' THEN 'Added to blacklist'
                       WHEN 'undo' THEN 'Undone'
                       WHEN 'restore' THEN 'Restored from ' || map_state_text(h.previous_status, NULL)
                       ELSE 'Disabled' END
         || CASE WHEN h.automatic AND h.action <> 'undo'
                 THEN ' automatically (' || h.confidence || '%, run ' || h.run_id || ')'
                 WHEN h.automatic THEN ' (auto-map run ' || h.run_id || ')' ELSE '' END
$$;

-- A merchant record's mapping history, newest first, the target named by its kind's target_name_sql.
CREATE OR REPLACE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  EXECUTE (SELECT format($q$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'when', h.changed_at, 'by', h.changed_by, 'action', map_history_action(h),
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

ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_check,
  ADD CONSTRAINT merchant_map_history_kind_fkey FOREIGN KEY (kind) REFERENCES map_kinds (kind);
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_check,
  ADD CONSTRAINT merchant_ground_truth_kind_fkey FOREIGN KEY (kind) REFERENCES map_kinds (kind);

-- Down Migration
ALTER TABLE merchant_ground_truth DROP CONSTRAINT merchant_ground_truth_kind_fkey,
  ADD CONSTRAINT merchant_ground_truth_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'insurance'));
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_kind_fkey,
  ADD CONSTRAINT merchant_map_history_kind_check CHECK (kind IN ('location', 'supplier', 'car_class', 'car',
    'option', 'included_item', 'office', 'reservation', 'customer_reservation', 'insurance'));
-- The history and the map actions as the restore migration (…11050_map-restore.sql) left them.
CREATE OR REPLACE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  EXECUTE (SELECT format($q$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'when', h.changed_at, 'by', h.changed_by,
             'action', CASE h.action WHEN 'map' THEN 'Mapped' WHEN 'replace' THEN 'Mapping replaced'
                         WHEN 'unmap' THEN 'Unmapped' WHEN 'ignore' THEN 'Added to blacklist'
                         WHEN 'undo' THEN 'Undone'
                         WHEN 'restore' THEN 'Restored from ' || map_state_text(h.previous_status, NULL)
                         ELSE 'Disabled' END
                       || CASE WHEN h.automatic AND h.action <> 'undo'
                               THEN ' automatically (' || h.confidence || '%%, run ' || h.run_id || ')'
                               WHEN h.automatic THEN ' (auto-map run ' || h.run_id || ')' ELSE '' END,
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

CREATE OR REPLACE FUNCTION bm_map_action(_kind text, _action text, _merchant_id integer, _pricewatch_id integer,
                              _confirm text, _note text, _by text)
RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
  rec record;
  target record;
  current_name text;
  expected text;
  last merchant_map_history;
  back text;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  IF NOT FOUND THEN RAISE EXCEPTION 'Unknown map kind %', _kind; END IF;
  -- Cast to one shape for every kind (a reservation's id is a bigint): a session's later call for
  -- another kind must find the record's fields of the types it planned with.
  EXECUTE format('SELECT id::integer AS id, (%s)::text AS name, map_status, %I::integer AS mapped_id,
                         map_note::text AS map_note
                    FROM %I WHERE id = $1 FOR UPDATE',
                 k.name_sql, k.mapped_column, k.merchant_table)
     INTO rec USING _merchant_id;
  IF rec.id IS NULL THEN
    RETURN jsonb_build_object('status', 'notfound', 'field', 'merchantRecordId',
      'message', format('%s %s does not exist', coalesce(k.record_label, 'Merchant ' || k.label), _merchant_id));
  END IF;

  IF _action = 'undo' THEN
    last := map_latest_change(_kind, _merchant_id);
    IF last.id IS NULL OR last.action = 'undo' OR last.automatic OR last.changed_by IS DISTINCT FROM _by
       OR (_confirm IS NOT NULL AND last.action <> _confirm AND NOT (_confirm = 'map' AND last.action = 'replace')) THEN
      RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Nothing to undo',
        'messageContent', format('“%s” was changed since; it stays “%s”.', rec.name,
          map_state_of(k, rec.map_status, rec.mapped_id)));
    END IF;
    back := map_restore(k, last, _by, false);
    RETURN jsonb_build_object('status', 'done', 'messageContent',
      format('“%s” is back to “%s”.', rec.name,
        map_state_of(k, back, CASE WHEN back = 'mapped' THEN last.previous_pricewatch_id END)));
  END IF;

  -- Restore: a blacklisted or disabled record goes back to Not mapped (to do again), with an
  -- optional note, which becomes the record's note; the history keeps the state it left.
  IF _action = 'restore' THEN
    IF rec.map_status NOT IN ('blacklisted', 'disabled') THEN
      RETURN jsonb_build_object('status', 'error', 'actionType', 'error', 'messageTitle', 'Nothing to restore',
        'messageContent', format('“%s” is “%s”: only a blacklisted or disabled record can be restored.', rec.name,
          map_state_of(k, rec.map_status, rec.mapped_id)));
    END IF;
    PERFORM map_set(k, _merchant_id, 'unmapped', NULL, _note, _by);
    INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, note, changed_by,
                                      previous_status, previous_note)
    VALUES (_kind, _merchant_id, 'restore', rec.mapped_id, _note, _by, rec.map_status, rec.map_note);
    RETURN jsonb_build_object('status', 'done', 'messageContent',
      format('“%s” is back to “%s” (it was “%s”).', rec.name, map_state_text('unmapped', NULL),
             map_state_text(rec.map_status, NULL)));
  END IF;

  IF _action IN ('ignore', 'disable') THEN
    IF rec.map_status = (CASE _action WHEN 'ignore' THEN 'blacklisted' ELSE 'disabled' END) THEN
      RETURN jsonb_build_object('status', 'error', 'actionType', 'error',
        'messageTitle', CASE _action WHEN 'ignore' THEN 'Already blacklisted' ELSE 'Already disabled' END,
        'messageContent', format('“%s” is already %s.', rec.name,
          CASE _action WHEN 'ignore' THEN 'on the blacklist' ELSE 'disabled' END));
    END IF;
    PERFORM map_set(k, _merchant_id, CASE _action WHEN 'ignore' THEN 'blacklisted' ELSE 'disabled' END, NULL, _note, _by);
    INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, note, changed_by,
                                      previous_status, previous_note)
    VALUES (_kind, _merchant_id, _action, rec.mapped_id, _note, _by, rec.map_status, rec.map_note);
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
    INSERT INTO merchant_map_history (kind, merchant_record_id, action, previous_pricewatch_id, changed_by,
                                      previous_status, previous_note)
    VALUES (_kind, _merchant_id, 'unmap', _pricewatch_id, _by, rec.map_status, rec.map_note);
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
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, previous_pricewatch_id, changed_by,
                                    previous_status, previous_note)
  VALUES (_kind, _merchant_id, CASE WHEN rec.map_status = 'mapped' THEN 'replace' ELSE 'map' END,
          _pricewatch_id, rec.mapped_id, _by, rec.map_status, rec.map_note);
  IF rec.map_status = 'mapped' THEN
    RETURN jsonb_build_object('status', 'done', 'actionType', 'success', 'messageTitle', 'Mapping replaced',
      'messageContent', format('“%s” now maps to “%s” instead of “%s”.', rec.name, target.name, current_name));
  END IF;
  RETURN jsonb_build_object('status', 'done');
END $$;

DROP FUNCTION map_history_action(merchant_map_history);
DROP FUNCTION map_act_undo, map_act_restore, map_act_disable, map_act_ignore, map_set_aside, map_act_unmap,
  map_act_map, map_target_of;
DROP TYPE map_record;
