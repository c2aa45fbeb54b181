-- Up Migration
-- Keyset paging (docs/adr/0019-keyset-paging.md) keeps, per sorted and filtered list, the sort key of
-- every Nth row and reuses it for a while. It may only do so while the rows under the list are the
-- ones those keys were read from: this records, transactionally, that a table changed.
--
-- A statement-level trigger adds one row per (table, writing transaction) to `list_changes`. Writers
-- never wait for each other here: each transaction has its own key, and a second statement of the same
-- transaction finds its row already there. A table's change number, as a snapshot sees it, is its
-- folded total in `list_change_base` plus its rows in `list_changes`: it grows by one with every
-- committed transaction that wrote the table, and a snapshot sees a new number whenever it sees new
-- rows. `list_changes_fold` moves a table's rows into its total in one statement, which keeps the
-- number every snapshot computes unchanged while the small table stays small.
CREATE TABLE list_changes (
  relation regclass NOT NULL,
  xid xid8 NOT NULL,
  PRIMARY KEY (relation, xid)
);

CREATE TABLE list_change_base (
  relation regclass PRIMARY KEY,
  changes bigint NOT NULL
);

CREATE FUNCTION list_track_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO list_changes (relation, xid) VALUES (TG_RELID, pg_current_xact_id()) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

-- The change number of some tables, as the calling statement's snapshot sees it (STABLE: a
-- statement sees one snapshot). PL/pgSQL rather than SQL: it is not inlined into every list
-- statement that checks it, so it adds nothing to their planning, and its own plan is kept per session.
CREATE FUNCTION list_change_number(relations regclass[]) RETURNS bigint
LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN (SELECT coalesce(sum(changes), 0) FROM list_change_base WHERE relation = ANY(relations))::bigint
       + (SELECT count(*) FROM list_changes WHERE relation = ANY(relations));
END
$$;

CREATE FUNCTION list_changes_fold(rel regclass) RETURNS void
LANGUAGE sql AS $$
  WITH gone AS (DELETE FROM list_changes WHERE relation = rel RETURNING 1)
  INSERT INTO list_change_base (relation, changes)
  SELECT rel, count(*) FROM gone
  ON CONFLICT (relation) DO UPDATE SET changes = list_change_base.changes + excluded.changes;
$$;

-- Down Migration
DROP FUNCTION list_changes_fold(regclass);
DROP FUNCTION list_change_number(regclass[]);
DROP FUNCTION list_track_change();
DROP TABLE list_change_base;
DROP TABLE list_changes;
