-- Up Migration
-- The price-comparison catalogue: what we compare (price-watch: locations, offices, suppliers,
-- car classes, cars, options, included items) and what each merchant feed sends us under its own
-- names and codes. The tables of all fifteen areas are created together because they refer to each
-- other (office -> location and supplier, merchant record -> the price-watch record it maps onto).
-- Each area's list view, record view and save/delete procedures are generated from its manifest.
-- Offices' type rules are a trigger; every other rule is a constraint named
-- <table>_<column>_check, so a refused save is a 400 naming the field.

-- Location types, as both readings of the spec give them (docs/adr/0012-catalogue.md): the
-- location form calls type 8 a geo group, generic pages a region; 7 is the planet.
CREATE TABLE location_types (
  id smallint PRIMARY KEY,
  name text NOT NULL UNIQUE,
  form_name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
INSERT INTO location_types (id, name, form_name) VALUES
  (1, 'Continent', 'Continent'), (2, 'Country', 'Country'), (3, 'Province', 'Province'),
  (4, 'City', 'City'), (5, 'Airport', 'Airport'), (6, 'Train station', 'Train station'),
  (7, 'Planet', 'Planet'), (8, 'Region', 'Geo group');

CREATE TABLE pricewatch_locations (
  id serial PRIMARY KEY,
  location_type_id smallint NOT NULL REFERENCES location_types (id),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9][A-Z0-9-]{1,39}$'),
  parent_id integer REFERENCES pricewatch_locations (id),
  continent_id integer REFERENCES pricewatch_locations (id),
  geo_group_id integer REFERENCES pricewatch_locations (id),
  country_id integer REFERENCES pricewatch_locations (id),
  province_id integer REFERENCES pricewatch_locations (id),
  city_id integer REFERENCES pricewatch_locations (id),
  iata_code text,
  latitude numeric(9, 6),
  longitude numeric(9, 6),
  windows_time_zone text,
  currency_code text CHECK (currency_code IS NULL OR currency_code ~ '^[A-Z]{3}$'),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_locations_code_key UNIQUE (code),
  -- A geo group (region) is a grouping, not a place: it has no coordinates or time zone.
  CONSTRAINT pricewatch_locations_latitude_check CHECK (
    (latitude IS NULL OR latitude BETWEEN -90 AND 90) AND (location_type_id <> 8 OR latitude IS NULL)),
  CONSTRAINT pricewatch_locations_longitude_check CHECK (
    (longitude IS NULL OR longitude BETWEEN -180 AND 180) AND (location_type_id <> 8 OR longitude IS NULL)),
  CONSTRAINT pricewatch_locations_windows_time_zone_check CHECK (
    (windows_time_zone IS NULL OR length(windows_time_zone) <= 100) AND (location_type_id <> 8 OR windows_time_zone IS NULL)),
  -- An airport is known by its IATA code.
  CONSTRAINT pricewatch_locations_iata_code_check CHECK (
    (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$') AND (location_type_id <> 5 OR iata_code IS NOT NULL))
);
-- The parent is the nearest level above the place, kept from the level ids the form edits.
CREATE FUNCTION pricewatch_locations_parent() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.parent_id := CASE NEW.location_type_id
    WHEN 1 THEN (SELECT id FROM pricewatch_locations WHERE location_type_id = 7 ORDER BY id LIMIT 1)
    WHEN 2 THEN coalesce(NEW.geo_group_id, NEW.continent_id)
    WHEN 3 THEN NEW.country_id
    WHEN 4 THEN coalesce(NEW.province_id, NEW.country_id)
    WHEN 5 THEN coalesce(NEW.city_id, NEW.province_id, NEW.country_id)
    WHEN 6 THEN coalesce(NEW.city_id, NEW.province_id, NEW.country_id)
    WHEN 8 THEN NEW.continent_id
  END;
  RETURN NEW;
END $$;
CREATE TRIGGER pricewatch_locations_parent BEFORE INSERT OR UPDATE ON pricewatch_locations
  FOR EACH ROW EXECUTE FUNCTION pricewatch_locations_parent();

CREATE INDEX pricewatch_locations_type_idx ON pricewatch_locations (location_type_id, name);
CREATE INDEX pricewatch_locations_parent_idx ON pricewatch_locations (parent_id);
CREATE INDEX pricewatch_locations_country_idx ON pricewatch_locations (country_id, location_type_id);
CREATE INDEX pricewatch_locations_province_idx ON pricewatch_locations (province_id, location_type_id);
CREATE INDEX pricewatch_locations_name_trgm ON pricewatch_locations USING gin (name gin_trgm_ops);

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

CREATE TABLE pricewatch_cars (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  make text NOT NULL CHECK (length(btrim(make)) BETWEEN 1 AND 100),
  model text NOT NULL CHECK (length(btrim(model)) BETWEEN 1 AND 100),
  car_class_id integer NOT NULL REFERENCES pricewatch_car_classes (id),
  doors smallint CHECK (doors IS NULL OR doors BETWEEN 2 AND 6),
  seats smallint CHECK (seats IS NULL OR seats BETWEEN 1 AND 17),
  bags smallint CHECK (bags IS NULL OR bags BETWEEN 0 AND 10),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_cars_name_key UNIQUE (name, car_class_id)
);
CREATE INDEX pricewatch_cars_class_idx ON pricewatch_cars (car_class_id);

CREATE TABLE pricewatch_options (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  code text NOT NULL CHECK (code ~ '^[A-Z0-9]{2,10}$'),
  category text NOT NULL CHECK (category IN ('equipment', 'driver', 'protection', 'service')),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT pricewatch_options_code_key UNIQUE (code)
);

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

-- The feeds that send us their catalogues.
CREATE TABLE merchants (
  id serial PRIMARY KEY,
  name text NOT NULL UNIQUE,
  code text NOT NULL UNIQUE,
  website text,
  enabled boolean NOT NULL DEFAULT true
);

-- Each merchant record: the merchant's own code and name, and its mapping onto price-watch:
-- map_status unmapped | mapped (mapped_id set) | blacklisted | disabled, with the note staff gave.
CREATE TABLE merchant_locations (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  location_kind text NOT NULL CHECK (location_kind IN ('Region', 'Country', 'City', 'Airport', 'Train station')),
  country_code text CHECK (country_code IS NULL OR country_code ~ '^[A-Z]{2}$'),
  iata_code text CHECK (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$'),
  latitude numeric(9, 6) CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  mapped_id integer REFERENCES pricewatch_locations (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_locations_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_locations_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_suppliers (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  mapped_id integer REFERENCES pricewatch_suppliers (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_suppliers_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_suppliers_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_car_classes (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  mapped_id integer REFERENCES pricewatch_car_classes (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_car_classes_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_car_classes_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_cars (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  car_class_code text CHECK (car_class_code IS NULL OR length(car_class_code) <= 10),
  seats smallint CHECK (seats IS NULL OR seats BETWEEN 1 AND 17),
  mapped_id integer REFERENCES pricewatch_cars (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_cars_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_cars_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_options (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  mapped_id integer REFERENCES pricewatch_options (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_options_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_options_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_included_items (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  mapped_id integer REFERENCES pricewatch_included_items (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_included_items_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_included_items_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);

CREATE TABLE merchant_offices (
  id serial PRIMARY KEY,
  merchant_id integer NOT NULL REFERENCES merchants (id),
  external_code text NOT NULL CHECK (length(external_code) BETWEEN 1 AND 60),
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  merchant_supplier_id integer NOT NULL REFERENCES merchant_suppliers (id),
  merchant_location_id integer REFERENCES merchant_locations (id),
  office_kind text CHECK (office_kind IS NULL OR length(office_kind) <= 40),
  address text CHECK (address IS NULL OR length(address) <= 300),
  iata_code text CHECK (iata_code IS NULL OR iata_code ~ '^[A-Z]{3}$'),
  latitude numeric(9, 6) CHECK (latitude IS NULL OR latitude BETWEEN -90 AND 90),
  longitude numeric(9, 6) CHECK (longitude IS NULL OR longitude BETWEEN -180 AND 180),
  mapped_id integer REFERENCES pricewatch_offices (id),
  map_status text NOT NULL DEFAULT 'unmapped' CHECK (map_status IN ('unmapped', 'mapped', 'blacklisted', 'disabled')),
  map_note text CHECK (map_note IS NULL OR length(map_note) <= 1000),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT merchant_offices_external_code_key UNIQUE (merchant_id, external_code),
  CONSTRAINT merchant_offices_mapped_id_check CHECK ((map_status = 'mapped') = (mapped_id IS NOT NULL))
);
CREATE INDEX merchant_offices_supplier_idx ON merchant_offices (merchant_supplier_id);
CREATE INDEX merchant_offices_location_idx ON merchant_offices (merchant_location_id);

-- What each generated merchant record truly is (NULL: nothing in price-watch), so the mapping work
-- can be measured. Written only by the demo generator; the console never reads it.
CREATE TABLE merchant_ground_truth (
  kind text NOT NULL CHECK (kind IN ('location', 'supplier', 'car_class', 'car', 'option', 'included_item', 'office')),
  merchant_record_id integer NOT NULL,
  pricewatch_id integer,
  PRIMARY KEY (kind, merchant_record_id)
);

-- Lookups (GET /api/dropdowns/{name}).
CREATE VIEW v_dd_location_types AS SELECT id, name, form_name AS "formName", enabled FROM location_types;
CREATE VIEW v_dd_locations AS
SELECT id, name, code, location_type_id AS "locationTypeId", continent_id AS "continentId",
       country_id AS "countryId", province_id AS "provinceId", enabled
  FROM pricewatch_locations;
CREATE VIEW v_dd_office_locations AS
SELECT l.id, l.name, l.location_type_id AS "locationTypeId", t.name AS "locationTypeName"
  FROM pricewatch_locations l JOIN location_types t ON t.id = l.location_type_id;
CREATE VIEW v_dd_pricewatch_suppliers AS SELECT id, name, code FROM pricewatch_suppliers WHERE enabled;
CREATE VIEW v_dd_pricewatch_car_classes AS
SELECT id, code || ' · ' || name AS name, code FROM pricewatch_car_classes WHERE enabled;
CREATE VIEW v_dd_merchants AS SELECT id, name FROM merchants WHERE enabled;

-- Down Migration
DROP VIEW v_dd_location_types, v_dd_locations, v_dd_office_locations, v_dd_pricewatch_suppliers,
  v_dd_pricewatch_car_classes, v_dd_merchants;
DROP TABLE merchant_ground_truth, merchant_offices, merchant_included_items, merchant_options,
  merchant_cars, merchant_car_classes, merchant_suppliers, merchant_locations, merchants,
  location_keywords, pricewatch_offices, pricewatch_included_items, pricewatch_options,
  pricewatch_cars, pricewatch_car_classes, pricewatch_suppliers, pricewatch_locations,
  location_types CASCADE;
DROP FUNCTION IF EXISTS pricewatch_offices_location_rule(), pricewatch_locations_parent();
DELETE FROM area_sql WHERE name LIKE 'v\_pricewatch%' OR name LIKE 'v\_merchant%'
  OR name LIKE 'bm\_pricewatch%' OR name LIKE 'bm\_merchant%' OR name LIKE '%location\_keywords%';
