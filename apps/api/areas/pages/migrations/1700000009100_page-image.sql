-- Up Migration
-- Pages get an image: a file uploaded through the page form's upload field (stored path, relative to
-- the storage root). The record view and the save procedure carry it; a save without the key keeps it.

ALTER TABLE pages ADD COLUMN image_path text;

CREATE OR REPLACE VIEW v_page_record AS
SELECT id, name, url, title, language_code AS "languageCode", meta_description AS "metaDescription",
       content_html AS "contentHtml", status, is_active AS "isActive", priority, published_at AS "publishedAt",
       updated_at AS "updatedAt", updated_by AS "updatedBy", row_version AS "rowVersion",
       image_path AS "imagePath"
  FROM pages;

CREATE OR REPLACE FUNCTION bm_page_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target bigint := (vals ->> 'id')::bigint;
  saved bigint;
BEGIN
  IF target IS NULL THEN
    INSERT INTO pages (name, url, title, language_code, meta_description, content_html, status, is_active,
                       priority, published_at, image_path, updated_by)
    VALUES (vals ->> 'name', vals ->> 'url', coalesce(vals ->> 'title', ''), coalesce(vals ->> 'languageCode', 'en'),
            coalesce(vals ->> 'metaDescription', ''), coalesce(vals ->> 'contentHtml', ''),
            coalesce(vals ->> 'status', 'draft'), coalesce((vals ->> 'isActive')::boolean, true),
            coalesce((vals ->> 'priority')::integer, 0), (vals ->> 'publishedAt')::timestamptz,
            nullif(vals ->> 'imagePath', ''), actor)
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
    image_path = CASE WHEN vals ? 'imagePath' THEN nullif(vals ->> 'imagePath', '') ELSE image_path END,
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
DROP VIEW v_page_record;
CREATE VIEW v_page_record AS
SELECT id, name, url, title, language_code AS "languageCode", meta_description AS "metaDescription",
       content_html AS "contentHtml", status, is_active AS "isActive", priority, published_at AS "publishedAt",
       updated_at AS "updatedAt", updated_by AS "updatedBy", row_version AS "rowVersion"
  FROM pages;

CREATE OR REPLACE FUNCTION bm_page_save(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
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

ALTER TABLE pages DROP COLUMN image_path;
