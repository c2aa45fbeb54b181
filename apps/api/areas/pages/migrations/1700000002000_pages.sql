-- Up Migration
-- Pages (SEO content): the table, its list view and delete procedure. List views expose camelCase
-- column names: they are the catalogue's mapKeys.
-- Until November 2026 this was part of 1700000002000_pages-and-reservations; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE pages (
  id serial PRIMARY KEY,
  name text NOT NULL,
  url text NOT NULL UNIQUE,
  title text NOT NULL DEFAULT '',
  language_code text NOT NULL DEFAULT 'en',
  meta_description text NOT NULL DEFAULT '',
  content_html text NOT NULL DEFAULT '',
  status text NOT NULL DEFAULT 'draft' CHECK (status IN ('draft', 'published', 'archived')),
  is_active boolean NOT NULL DEFAULT true,
  priority integer NOT NULL DEFAULT 0,
  published_at timestamptz,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
CREATE INDEX pages_name_trgm ON pages USING gin (name gin_trgm_ops);
CREATE INDEX pages_status_idx ON pages (status);
CREATE INDEX pages_updated_idx ON pages (updated_at);

CREATE VIEW v_pages AS
SELECT id, name, url, title, language_code AS "languageCode", status, is_active AS "isActive", priority,
       published_at AS "publishedAt", updated_at AS "updatedAt", updated_by AS "updatedBy"
  FROM pages;

-- Delete procedures: (values jsonb, actor text) → {isSuccess, id, message}.
CREATE FUNCTION bm_page_delete(vals jsonb, actor text) RETURNS jsonb LANGUAGE plpgsql AS $$
DECLARE
  target integer := (vals ->> 'id')::integer;
BEGIN
  DELETE FROM pages WHERE id = target;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'id', target, 'message', 'The page does not exist');
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', target, 'message', 'Page deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_page_delete(jsonb, text);
DROP VIEW v_pages;
DROP TABLE pages;
