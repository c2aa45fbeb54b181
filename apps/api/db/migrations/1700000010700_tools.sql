-- Up Migration
-- The native tools (docs/adr/0017-native-tools.md): the audit of cancelled queries, and the trigram
-- indexes the reservation search needs beside the ones reservations already have (customer name and
-- pick-up location): supplier and drop-off location are matched fuzzily too, each with its own GIN
-- index so the search's OR of `<%` conditions is a bitmap OR of index scans, never a table scan.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE TABLE query_cancellations (
  id bigserial PRIMARY KEY,
  cancelled_at timestamptz NOT NULL DEFAULT now(),
  cancelled_by text NOT NULL,
  pid integer NOT NULL,
  database_name text NOT NULL,
  backend_user text,
  query text NOT NULL,
  -- 'cancelled' (the signal was sent), 'not signalled' (the backend was gone) or the refusal's message.
  result text NOT NULL
);
CREATE INDEX query_cancellations_at_idx ON query_cancellations (cancelled_at);

CREATE INDEX IF NOT EXISTS reservations_supplier_trgm ON reservations USING gin (supplier gin_trgm_ops);
CREATE INDEX IF NOT EXISTS reservations_dropoff_location_trgm ON reservations USING gin (dropoff_location gin_trgm_ops);

-- Down Migration
DROP INDEX reservations_dropoff_location_trgm;
DROP INDEX reservations_supplier_trgm;
DROP TABLE query_cancellations;
