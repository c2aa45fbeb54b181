-- Up Migration
-- The record journal (docs/adr/0028-record-journal.md): every change a person makes to an area's
-- record through the write path (create, edit, bulk edit, delete, publish, map actions, revert,
-- restore) is a row here: who, when, from which screen or job, and which columns went from what to
-- what. A trigger on each area's table writes it (`bm_journal`); the triggers themselves are
-- derived from the area manifests and created at start like the areas' generated SQL (area_sql,
-- kind `trigger`), so no area writes its own. The write path names the actor, the action and the
-- source for its transaction (`bm.actor`, `bm.action`, `bm.source`); a write without an actor (the
-- demo seed, a migration, a log insert) is not journalled, and costs the trigger's WHEN only.

ALTER TABLE area_sql DROP CONSTRAINT area_sql_kind_check,
  ADD CONSTRAINT area_sql_kind_check CHECK (kind IN ('view', 'function', 'trigger'));

CREATE TABLE record_journal (
  id bigserial PRIMARY KEY,
  -- The area's entity (`Page`, `Reservation`) and the record's id.
  entity text NOT NULL,
  record_id bigint NOT NULL,
  -- The write path's action (create, update, bulkupdate, delete, publish, map, unmap, ignore,
  -- disable, restore, undo, revert, undelete …), else the statement (insert, update, delete).
  action text NOT NULL,
  -- {"column": [before, after]} for the columns that changed. A create lists what it set; a delete
  -- lists the whole row as it was (every column, the managed ones too), so it can be put back.
  changes jsonb NOT NULL,
  -- The record's row_version after the change (none after a delete): a revert asks first when the
  -- record has moved on since.
  row_version integer,
  changed_by text NOT NULL,
  -- The screen the person was on (`/pages/edit/4`), or the job, or the API route.
  source text,
  changed_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX record_journal_record_idx ON record_journal (entity, record_id, id DESC);
-- The deleted records of an area, newest first (what may be restored).
CREATE INDEX record_journal_deleted_idx ON record_journal (entity, id DESC) WHERE action = 'delete';

-- TG_ARGV: the entity, the key column, then any columns never to journal. Managed columns (row_version, updated_*, created_*) are left out of an edit's changes, which they
-- would fill with noise; a delete keeps them with the row.
CREATE FUNCTION bm_journal() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  before jsonb := CASE WHEN TG_OP <> 'INSERT' THEN to_jsonb(OLD) END;
  after jsonb := CASE WHEN TG_OP <> 'DELETE' THEN to_jsonb(NEW) END;
  skipped text[] := TG_ARGV[2:];
  diff jsonb;
BEGIN
  IF TG_OP <> 'DELETE' THEN
    skipped := skipped || ARRAY['row_version', 'updated_at', 'updated_by', 'created_at', 'created_by'];
  END IF;
  SELECT jsonb_object_agg(k, jsonb_build_array(before -> k, after -> k)) INTO diff
    FROM jsonb_object_keys(coalesce(after, before)) AS k
   WHERE k <> ALL (skipped)
     AND (before -> k) IS DISTINCT FROM (after -> k)
     AND NOT (TG_OP = 'INSERT' AND after -> k = 'null'::jsonb);
  IF diff IS NULL THEN RETURN NULL; END IF;
  INSERT INTO record_journal (entity, record_id, action, changes, row_version, changed_by, source)
  VALUES (TG_ARGV[0], (coalesce(after, before) ->> TG_ARGV[1])::bigint,
          coalesce(nullif(current_setting('bm.action', true), ''), lower(TG_OP)), diff,
          (after ->> 'row_version')::integer, current_setting('bm.actor', true),
          nullif(current_setting('bm.source', true), ''));
  RETURN NULL;
END $$;

-- Down Migration
-- The triggers go with the function; the next start would create them again if it came back.
DROP FUNCTION bm_journal() CASCADE;
DELETE FROM area_sql WHERE kind = 'trigger';
DROP TABLE record_journal;
ALTER TABLE area_sql DROP CONSTRAINT area_sql_kind_check,
  ADD CONSTRAINT area_sql_kind_check CHECK (kind IN ('view', 'function'));
