-- Up Migration
-- Exports: a list written to an .xlsx file by a background job (apps/api/src/exports/). The row is
-- the request (what to read, as the list read it) and the job's state: queued → running → done,
-- or failed (with the reason), cancelled by its owner, or expired when the retention removed the
-- file. `attempt` counts the runs: a run finishes only the attempt it claimed, so an export taken
-- over by another instance is completed, and notified, once. Only the owner sees a row (the list
-- and record views are read with `requested_by` = the caller: the catalogue's owner column).

CREATE TABLE exports (
  id bigserial PRIMARY KEY,
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 6 AND 120 AND file_name LIKE '%.xlsx'),
  page_name text NOT NULL DEFAULT '' CHECK (length(page_name) <= 200),
  requested_by text NOT NULL CHECK (length(requested_by) BETWEEN 3 AND 320),
  entity text NOT NULL,
  source text NOT NULL CHECK (source LIKE '/api/%'),
  criteria jsonb NOT NULL,
  status text NOT NULL DEFAULT 'queued'
    CHECK (status IN ('queued', 'running', 'done', 'failed', 'cancelled', 'expired')),
  row_count bigint NOT NULL DEFAULT 0 CHECK (row_count >= 0),
  -- The planner's estimate of the rows when the run started, for progress.
  expected_rows bigint,
  error text CHECK (length(error) <= 2000),
  storage_key text,
  size_bytes bigint,
  attempt integer NOT NULL DEFAULT 0,
  -- The instance running the current attempt, and when it last reported progress.
  worker text,
  heartbeat_at timestamptz,
  requested_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz,
  row_version integer NOT NULL DEFAULT 1
);
-- The owner's list, newest first, and the retention sweep's finished files.
CREATE INDEX exports_owner_idx ON exports (requested_by, requested_at, id);
CREATE INDEX exports_done_idx ON exports (finished_at) WHERE status = 'done';

-- Files whose export row is gone (deleted by its owner): the sweep removes them from storage.
CREATE TABLE export_file_trash (
  storage_key text PRIMARY KEY,
  added_at timestamptz NOT NULL DEFAULT now()
);

CREATE VIEW v_exports AS
SELECT e.id, e.file_name AS "fileName", e.page_name AS "pageName", e.status,
       e.row_count AS "rowCount", e.expected_rows AS "expectedRows",
       e.size_bytes AS "sizeBytes", e.requested_at AS "requestedAt", e.finished_at AS "finishedAt",
       e.error, e.requested_by AS "requestedBy"
  FROM exports e;

CREATE VIEW v_exports_record AS
SELECT v.*, e.source, e.attempt,
       COALESCE((SELECT string_agg(c ->> 'label', ', ' ORDER BY n)
                   FROM jsonb_array_elements(e.criteria -> 'selector') WITH ORDINALITY AS s(c, n)), '')
         AS columns,
       jsonb_pretty(e.criteria - 'selector') AS criteria,
       e.started_at AS "startedAt", e.row_version AS "rowVersion"
  FROM v_exports v JOIN exports e ON e.id = v.id;

-- Delete (the owner's own export only): the row goes, its file is put in the trash for the sweep.
-- A run in progress notices at its next progress report and stops.
CREATE FUNCTION bm_export_delete(vals jsonb, actor text) RETURNS jsonb
LANGUAGE plpgsql AS $$
DECLARE
  v_key text;
BEGIN
  DELETE FROM exports
   WHERE id = (vals ->> 'id')::bigint AND lower(requested_by) = lower(actor)
  RETURNING storage_key INTO v_key;
  IF NOT FOUND THEN
    RETURN jsonb_build_object('isSuccess', false, 'notFound', true, 'message', 'The export does not exist');
  END IF;
  IF v_key IS NOT NULL THEN
    INSERT INTO export_file_trash (storage_key) VALUES (v_key) ON CONFLICT DO NOTHING;
  END IF;
  RETURN jsonb_build_object('isSuccess', true, 'id', vals ->> 'id', 'message', 'Export deleted');
END $$;

-- Down Migration
DROP FUNCTION bm_export_delete(jsonb, text);
DROP VIEW v_exports_record;
DROP VIEW v_exports;
DROP TABLE export_file_trash;
DROP TABLE exports;
