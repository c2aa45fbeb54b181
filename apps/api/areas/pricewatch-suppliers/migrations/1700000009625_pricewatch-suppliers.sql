-- Up Migration
-- Price-watch suppliers: the rental companies we compare.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

CREATE TABLE pricewatch_suppliers (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  website text CHECK (website IS NULL OR website ~ '^https?://'),
  country_id integer REFERENCES pricewatch_locations (id),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_suppliers_code_key UNIQUE (code)
);

CREATE VIEW v_dd_pricewatch_suppliers AS SELECT id, name, code FROM pricewatch_suppliers WHERE enabled;

-- Down Migration
DROP VIEW v_dd_pricewatch_suppliers;
DROP TABLE pricewatch_suppliers CASCADE;
