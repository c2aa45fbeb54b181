-- Up Migration
-- Drop-off date becomes sortable in the list (the default preset offers it), so it gets its index.
CREATE INDEX reservations_dropoff_idx ON reservations (dropoff_date);

-- Down Migration
DROP INDEX reservations_dropoff_idx;
