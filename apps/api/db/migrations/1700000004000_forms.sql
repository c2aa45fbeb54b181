-- Up Migration
-- Record forms: record views (one row with every form field and its rowVersion), save, bulk and
-- publish procedures, and the interceptions area. Procedures take (values jsonb, actor text) and
-- return {isSuccess, id, message}; an update whose rowVersion is stale returns {conflict: true}.
-- Keys missing from `values` are left unchanged (so marked fields limit an update).

CREATE VIEW v_page_record AS
SELECT id, name, url, title, language_code AS "languageCode", meta_description AS "metaDescription",
       content_html AS "contentHtml", status, is_active AS "isActive", priority, published_at AS "publishedAt",
       updated_at AS "updatedAt", updated_by AS "updatedBy", row_version AS "rowVersion"
  FROM pages;

CREATE FUNCTION bm_page_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    INSERT INTO pages (name, url, title, language_code, meta_description, content_html, status, is_active,
                       priority, published_at, updated_by)
    VALUES (vals ->> 'name', vals ->> 'url', coalesce(vals ->> 'title', ''), coalesce(vals ->> 'languageCode', 'en'),
            coalesce(vals ->> 'metaDescription', ''), coalesce(vals ->> 'contentHtml', ''),
            coalesce(vals ->> 'status', 'draft'), coalesce((vals ->> 'isActive')::boolean, true),
            coalesce((vals ->> 'priority')::integer, 0), (vals ->> 'publishedAt')::timestamptz, actor)
    RETURNING id INTO saved;
    RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Page created');
  END IF;
  UPDATE pages SET
    name = CASE WHEN vals ? 'name' THEN vals ->> 'name' ELSE name END,
    url = CASE WHEN vals ? 'url' THEN vals ->> 'url' ELSE url END,
    title = CASE WHEN vals ? 'title' THEN coalesce(vals ->> 'title', '') ELSE title END,
    language_code = CASE WHEN vals ? 'languageCode' THEN coalesce(vals ->> 'languageCode', 'en') ELSE language_code END,
    meta_description = CASE WHEN vals ? 'metaDescription' THEN coalesce(vals ->> 'metaDescription', '') ELSE meta_description END,
    content_html = CASE WHEN vals ? 'contentHtml' THEN coalesce(vals ->> 'contentHtml', '') ELSE content_html END,
    status = CASE WHEN vals ? 'status' THEN coalesce(vals ->> 'status', 'draft') ELSE status END,
    is_active = CASE WHEN vals ? 'isActive' THEN coalesce((vals ->> 'isActive')::boolean, false) ELSE is_active END,
    priority = CASE WHEN vals ? 'priority' THEN coalesce((vals ->> 'priority')::integer, 0) ELSE priority END,
    published_at = CASE WHEN vals ? 'publishedAt' THEN (vals ->> 'publishedAt')::timestamptz ELSE published_at END,
    row_version = row_version + 1, updated_at = now(), updated_by = actor
  WHERE id = target AND (NOT vals ? 'rowVersion' OR row_version = (vals ->> 'rowVersion')::integer)
  RETURNING id INTO saved;
  IF saved IS NULL THEN
    IF EXISTS (SELECT 1 FROM pages WHERE id = target) THEN
      RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                                'message', 'The page was changed by someone else');
    END IF;
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The page does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Page saved');
END $$;

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

ALTER TABLE presets ADD COLUMN row_version integer NOT NULL DEFAULT 1;

CREATE VIEW v_preset_record AS
SELECT p.id, p.name, p.right_name AS "rightName", p.preset_group_id AS "presetGroupId", g.name AS "presetGroupName",
       p.version, jsonb_pretty(p.definition) AS definition, p.updated_at AS "updatedAt", p.row_version AS "rowVersion"
  FROM presets p JOIN preset_groups g ON g.id = p.preset_group_id
 WHERE p.owner_email IS NULL;

-- Saves a shared preset's name and definition; the default preset is never overwritten here.
CREATE FUNCTION bm_preset_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', NULL, 'message', 'Presets are created from their list page');
  END IF;
  IF EXISTS (SELECT 1 FROM presets WHERE id = target AND name = 'default' AND preset_group_id = 1) THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The default preset cannot be overwritten');
  END IF;
  UPDATE presets SET
    name = CASE WHEN vals ? 'name' THEN vals ->> 'name' ELSE name END,
    definition = CASE WHEN vals ? 'definition' THEN (vals ->> 'definition')::jsonb ELSE definition END,
    row_version = row_version + 1, updated_at = now()
  WHERE id = target AND owner_email IS NULL
    AND (NOT vals ? 'rowVersion' OR row_version = (vals ->> 'rowVersion')::integer)
  RETURNING id INTO saved;
  IF saved IS NULL THEN
    IF EXISTS (SELECT 1 FROM presets WHERE id = target AND owner_email IS NULL) THEN
      RETURN jsonb_build_object('isSuccess', false, 'id', target, 'conflict', true,
                                'message', 'The preset was changed by someone else');
    END IF;
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'notFound', true, 'message', 'The preset does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', saved, 'message', 'Preset saved');
END $$;

CREATE VIEW v_reservation_record AS SELECT *, 1 AS "rowVersion" FROM v_reservations;

-- Master data for dropdowns.
CREATE TABLE languages (
  code text PRIMARY KEY,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
INSERT INTO languages (code, name) VALUES
  ('en', 'English'), ('de', 'German'), ('fr', 'French'), ('es', 'Spanish'), ('it', 'Italian'),
  ('nl', 'Dutch'), ('pt', 'Portuguese'), ('pl', 'Polish'), ('sv', 'Swedish'), ('da', 'Danish');

CREATE VIEW v_dd_languages AS SELECT code AS value, name AS label FROM languages WHERE enabled;
CREATE VIEW v_dd_suppliers AS
SELECT DISTINCT supplier AS value, supplier AS label FROM reservations;

-- Down Migration
DROP VIEW v_dd_suppliers, v_dd_languages;
DROP TABLE languages;
DROP VIEW v_reservation_record;
DROP FUNCTION bm_preset_save(jsonb, text);
DROP VIEW v_preset_record;
ALTER TABLE presets DROP COLUMN row_version;
DROP FUNCTION bm_interception_delete(jsonb, text), bm_interception_publish(jsonb, text), bm_interception_save(jsonb, text);
DROP VIEW v_interception_record, v_interceptions;
DROP TABLE interceptions;
DROP FUNCTION bm_page_save(jsonb, text);
DROP VIEW v_page_record;
