-- Up Migration
-- The locations lookup answers one location by id under the keys the keyword form reads
-- (`?locationId=` → locationId, locationName), so a keyword form prefilled from the address needs only
-- the keyword rights that already open the lookup, not the right to view price-watch locations.
CREATE OR REPLACE VIEW v_dd_locations AS
SELECT id, name, code, location_type_id AS "locationTypeId", continent_id AS "continentId",
       country_id AS "countryId", province_id AS "provinceId", enabled,
       id AS "locationId", name AS "locationName"
  FROM pricewatch_locations;

-- Down Migration
DROP VIEW v_dd_locations;
CREATE VIEW v_dd_locations AS
SELECT id, name, code, location_type_id AS "locationTypeId", continent_id AS "continentId",
       country_id AS "countryId", province_id AS "provinceId", enabled
  FROM pricewatch_locations;
