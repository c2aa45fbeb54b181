-- Up Migration
-- Product placement rules: which supplier's offer is lifted into which slot of the search results,
-- for a country (and optionally a car class), between two dates. The list view, record view and
-- save/delete procedures are generated from the area's manifest (docs/areas.md).

CREATE TABLE product_placements (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  placement text NOT NULL CHECK (placement IN ('top', 'featured', 'sponsored', 'bottom')),
  country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
  supplier text NOT NULL CHECK (length(btrim(supplier)) BETWEEN 1 AND 100),
  car_class text CHECK (car_class IS NULL OR length(car_class) <= 50),
  position integer NOT NULL DEFAULT 1 CHECK (position BETWEEN 1 AND 50),
  valid_from date,
  valid_to date,
  is_active boolean NOT NULL DEFAULT true,
  notes text CHECK (notes IS NULL OR length(notes) <= 2000),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT product_placements_valid_to_check CHECK (valid_to IS NULL OR valid_from IS NULL OR valid_to >= valid_from)
);
-- The live site asks for the active rules of one country; staff sort and filter by update time.
CREATE INDEX product_placements_country_idx ON product_placements (country_code, placement) WHERE is_active;
CREATE INDEX product_placements_updated_idx ON product_placements (updated_at);

-- Down Migration
-- The generated views go with the table; the next start re-creates them if the table is back.
DROP TABLE product_placements CASCADE;
DELETE FROM area_sql WHERE name IN ('v_product_placements', 'v_product_placements_record',
  'bm_product_placements_save', 'bm_product_placements_delete');
