-- Up Migration
-- A geo group's view lists the countries in it (the locations' geo_group_id, a relation declared in
-- the manifest): the related list and its count filter on that column, which had no index. Only
-- countries carry a geo group, so the index holds those rows alone.
CREATE INDEX pricewatch_locations_geo_group_idx ON pricewatch_locations (geo_group_id)
  WHERE geo_group_id IS NOT NULL;

-- Down Migration
DROP INDEX pricewatch_locations_geo_group_idx;
