-- Up Migration
-- Read replicas (docs/adr/0032-read-replicas.md): the WAL position each account's latest write
-- reached on the primary, so that every instance sends that person's reads to a replica only once
-- the replica has replayed it (read-your-writes), whichever instance served the write.
--
-- - Written after every write request of a signed-in account (only when DATABASE_READ_URLS is set),
--   read before each routed read; only on the primary (a standby cannot read an unlogged table).
-- - UNLOGGED: no WAL of its own, so recording a position costs no fsync and nothing to replicate. A
--   crash of the primary empties it; the row of account '' (the floor, below every position that
--   matters) goes with it, and while it is missing every lookup answers the primary's current
--   position instead, so nobody's write made before the crash is read from a replica that lacks
--   it. The first recorded write puts the floor back, at the position of that moment.

CREATE UNLOGGED TABLE write_positions (
  account text PRIMARY KEY,
  lsn pg_lsn NOT NULL
);
INSERT INTO write_positions (account, lsn) VALUES ('', '0/0');

-- Down Migration
DROP TABLE write_positions;
