-- Up Migration
-- A price-watch supplier's view lists its offices by name (its related list: WHERE supplier_id = $1
-- ORDER BY name, id LIMIT 21). With the index on the supplier alone, every office of the supplier
-- (about 750 of 18,600) was read, joined to its location through a hash of the whole locations
-- table, and sorted, for one page: 21–43 ms a page, 53 ms p50 through the API on a loaded two-core
-- machine. With the name and id after the supplier, the page is the supplier's first 21 index
-- entries, each joined by key (1–8 ms). The new index starts with the supplier, so it serves
-- everything the old one did, and replaces it.
CREATE INDEX pricewatch_offices_supplier_name_idx ON pricewatch_offices (supplier_id, name, id);
DROP INDEX pricewatch_offices_supplier_idx;

-- Down Migration
CREATE INDEX pricewatch_offices_supplier_idx ON pricewatch_offices (supplier_id);
DROP INDEX pricewatch_offices_supplier_name_idx;
