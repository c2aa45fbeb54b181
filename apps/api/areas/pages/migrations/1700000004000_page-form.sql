-- Up Migration
-- The page form: its record view (one row with every form field and its rowVersion) and save.
-- Procedures take (values jsonb, actor text) and return {isSuccess, id, message}; an update whose
-- rowVersion is stale returns {conflict: true}. Keys missing from `values` are left unchanged (so
-- marked fields limit an update).
-- Until November 2026 this was part of 1700000004000_forms; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

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

-- Down Migration
DROP FUNCTION bm_page_save(jsonb, text);
DROP VIEW v_page_record;
