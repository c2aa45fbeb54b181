-- Up Migration
-- Price-watch car classes, by their ACRISS code.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

-- ACRISS (SIPP) car classes: category, type, transmission/drive, fuel/air-conditioning letters.
CREATE TABLE pricewatch_car_classes (
  id serial PRIMARY KEY,
  code text NOT NULL CHECK (code ~ '^[MNEHCDIJSRFGPULWOX][BCDWVLSTFJXPQZEMRHYNGK][MNCABD][RNDQHIECLSABMFVZUX]$'),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  category text NOT NULL,
  vehicle_type text NOT NULL,
  transmission text NOT NULL,
  fuel_air text NOT NULL,
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_car_classes_code_key UNIQUE (code)
);

CREATE VIEW v_dd_pricewatch_car_classes AS
SELECT id, code || ' · ' || name AS name, code FROM pricewatch_car_classes WHERE enabled;

-- Down Migration
DROP VIEW v_dd_pricewatch_car_classes;
DROP TABLE pricewatch_car_classes CASCADE;
