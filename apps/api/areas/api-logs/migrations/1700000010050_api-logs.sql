-- Up Migration
-- API logs: every call partners made to the company's public API (kept for 30 days by the log
-- shipper). Read-only in the console: it has no save or delete procedure, only the generated list
-- and record views. The table is large (ten calls per reservation in the demo, millions in real
-- life), so it carries only what the console shows and `row_version`, which the generated record
-- view reads; it has none of the audit columns because nobody edits a log entry.

CREATE TABLE api_logs (
  id bigserial PRIMARY KEY,
  requested_at timestamptz NOT NULL,
  method text NOT NULL CHECK (method IN ('GET', 'POST', 'PUT', 'PATCH', 'DELETE')),
  path text NOT NULL CHECK (path LIKE '/%' AND length(path) <= 2000),
  status_code smallint NOT NULL CHECK (status_code BETWEEN 100 AND 599),
  duration_ms integer NOT NULL CHECK (duration_ms >= 0),
  client_name text NOT NULL CHECK (length(client_name) BETWEEN 1 AND 200),
  ip_address inet NOT NULL,
  request_id uuid NOT NULL,
  response_bytes integer NOT NULL CHECK (response_bytes >= 0),
  row_version integer NOT NULL DEFAULT 1
);
-- The list's default sort, newest first (with the id as its tie-breaker), read backwards.
CREATE INDEX api_logs_requested_idx ON api_logs (requested_at, id);
-- The common filters, each followed by the sort so a filtered first page is one index range:
-- the failures of one status code, one partner's calls.
CREATE INDEX api_logs_status_idx ON api_logs (status_code, requested_at, id);
CREATE INDEX api_logs_client_idx ON api_logs (client_name, requested_at, id);
-- "Path contains" and "path starts with" are ILIKE filters: trigram GIN serves both (pg_trgm is
-- also created by the platform migrations; stated here so the table does not depend on them).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX api_logs_path_trgm_idx ON api_logs USING gin (path gin_trgm_ops);
-- Paths are nearly all distinct (they carry ids), so the default sample misjudges how many rows
-- a "contains" matches: for "voucher" it expected 150 rows where 50,000 (2.5 %) match, so it read
-- them all through the trigram index and sorted them (0.9 s on 2,000,000 rows) where walking the
-- time index back finds the first page in 0.6 ms. A larger sample gets the estimate, and so the
-- plan, right; rare parts (a reservation number) still go through the trigram index.
ALTER TABLE api_logs ALTER COLUMN path SET STATISTICS 1000;
-- Support looks a call up by the request id a partner quotes (the list filters its text form).
CREATE INDEX api_logs_request_id_idx ON api_logs ((request_id::text));

-- Down Migration
DROP TABLE api_logs CASCADE;
DELETE FROM area_sql WHERE name IN ('v_api_logs', 'v_api_logs_record');
