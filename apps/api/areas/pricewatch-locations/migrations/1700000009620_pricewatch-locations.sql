-- Up Migration
-- Price-watch locations: the places we compare prices at (continents, countries, provinces, cities,
-- airports, train stations, geo groups), with their types. Until November 2026 every catalogue
-- table was created by one migration (1700000009700_catalogue); each area now holds its own, and a
-- database that ran the old one counts these as run (src/db/migrate.ts, SPLIT_MIGRATIONS).
-- Every rule is a constraint named <table>_<column>_check (or a trigger raising one), so a refused
-- save is a 400 naming the field. Each area's list view, record view and save/delete procedures are
-- generated from its manifest.

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

-- Lookups (GET /api/dropdowns/{name}).
CREATE VIEW v_dd_location_types AS SELECT id, name, form_name AS "formName", enabled FROM location_types;
CREATE VIEW v_dd_locations AS
SELECT id, name, code, location_type_id AS "locationTypeId", continent_id AS "continentId",
       country_id AS "countryId", province_id AS "provinceId", enabled
  FROM pricewatch_locations;

-- Down Migration
DROP VIEW v_dd_location_types, v_dd_locations;
DROP TABLE pricewatch_locations, location_types CASCADE;
DROP FUNCTION IF EXISTS pricewatch_locations_parent();
-- The catalogue's generated SQL (views and procedures of every catalogue area) is made again on
-- the next start.
DELETE FROM area_sql WHERE name LIKE 'v\_pricewatch%' OR name LIKE 'v\_merchant%'
  OR name LIKE 'bm\_pricewatch%' OR name LIKE 'bm\_merchant%' OR name LIKE '%location\_keywords%';
