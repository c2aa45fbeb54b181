-- Up Migration
-- Restore (issue 41, docs/adr/0013-mapping.md "Restore"): a blacklisted or disabled merchant record
-- goes back to Not mapped without being mapped, through the map actions' one procedure
-- (`bm_map_action(kind, 'restore', id, NULL, NULL, note, by)`, the Map right as the others).
-- - The note is optional; it becomes the record's note (the blacklist's or disable's note stays in
--   the history, and comes back with an undo).
-- - The history row is action `restore`, with who, when, the note and the state it left
--   (previous_status), shown as "Restored from Blacklisted" / "Restored from Disabled".
-- - Undo of a restore (`undo` with actionType `restore`) puts the record back to the state and note
--   it had, as for every other action; the undo's own row says it left Not mapped.
-- - Only a blacklisted or disabled record can be restored; otherwise an `error` answer.
-- Also the kinds of record a kind's merchant records have (map_record_kinds), which the mapping
-- queue's Kind filter offers.

ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_action_check,
  ADD CONSTRAINT merchant_map_history_action_check
    CHECK (action IN ('map', 'replace', 'unmap', 'ignore', 'disable', 'undo', 'restore'));

-- The history as a record's view shows it, a restore named with the state it left.
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

-- Puts a merchant record back as history row h found it (undo); a restore's undo row left Not mapped.
CREATE OR REPLACE FUNCTION map_restore(k map_kinds, h merchant_map_history, _by text, _automatic boolean)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  back text := coalesce(h.previous_status,
                        CASE WHEN h.previous_pricewatch_id IS NOT NULL THEN 'mapped' ELSE 'unmapped' END);
BEGIN
  PERFORM map_set(k, h.merchant_record_id, back,
                  CASE WHEN back = 'mapped' THEN h.previous_pricewatch_id END, h.previous_note, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, previous_pricewatch_id,
                                    previous_status, previous_note, changed_by, automatic, run_id)
  VALUES (k.kind, h.merchant_record_id, 'undo', CASE WHEN back = 'mapped' THEN h.previous_pricewatch_id END,
          h.pricewatch_id,
          CASE h.action WHEN 'map' THEN 'mapped' WHEN 'replace' THEN 'mapped' WHEN 'unmap' THEN 'unmapped'
                        WHEN 'ignore' THEN 'blacklisted' WHEN 'disable' THEN 'disabled'
                        WHEN 'restore' THEN 'unmapped' END,
          h.note, _by, _automatic, h.run_id);
  RETURN back;
END $$;

-- Map, unmap, blacklist, disable, restore and undo for every kind: as in the queue migration
-- (…10950_map-queue.sql), with `restore`.
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

-- The kinds of record (an airport, a city …) a kind's merchant records have, for the queue's Kind
-- filter: the values of its kind column (map_kinds.kind_column), none where it has no such column.
CREATE FUNCTION map_record_kinds(_kind text) RETURNS SETOF text LANGUAGE plpgsql STABLE AS $$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  IF k.kind_column IS NULL THEN RETURN; END IF;
  RETURN QUERY EXECUTE format('SELECT DISTINCT t.%1$I::text FROM %2$I t WHERE t.%1$I IS NOT NULL ORDER BY 1 LIMIT 200',
                              k.kind_column, k.merchant_table);
END $$;

-- Down Migration
DROP FUNCTION map_record_kinds(text);
-- The restores leave the history (the records keep their present state), and the functions are
-- those of the queue migration again.
DELETE FROM merchant_map_history WHERE action = 'restore';
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_action_check,
  ADD CONSTRAINT merchant_map_history_action_check
    CHECK (action IN ('map', 'replace', 'unmap', 'ignore', 'disable', 'undo'));

CREATE OR REPLACE FUNCTION map_history_json(_kind text, _id integer) RETURNS jsonb LANGUAGE plpgsql STABLE AS $$
DECLARE
  result jsonb;
BEGIN
  EXECUTE (SELECT format($q$
    SELECT coalesce(jsonb_agg(jsonb_build_object(
             'when', h.changed_at, 'by', h.changed_by,
             'action', CASE h.action WHEN 'map' THEN 'Mapped' WHEN 'replace' THEN 'Mapping replaced'
                         WHEN 'unmap' THEN 'Unmapped' WHEN 'ignore' THEN 'Added to blacklist'
                         WHEN 'undo' THEN 'Undone' ELSE 'Disabled' END
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

CREATE OR REPLACE FUNCTION map_restore(k map_kinds, h merchant_map_history, _by text, _automatic boolean)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  back text := coalesce(h.previous_status,
                        CASE WHEN h.previous_pricewatch_id IS NOT NULL THEN 'mapped' ELSE 'unmapped' END);
BEGIN
  PERFORM map_set(k, h.merchant_record_id, back,
                  CASE WHEN back = 'mapped' THEN h.previous_pricewatch_id END, h.previous_note, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, previous_pricewatch_id,
                                    previous_status, previous_note, changed_by, automatic, run_id)
  VALUES (k.kind, h.merchant_record_id, 'undo', CASE WHEN back = 'mapped' THEN h.previous_pricewatch_id END,
          h.pricewatch_id,
          CASE h.action WHEN 'map' THEN 'mapped' WHEN 'replace' THEN 'mapped' WHEN 'unmap' THEN 'unmapped'
                        WHEN 'ignore' THEN 'blacklisted' WHEN 'disable' THEN 'disabled' END,
          h.note, _by, _automatic, h.run_id);
  RETURN back;
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
