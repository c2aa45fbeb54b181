-- Up Migration
-- Price-watch offices: a supplier's desks at a city, an airport or a train station.
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

-- Office types: 'city' at a city (type 4); the airport kinds at an airport (type 5); 'train_station'
-- at a train station (type 6).
CREATE TABLE pricewatch_offices (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  supplier_id integer NOT NULL REFERENCES pricewatch_suppliers (id),
  office_type text NOT NULL CHECK (office_type IN ('city', 'airport_terminal', 'airport_shuttle', 'airport_meet_greet', 'train_station')),
  location_id integer NOT NULL REFERENCES pricewatch_locations (id),
  address text CHECK (address IS NULL OR length(address) <= 300),
  phone text CHECK (phone IS NULL OR length(phone) <= 40),
  latitude numeric(9, 6) CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  iata_code text,
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_offices_iata_code_check CHECK (
    (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$') AND (office_type NOT LIKE 'airport%' OR iata_code IS NOT NULL))
);
CREATE INDEX pricewatch_offices_location_idx ON pricewatch_offices (location_id);
CREATE INDEX pricewatch_offices_supplier_idx ON pricewatch_offices (supplier_id);

-- The office type decides which location type an office may be at; an airport office takes the
-- airport's IATA code. Refusals name location_id, so the form shows them under the location.
CREATE FUNCTION pricewatch_offices_location_rule() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  _type smallint;
  _iata text;
BEGIN
  SELECT location_type_id, iata_code INTO _type, _iata FROM pricewatch_locations WHERE id = NEW.location_id;
  IF _type IS DISTINCT FROM (CASE
       WHEN NEW.office_type = 'city' THEN 4
       WHEN NEW.office_type LIKE 'airport%' THEN 5
       WHEN NEW.office_type = 'train_station' THEN 6
     END) THEN
    RAISE EXCEPTION 'The location does not fit the office type'
      USING ERRCODE = 'check_violation', TABLE = 'pricewatch_offices',
            CONSTRAINT = 'pricewatch_offices_location_id_check', COLUMN = 'location_id';
  END IF;
  IF NEW.office_type LIKE 'airport%' THEN
    NEW.iata_code := coalesce(NEW.iata_code, _iata);
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pricewatch_offices_location_rule BEFORE INSERT OR UPDATE ON pricewatch_offices
  FOR EACH ROW EXECUTE FUNCTION pricewatch_offices_location_rule();

-- The office form's location lookup.
CREATE VIEW v_dd_office_locations AS
SELECT l.id, l.name, l.location_type_id AS "locationTypeId", t.name AS "locationTypeName"
  FROM pricewatch_locations l JOIN location_types t ON t.id = l.location_type_id;

-- Down Migration
DROP VIEW v_dd_office_locations;
DROP TABLE pricewatch_offices CASCADE;
DROP FUNCTION IF EXISTS pricewatch_offices_location_rule();
