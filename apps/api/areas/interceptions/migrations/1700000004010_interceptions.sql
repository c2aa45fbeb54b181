-- Up Migration
-- Interceptions: the table, its list and record views, save, publish and delete.
-- Procedures take (values jsonb, actor text) and return {isSuccess, id, message}; an update whose
-- rowVersion is stale returns {conflict: true}. Keys missing from `values` are left unchanged (so
-- marked fields limit an update).
-- Until November 2026 this was part of 1700000004000_forms; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

CREATE TABLE interceptions (
  id serial PRIMARY KEY,
  name text NOT NULL,
  pattern text NOT NULL,
  script text NOT NULL DEFAULT '',
  config text NOT NULL DEFAULT '{}',
  styles text NOT NULL DEFAULT '',
  description text NOT NULL DEFAULT '',
  is_active boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published')),
  published_at timestamptz,
  published_by text,
  row_version integer NOT NULL DEFAULT 1,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX interceptions_name_trgm ON interceptions USING gin (name gin_trgm_ops);

CREATE VIEW v_interceptions AS
SELECT id, name, pattern, is_active AS "isActive", priority, status, published_at AS "publishedAt",
       published_by AS "publishedBy", updated_at AS "updatedAt", updated_by AS "updatedBy"
  FROM interceptions;

CREATE VIEW v_interception_record AS
SELECT id, name, pattern, script, config, styles, description, is_active AS "isActive", priority, status,
       published_at AS "publishedAt", published_by AS "publishedBy", updated_at AS "updatedAt",
       updated_by AS "updatedBy", row_version AS "rowVersion"
  FROM interceptions;

CREATE FUNCTION bm_interception_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    INSERT INTO interceptions (name, pattern, script, config, styles, description, is_active, priority, updated_by)
    VALUES (vals ->> 'name', vals ->> 'pattern', coalesce(vals ->> 'script', ''), coalesce(vals ->> 'config', '{}'),
            coalesce(vals ->> 'styles', ''), coalesce(vals ->> 'description', ''),
            coalesce((vals ->> 'isActive')::boolean, true), coalesce((vals ->> 'priority')::integer, 0), actor)
    RETURNING id INTO saved;
    RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Interception created');
  END IF;
  UPDATE interceptions SET
    name = CASE WHEN vals ? 'name' THEN vals ->> 'name' ELSE name END,
    pattern = CASE WHEN vals ? 'pattern' THEN vals ->> 'pattern' ELSE pattern END,
    script = CASE WHEN vals ? 'script' THEN coalesce(vals ->> 'script', '') ELSE script END,
    config = CASE WHEN vals ? 'config' THEN coalesce(vals ->> 'config', '{}') ELSE config END,
    styles = CASE WHEN vals ? 'styles' THEN coalesce(vals ->> 'styles', '') ELSE styles END,
    description = CASE WHEN vals ? 'description' THEN coalesce(vals ->> 'description', '') ELSE description END,
    is_active = CASE WHEN vals ? 'isActive' THEN coalesce((vals ->> 'isActive')::boolean, false) ELSE is_active END,
    priority = CASE WHEN vals ? 'priority' THEN coalesce((vals ->> 'priority')::integer, 0) ELSE priority END,
    status = 'draft', row_version = row_version + 1, updated_at = now(), updated_by = actor
  WHERE id = target AND (NOT vals ? 'rowVersion' OR row_version = (vals ->> 'rowVersion')::integer)
  RETURNING id INTO saved;
  IF saved IS NULL THEN
    IF EXISTS (SELECT 1 FROM interceptions WHERE id = target) THEN
      RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                                'message', 'The interception was changed by someone else');
    END IF;
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The interception does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Interception saved');
END $$;

CREATE FUNCTION bm_interception_publish(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  UPDATE interceptions SET status = 'published', published_at = now(), published_by = actor,
         row_version = row_version + 1
   WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The interception does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Interception published');
END $$;

CREATE FUNCTION bm_interception_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
BEGIN
  DELETE FROM interceptions WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The interception does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Interception deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_interception_delete(jsonb, text), bm_interception_publish(jsonb, text), bm_interception_save(jsonb, text);
DROP VIEW v_interception_record, v_interceptions;
DROP TABLE interceptions;
