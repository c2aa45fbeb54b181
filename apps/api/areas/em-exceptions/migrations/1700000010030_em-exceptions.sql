-- Up Migration
-- Exception management, exceptions: the recurring error types each application raises (one row
-- per application, exception type and message), how often and when they were seen, their triage
-- status and the escalation policy alerted for them. The monitoring pipeline keeps first/last seen
-- and the count; an exception registered by staff before it ever happened has none of them yet.
-- The list view, record view and save/delete procedures are generated from the area's manifest.
-- Deleting an exception deletes its thresholds with it (they mean nothing without it).

CREATE TABLE em_exceptions (
  id serial PRIMARY KEY,
  application_id integer NOT NULL REFERENCES em_applications (id),
  exception_type text NOT NULL
    CHECK (exception_type ~ '^[A-Za-z_][A-Za-z0-9_.$+]*$' AND length(exception_type) <= 200),
  message text NOT NULL CHECK (length(btrim(message)) BETWEEN 1 AND 2000),
  first_seen timestamptz,
  last_seen timestamptz,
  occurrences bigint NOT NULL DEFAULT 0,
  status text NOT NULL DEFAULT 'new' CHECK (status IN ('new', 'acknowledged', 'resolved', 'ignored')),
  escalation_policy_id integer REFERENCES em_escalation_policies (id),
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  -- Seen: both times, the last not before the first, and at least one occurrence; never seen: none.
  CONSTRAINT em_exceptions_last_seen_check CHECK (
    (first_seen IS NULL AND last_seen IS NULL)
    OR (first_seen IS NOT NULL AND last_seen IS NOT NULL AND last_seen >= first_seen)),
  CONSTRAINT em_exceptions_occurrences_check CHECK (occurrences >= 0 AND (occurrences = 0) = (first_seen IS NULL))
);
-- One row per error type and message of an application (the message hashed: it may be long).
CREATE UNIQUE INDEX em_exceptions_exception_type_key ON em_exceptions (exception_type, application_id, md5(message));
-- The list's default sort (most recently seen first, read backwards; never seen leads), and its
-- common filters.
CREATE INDEX em_exceptions_last_seen_idx ON em_exceptions (last_seen, id);
CREATE INDEX em_exceptions_application_idx ON em_exceptions (application_id);
CREATE INDEX em_exceptions_status_idx ON em_exceptions (status);
CREATE INDEX em_exceptions_policy_idx ON em_exceptions (escalation_policy_id);
CREATE VIEW v_dd_em_exceptions AS
  SELECT e.id, e.exception_type || ' · ' || a.name || ' (' || a.environment || ')' AS name,
         e.exception_type AS "exceptionType", e.application_id AS "applicationId", e.status
    FROM em_exceptions e JOIN em_applications a ON a.id = e.application_id;

-- Down Migration
DROP VIEW v_dd_em_exceptions;
DROP TABLE em_exceptions CASCADE;
DELETE FROM area_sql WHERE name IN ('v_em_exceptions', 'v_em_exceptions_record',
  'bm_em_exceptions_save', 'bm_em_exceptions_delete');
