-- Up Migration
-- The mapping queue, undo and bulk auto-mapping (docs/adr/0013-mapping.md, "Queue and bulk auto-map").
--
-- - Undo: every history row now keeps the state it replaced (previous_status, previous_note beside
--   previous_pricewatch_id), so `bm_map_action(kind, 'undo', …)` can put a record back exactly as
--   it was, and does so only while that row is still the record's latest change and was the
--   caller's own. An undo is a history row of its own (action `undo`).
-- - Bulk auto-map: a run (map_auto_runs) scores every record of its scope that is unmapped and was
--   never touched by a person (its plan: map_auto_items, one row per record with its best candidate
--   and Match %), then maps those at or above the threshold the user chose; each mapping is a
--   history row marked automatic with its confidence and the run. Undoing the run restores the
--   records whose latest change is still that run's.
-- - Scores: the best candidate of a merchant record, cached (map_scores) so the queue can offer the
--   most certain record first without ranking thousands of records per call.

ALTER TABLE merchant_map_history
  ADD COLUMN previous_status text CHECK (previous_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  ADD COLUMN previous_note text,
  ADD COLUMN automatic boolean NOT NULL DEFAULT false,
  ADD COLUMN confidence integer CHECK (confidence BETWEEN 0 AND 100),
  ADD COLUMN run_id bigint;
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_action_check,
  ADD CONSTRAINT merchant_map_history_action_check
    CHECK (action IN ('map', 'replace', 'unmap', 'ignore', 'disable', 'undo'));
CREATE INDEX merchant_map_history_run_idx ON merchant_map_history (run_id) WHERE run_id IS NOT NULL;

-- What the queue and the auto-map filter a kind's records by (NULL: the kind has no such column).
ALTER TABLE map_kinds
  ADD COLUMN merchant_column text,
  ADD COLUMN kind_column text,
  ADD COLUMN country_column text;
UPDATE map_kinds SET merchant_column = 'merchant_id'
 WHERE kind IN ('location', 'supplier', 'car_class', 'car', 'option', 'included_item', 'office');
UPDATE map_kinds SET kind_column = 'location_kind', country_column = 'country_code' WHERE kind = 'location';
UPDATE map_kinds SET kind_column = 'office_kind' WHERE kind = 'office';

-- A merchant record's mapping state in words, the one wording every screen uses.
CREATE FUNCTION map_state_text(_status text, _mapped_name text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE _status WHEN 'mapped' THEN 'Mapped to ' || coalesce(_mapped_name, '?')
                      WHEN 'blacklisted' THEN 'Blacklisted' WHEN 'disabled' THEN 'Disabled'
                      ELSE 'Not mapped' END
$$;

-- The same for a record of kind k, naming the record it maps to.
CREATE FUNCTION map_state_of(k map_kinds, _status text, _mapped integer) RETURNS text LANGUAGE plpgsql STABLE AS $$
DECLARE
  mapped_name text;
BEGIN
  IF _status = 'mapped' THEN
    EXECUTE format('SELECT (%s)::text FROM %I WHERE id = $1', k.target_name_sql, k.pricewatch_table)
       INTO mapped_name USING _mapped;
  END IF;
  RETURN map_state_text(_status, mapped_name);
END $$;

-- The history as a record's view shows it: undo and automatic mappings named as such.
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

-- Puts a merchant record back as history row h found it. The caller holds the record's lock and
-- has checked that h is its latest change.
CREATE FUNCTION map_restore(k map_kinds, h merchant_map_history, _by text, _automatic boolean)
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

-- The record's latest history row (the change its present state comes from).
CREATE FUNCTION map_latest_change(_kind text, _id integer) RETURNS merchant_map_history
LANGUAGE sql STABLE AS $$
  SELECT * FROM merchant_map_history WHERE kind = _kind AND merchant_record_id = _id
   ORDER BY changed_at DESC, id DESC LIMIT 1
$$;

-- Map, unmap, blacklist, disable and undo for every kind. Map, unmap, blacklist and disable answer
-- as before (described in the mapping migration) and now record the state they replace; `undo`
-- (with `_confirm` the action being undone: map, unmap, ignore or disable) puts the record back
-- as it was before the caller's latest change, if that change is still its latest.
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

--------------------------------------------------------------------------------------------------
-- Scores: a merchant record's best candidate (its map list's first row that is not its current
-- mapping) and its Match %, kept so the queue can order by certainty.
CREATE TABLE map_scores (
  kind text NOT NULL,
  merchant_record_id integer NOT NULL,
  pricewatch_id integer,
  match integer,
  scored_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (kind, merchant_record_id)
);
CREATE INDEX map_scores_match_idx ON map_scores (kind, match DESC NULLS LAST, merchant_record_id);

-- Scores are recomputed after a day: the ranking and the catalogue change.
CREATE FUNCTION map_score_of(_kind text, _id integer, OUT pricewatch_id integer, OUT match integer)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT s.pricewatch_id, s.match INTO pricewatch_id, match FROM map_scores s
   WHERE s.kind = _kind AND s.merchant_record_id = _id AND s.scored_at > now() - interval '1 day';
  IF FOUND THEN RETURN; END IF;
  EXECUTE format('SELECT c."pricewatchId", c.match FROM %I($1) c WHERE NOT c."isMapped" ORDER BY c.rank LIMIT 1',
                 'map_' || _kind || '_candidates')
     INTO pricewatch_id, match USING _id;
  INSERT INTO map_scores AS s (kind, merchant_record_id, pricewatch_id, match)
  VALUES (_kind, _id, pricewatch_id, match)
  ON CONFLICT (kind, merchant_record_id) DO UPDATE
    SET pricewatch_id = excluded.pricewatch_id, match = excluded.match, scored_at = now();
END $$;

-- Whether a person ever mapped, unmapped, blacklisted, disabled or undid something on the record:
-- the auto-map leaves such records to people.
CREATE FUNCTION map_touched_by_person(_kind text, _id integer) RETURNS boolean LANGUAGE sql STABLE AS $$
  SELECT EXISTS (SELECT 1 FROM merchant_map_history
                  WHERE kind = _kind AND merchant_record_id = _id AND NOT automatic)
$$;

-- The ids of a kind's records in a scope ({merchantId, recordKind, country}), unmapped, in id
-- order; `_untouched` leaves out those a person ever touched.
CREATE FUNCTION map_scope_ids(_kind text, _scope jsonb, _untouched boolean) RETURNS SETOF integer
LANGUAGE plpgsql STABLE AS $$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format(
    'SELECT t.id::integer FROM %I t
      WHERE t.map_status = ''unmapped''
        AND ($1->>''merchantId'' IS NULL OR %s)
        AND ($1->>''recordKind'' IS NULL OR %s)
        AND ($1->>''country'' IS NULL OR %s)
        AND (NOT $2 OR NOT map_touched_by_person($3, t.id::integer))
      ORDER BY t.id',
    k.merchant_table,
    CASE WHEN k.merchant_column IS NULL THEN 'false' ELSE format('t.%I = ($1->>''merchantId'')::integer', k.merchant_column) END,
    CASE WHEN k.kind_column IS NULL THEN 'false' ELSE format('t.%I = $1->>''recordKind''', k.kind_column) END,
    CASE WHEN k.country_column IS NULL THEN 'false' ELSE format('t.%I = upper($1->>''country'')', k.country_column) END)
  USING _scope, _untouched, _kind;
END $$;

-- The queue's next record: of the scope's unmapped records not in `_exclude`, the most certain
-- (best Match %) among those scored, after scoring up to `_budget` more that have no fresh score.
-- Answers the record, its best Match %, and how many records the scope has and how many are scored.
CREATE FUNCTION map_queue_next(_kind text, _scope jsonb, _exclude integer[], _budget integer,
  OUT record_id integer, OUT match integer, OUT remaining integer, OUT scored integer)
LANGUAGE plpgsql AS $$
DECLARE
  ids integer[] := array(SELECT s FROM map_scope_ids(_kind, _scope, false) s
                          WHERE s <> ALL (coalesce(_exclude, '{}')));
  id integer;
BEGIN
  FOR id IN SELECT q.id FROM unnest(ids) AS q (id)
             WHERE NOT EXISTS (SELECT 1 FROM map_scores s WHERE s.kind = _kind AND s.merchant_record_id = q.id
                                 AND s.scored_at > now() - interval '1 day')
             ORDER BY q.id LIMIT _budget LOOP
    PERFORM map_score_of(_kind, id);
  END LOOP;
  SELECT count(*), count(s.merchant_record_id) INTO remaining, scored
    FROM unnest(ids) AS q (id)
    LEFT JOIN map_scores s ON s.kind = _kind AND s.merchant_record_id = q.id AND s.scored_at > now() - interval '1 day';
  SELECT q.id, s.match INTO record_id, match
    FROM unnest(ids) AS q (id)
    LEFT JOIN map_scores s ON s.kind = _kind AND s.merchant_record_id = q.id AND s.scored_at > now() - interval '1 day'
   ORDER BY s.match DESC NULLS LAST, q.id LIMIT 1;
END $$;

--------------------------------------------------------------------------------------------------
-- Auto-map runs. A run is planned (its items scored), then, if the user starts it with a
-- threshold, applied; it can then be undone once.
CREATE TABLE map_auto_runs (
  id bigserial PRIMARY KEY,
  kind text NOT NULL,
  scope jsonb NOT NULL DEFAULT '{}',
  status text NOT NULL DEFAULT 'planning'
    CHECK (status IN ('planning', 'planned', 'running', 'done', 'undoing', 'undone', 'failed')),
  threshold integer CHECK (threshold BETWEEN 1 AND 100),
  total integer NOT NULL DEFAULT 0,
  planned integer NOT NULL DEFAULT 0,
  mapped integer NOT NULL DEFAULT 0,
  skipped integer NOT NULL DEFAULT 0,
  undone integer NOT NULL DEFAULT 0,
  kept integer NOT NULL DEFAULT 0,
  -- The precision sample (Match % of the best candidate, and whether it is the mapping people chose).
  sample jsonb,
  error text,
  requested_by text NOT NULL,
  started_by text,
  undone_by text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  undone_at timestamptz
);
CREATE TABLE map_auto_items (
  run_id bigint NOT NULL REFERENCES map_auto_runs (id) ON DELETE CASCADE,
  merchant_record_id integer NOT NULL,
  pricewatch_id integer,
  confidence integer,
  -- pending: not scored yet; scored; mapped by the run; skipped (reason); undone; kept (a person
  -- changed it after the run, so its undo left it).
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'scored', 'mapped', 'skipped', 'undone', 'kept')),
  reason text,
  PRIMARY KEY (run_id, merchant_record_id)
);
CREATE INDEX map_auto_items_status_idx ON map_auto_items (run_id, status, confidence DESC);

-- The records a run maps at `_threshold`, most certain first, named as messages name them.
CREATE FUNCTION map_auto_sample(_run bigint, _threshold integer, _n integer)
RETURNS TABLE ("merchantRecordId" integer, name text, "pricewatchId" integer, candidate text, match integer)
LANGUAGE plpgsql STABLE AS $$
DECLARE
  k map_kinds;
BEGIN
  SELECT mk.* INTO k FROM map_kinds mk JOIN map_auto_runs r ON r.kind = mk.kind WHERE r.id = _run;
  RETURN QUERY EXECUTE format(
    'SELECT i.merchant_record_id, (SELECT (%s)::text FROM %I t WHERE t.id = i.merchant_record_id),
            i.pricewatch_id, (SELECT (%s)::text FROM %I p WHERE p.id = i.pricewatch_id), i.confidence
       FROM map_auto_items i
      WHERE i.run_id = $1 AND i.pricewatch_id IS NOT NULL AND i.confidence >= $2
      ORDER BY i.confidence DESC, i.merchant_record_id LIMIT $3',
    k.name_sql, k.merchant_table, k.target_name_sql, k.pricewatch_table)
  USING _run, _threshold, _n;
END $$;

-- The expected precision sample of a kind: the person-made mappings of up to `_n` records (the
-- latest), each with its best candidate's Match % now and whether that candidate is the one people
-- chose. The precision at X is the share of the sample at or above X whose candidate was chosen.
-- TODO(calibration): when Match is a calibrated probability, replace this with the calibration's
-- own table (same columns); the API reads only this function.
CREATE FUNCTION map_precision_sample(_kind text, _n integer)
RETURNS TABLE (match integer, correct boolean) LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  RETURN QUERY EXECUTE format(
    'SELECT c.match, c."pricewatchId" = t.mapped
       FROM (SELECT t.id::integer AS id, t.%I::integer AS mapped FROM %I t
              WHERE t.map_status = ''mapped''
                AND EXISTS (SELECT 1 FROM merchant_map_history h WHERE h.kind = $1
                              AND h.merchant_record_id = t.id AND h.action IN (''map'', ''replace'') AND NOT h.automatic)
              ORDER BY t.id DESC LIMIT $2) t
       CROSS JOIN LATERAL (SELECT x.match, x."pricewatchId" FROM %I(t.id) x ORDER BY x.rank LIMIT 1) c',
    k.mapped_column, k.merchant_table, 'map_' || _kind || '_candidates')
  USING _kind, _n;
END $$;

-- Maps one record of a run, if it is still unmapped and no person ever touched it: under the
-- record's lock, so two runs (on two instances) never both map it. Answers 'mapped' or why not.
CREATE FUNCTION map_auto_apply(_run bigint, _kind text, _id integer, _pricewatch_id integer, _confidence integer, _by text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
  rec record;
  enabled boolean;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  EXECUTE format('SELECT map_status, map_note::text AS map_note FROM %I WHERE id = $1 FOR UPDATE', k.merchant_table)
     INTO rec USING _id;
  IF rec.map_status IS NULL THEN RETURN 'gone'; END IF;
  IF rec.map_status <> 'unmapped' THEN RETURN 'no longer unmapped'; END IF;
  IF map_touched_by_person(_kind, _id) THEN RETURN 'a person changed it'; END IF;
  EXECUTE format('SELECT (%s)::boolean FROM %I WHERE id = $1', k.target_enabled_sql, k.pricewatch_table)
     INTO enabled USING _pricewatch_id;
  IF enabled IS NOT TRUE THEN RETURN 'candidate disabled'; END IF;
  PERFORM map_set(k, _id, 'mapped', _pricewatch_id, NULL, _by);
  INSERT INTO merchant_map_history (kind, merchant_record_id, action, pricewatch_id, changed_by, previous_status,
                                    previous_note, automatic, confidence, run_id)
  VALUES (_kind, _id, 'map', _pricewatch_id, _by, 'unmapped', rec.map_note, true, _confidence, _run);
  RETURN 'mapped';
END $$;

-- Undoes one record of a run, if the run's mapping is still its latest change: answers 'undone',
-- or 'kept' when a person (or anything else) changed it since.
CREATE FUNCTION map_auto_undo(_run bigint, _kind text, _id integer, _by text)
RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  k map_kinds;
  last merchant_map_history;
BEGIN
  SELECT * INTO k FROM map_kinds WHERE kind = _kind;
  EXECUTE format('SELECT 1 FROM %I WHERE id = $1 FOR UPDATE', k.merchant_table) USING _id;
  last := map_latest_change(_kind, _id);
  IF last.id IS NULL OR last.run_id IS DISTINCT FROM _run OR NOT last.automatic OR last.action <> 'map' THEN
    RETURN 'kept';
  END IF;
  PERFORM map_restore(k, last, _by, true);
  RETURN 'undone';
END $$;

-- Down Migration
DROP FUNCTION map_auto_undo, map_auto_apply, map_auto_sample, map_precision_sample, map_queue_next, map_scope_ids,
  map_touched_by_person, map_score_of, map_latest_change;
DROP TABLE map_auto_items, map_auto_runs, map_scores;
DROP FUNCTION map_restore(map_kinds, merchant_map_history, text, boolean);
DROP FUNCTION map_state_of(map_kinds, text, integer);
-- The merchant areas' generated views read the state's words; they are generated again at the next start.
DROP FUNCTION map_state_text CASCADE;
DELETE FROM area_sql WHERE name LIKE 'v\_merchant%';
ALTER TABLE map_kinds DROP COLUMN merchant_column, DROP COLUMN kind_column, DROP COLUMN country_column;
DELETE FROM merchant_map_history WHERE action = 'undo';
ALTER TABLE merchant_map_history DROP CONSTRAINT merchant_map_history_action_check,
  ADD CONSTRAINT merchant_map_history_action_check CHECK (action IN ('map', 'replace', 'unmap', 'ignore', 'disable')),
  DROP COLUMN previous_status, DROP COLUMN previous_note, DROP COLUMN automatic, DROP COLUMN confidence,
  DROP COLUMN run_id;
-- The bodies of bm_map_action and map_history_json before this migration (insurance migration).
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
