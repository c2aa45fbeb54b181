-- Up Migration
-- A country's view lists its locations by name (the locations' country_id, a relation declared in
-- the manifest: WHERE country_id = $1 ORDER BY name, id LIMIT 21). The index on (country_id,
-- location_type_id) found the country's rows, but all of them were then joined to their continent
-- and geo group (merge joins over the whole table) and sorted for one page: 23 ms for the largest
-- country (1,387 locations), 54 ms p50 through the API on a loaded two-core machine. With the name
-- and id after the country, the page is the country's first 21 index entries, each joined by key
-- (1.5 ms). The older index stays, for the lookups by country and location type.
CREATE INDEX pricewatch_locations_country_name_idx ON pricewatch_locations (country_id, name, id)
  WHERE country_id IS NOT NULL;

-- Down Migration
DROP INDEX pricewatch_locations_country_name_idx;
