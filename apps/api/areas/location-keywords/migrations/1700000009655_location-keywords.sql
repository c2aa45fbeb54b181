-- Up Migration
-- Location keywords: other words staff know a price-watch location by, per language.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

CREATE TABLE location_keywords (
  id serial PRIMARY KEY,
  location_id integer NOT NULL REFERENCES pricewatch_locations (id) ON DELETE CASCADE,
  keyword text NOT NULL CHECK (length(btrim(keyword)) BETWEEN 1 AND 200),
  language_code text NOT NULL REFERENCES languages (code),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT location_keywords_keyword_key UNIQUE (location_id, keyword, language_code)
);

-- Down Migration
DROP TABLE location_keywords CASCADE;
