-- Up Migration
-- Interception triggers: when an interception fires (event, selector, delay), published like it.

CREATE TABLE interception_triggers (
  id serial PRIMARY KEY,
  interception_id integer NOT NULL REFERENCES interceptions (id) ON DELETE CASCADE,
  name text NOT NULL,
  event text NOT NULL CHECK (event IN ('pageview', 'click', 'scroll', 'exit-intent')),
  selector text NOT NULL DEFAULT '',
  delay_ms integer NOT NULL DEFAULT 0 CHECK (delay_ms BETWEEN 0 AND 600000),
  is_active boolean NOT NULL DEFAULT true,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  published_by text,
  row_version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX interception_triggers_interception_idx ON interception_triggers (interception_id);

CREATE VIEW v_interception_triggers AS
SELECT t.id, t.interception_id AS "interceptionId", i.name AS "interceptionName", t.name, t.event, t.selector,
       t.delay_ms AS "delayMs", t.is_active AS "isActive", t.status, t.published_at AS "publishedAt",
       t.updated_at AS "updatedAt"
  FROM interception_triggers t JOIN interceptions i ON i.id = t.interception_id;

CREATE VIEW v_interception_trigger_record AS
SELECT t.id, t.interception_id AS "interceptionId", t.name, t.event, t.selector, t.delay_ms AS "delayMs",
       t.is_active AS "isActive", t.status, t.published_at AS "publishedAt", t.published_by AS "publishedBy",
       t.updated_at AS "updatedAt", t.updated_by AS "updatedBy", t.row_version AS "rowVersion"
  FROM interception_triggers t;

CREATE VIEW v_dd_interceptions AS SELECT id, name FROM interceptions;

CREATE FUNCTION bm_interception_trigger_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    INSERT INTO interception_triggers (interception_id, name, event, selector, delay_ms, is_active, updated_by)
    VALUES ((vals ->> 'interceptionId')::integer, vals ->> 'name', vals ->> 'event', coalesce(vals ->> 'selector', ''),
            coalesce((vals ->> 'delayMs')::integer, 0), coalesce((vals ->> 'isActive')::boolean, true), actor)
    RETURNING id INTO saved;
    RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Trigger created');
  END IF;
  UPDATE interception_triggers SET
    interception_id = CASE WHEN vals ? 'interceptionId' THEN (vals ->> 'interceptionId')::integer ELSE interception_id END,
    name = CASE WHEN vals ? 'name' THEN vals ->> 'name' ELSE name END,
    event = CASE WHEN vals ? 'event' THEN vals ->> 'event' ELSE event END,
    selector = CASE WHEN vals ? 'selector' THEN coalesce(vals ->> 'selector', '') ELSE selector END,
    delay_ms = CASE WHEN vals ? 'delayMs' THEN coalesce((vals ->> 'delayMs')::integer, 0) ELSE delay_ms END,
    is_active = CASE WHEN vals ? 'isActive' THEN coalesce((vals ->> 'isActive')::boolean, false) ELSE is_active END,
    status = 'draft', row_version = row_version + 1, updated_at = now(), updated_by = actor
  WHERE id = target AND (NOT vals ? 'rowVersion' OR row_version = (vals ->> 'rowVersion')::integer)
  RETURNING id INTO saved;
  IF saved IS NULL THEN
    IF EXISTS (SELECT 1 FROM interception_triggers WHERE id = target) THEN
      RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                                'message', 'The trigger was changed by someone else');
    END IF;
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The trigger does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Trigger saved');
END $$;

CREATE FUNCTION bm_interception_trigger_publish(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  UPDATE interception_triggers SET status = 'published', published_at = now(), published_by = actor,
         row_version = row_version + 1
   WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The trigger does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Trigger published');
END $$;

CREATE FUNCTION bm_interception_trigger_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  DELETE FROM interception_triggers WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The trigger does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Trigger deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_interception_trigger_delete(jsonb, text), bm_interception_trigger_publish(jsonb, text),
  bm_interception_trigger_save(jsonb, text);
DROP VIEW v_dd_interceptions, v_interception_trigger_record, v_interception_triggers;
DROP TABLE interception_triggers;
