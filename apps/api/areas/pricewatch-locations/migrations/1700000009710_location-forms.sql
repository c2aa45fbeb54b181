-- Up Migration
-- What the office and location forms read and keep (ADR 0012).

-- The office form reloads its location's name and type by id (`?locationId=`), and its location
-- autocomplete offers only the places an office can be at: cities (4), airports (5) and train
-- stations (6). `locationId`/`locationName` are the form's own keys for the id and the name;
-- `label` names the type beside the place, so a suggestion reads "Munich · City".
DROP VIEW v_dd_office_locations;
CREATE VIEW v_dd_office_locations AS
SELECT l.id, l.name, l.location_type_id AS "locationTypeId", t.name AS "locationTypeName",
       l.id AS "locationId", l.name AS "locationName", l.name || ' · ' || t.name AS label
  FROM pricewatch_locations l JOIN location_types t ON t.id = l.location_type_id
 WHERE l.location_type_id IN (4, 5, 6);

-- The location form hides coordinates and time zone for a geo group and does not send them, so a
-- place that becomes a geo group loses them here instead of being refused for values nobody sees.
CREATE FUNCTION pricewatch_locations_geo_group() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.location_type_id = 8 AND OLD.location_type_id <> 8 THEN
    NEW.latitude := NULL;
    NEW.longitude := NULL;
    NEW.windows_time_zone := NULL;
  END IF;
  RETURN NEW;
END $$;
CREATE TRIGGER pricewatch_locations_geo_group BEFORE UPDATE ON pricewatch_locations
  FOR EACH ROW EXECUTE FUNCTION pricewatch_locations_geo_group();

-- Down Migration
DROP TRIGGER pricewatch_locations_geo_group ON pricewatch_locations;
DROP FUNCTION pricewatch_locations_geo_group();
DROP VIEW v_dd_office_locations;
CREATE VIEW v_dd_office_locations AS
SELECT l.id, l.name, l.location_type_id AS "locationTypeId", t.name AS "locationTypeName"
  FROM pricewatch_locations l JOIN location_types t ON t.id = l.location_type_id;
