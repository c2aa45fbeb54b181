-- Up Migration
-- The reservation search reads a fuzzy field with few distinct values (suppliers, places) through
-- its distinct values and then the newest rows of each matching value (docs/adr/0017-native-tools.md):
-- both need a b-tree on (field, pickup_date, id). The supplier one replaces the plain supplier index,
-- which it covers for equality filters and sorting alike.
CREATE INDEX IF NOT EXISTS reservations_supplier_search_idx ON reservations (supplier, pickup_date, id);
CREATE INDEX IF NOT EXISTS reservations_pickup_location_search_idx ON reservations (pickup_location, pickup_date, id);
CREATE INDEX IF NOT EXISTS reservations_dropoff_location_search_idx ON reservations (dropoff_location, pickup_date, id);
CREATE INDEX IF NOT EXISTS reservations_customer_name_search_idx ON reservations (customer_name, pickup_date, id);
DROP INDEX IF EXISTS reservations_supplier_idx;

-- Down Migration
CREATE INDEX IF NOT EXISTS reservations_supplier_idx ON reservations (supplier);
DROP INDEX IF EXISTS reservations_customer_name_search_idx;
DROP INDEX IF EXISTS reservations_dropoff_location_search_idx;
DROP INDEX IF EXISTS reservations_pickup_location_search_idx;
DROP INDEX IF EXISTS reservations_supplier_search_idx;
