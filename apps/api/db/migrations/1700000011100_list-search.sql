-- Up Migration
-- A list's search box (`q`) is an ILIKE '%…%' on each searchable column of the area, OR'ed
-- (docs/areas.md, "A list's search"). On the large tables each searched column needs a trigram
-- index, so the OR is a bitmap OR of index scans rather than a read of the whole table. Columns
-- indexed so already: reservations (reservation_number, customer_name), payments (psp_reference),
-- pricewatch_locations (name), api_logs (path). These are the rest.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX IF NOT EXISTS reservations_customer_email_trgm ON reservations USING gin (customer_email gin_trgm_ops);
CREATE INDEX IF NOT EXISTS pricewatch_locations_code_trgm ON pricewatch_locations USING gin (code gin_trgm_ops);
CREATE INDEX IF NOT EXISTS merchant_locations_name_trgm ON merchant_locations USING gin (name gin_trgm_ops);
CREATE INDEX IF NOT EXISTS merchant_locations_external_code_trgm ON merchant_locations USING gin (external_code gin_trgm_ops);
CREATE INDEX IF NOT EXISTS api_logs_client_name_trgm ON api_logs USING gin (client_name gin_trgm_ops);

-- Down Migration
DROP INDEX IF EXISTS api_logs_client_name_trgm;
DROP INDEX IF EXISTS merchant_locations_external_code_trgm;
DROP INDEX IF EXISTS merchant_locations_name_trgm;
DROP INDEX IF EXISTS pricewatch_locations_code_trgm;
DROP INDEX IF EXISTS reservations_customer_email_trgm;
