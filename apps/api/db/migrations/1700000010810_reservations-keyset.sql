-- Up Migration
-- Keyset paging on reservations (docs/adr/0019-keyset-paging.md): the list sorted by pick-up date
-- (newest or oldest first) pages by (pickup_date, id), the sort plus its tie-breaker, so that one
-- index both orders the rows and answers the boundary scan from the index alone. It replaces the
-- index on pickup_date by itself, which it covers. Writes to reservations are recorded for the
-- boundary cache by list_track_change.
CREATE INDEX reservations_pickup_id_idx ON reservations (pickup_date, id);
DROP INDEX reservations_pickup_idx;

CREATE TRIGGER list_track_change
AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON reservations
FOR EACH STATEMENT EXECUTE FUNCTION list_track_change();

-- Down Migration
DROP TRIGGER list_track_change ON reservations;
CREATE INDEX reservations_pickup_idx ON reservations (pickup_date);
DROP INDEX reservations_pickup_id_idx;
