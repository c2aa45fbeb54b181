-- Up Migration
-- Price-watch included items: what a rate includes.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

CREATE TABLE pricewatch_included_items (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  description text CHECK (description IS NULL OR length(description) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_included_items_code_key UNIQUE (code)
);

-- Down Migration
DROP TABLE pricewatch_included_items CASCADE;
