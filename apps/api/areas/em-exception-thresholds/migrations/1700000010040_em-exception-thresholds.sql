-- Up Migration
-- Exception management, thresholds: when an exception alerts. More than `max_occurrences` within
-- `window_minutes` raises an alert of the threshold's severity through its escalation policy. An
-- exception has at most one threshold per severity (say medium at 10 in 5 minutes, critical at 100
-- in 15). The list view, record view and save/delete procedures are generated from the manifest;
-- thresholds are listed per exception and go when their exception is deleted.

CREATE TABLE em_exception_thresholds (
  id serial PRIMARY KEY,
  exception_id integer NOT NULL REFERENCES em_exceptions (id) ON DELETE CASCADE,
  window_minutes integer NOT NULL CONSTRAINT em_exception_thresholds_window_minutes_check
    CHECK (window_minutes BETWEEN 1 AND 1440),
  max_occurrences integer NOT NULL CONSTRAINT em_exception_thresholds_max_occurrences_check
    CHECK (max_occurrences BETWEEN 1 AND 1000000),
  severity text NOT NULL CONSTRAINT em_exception_thresholds_severity_check
    CHECK (severity IN ('critical', 'high', 'medium', 'low')),
  escalation_policy_id integer NOT NULL REFERENCES em_escalation_policies (id),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  -- One threshold per severity of an exception; the refusal names the severity.
  CONSTRAINT em_exception_thresholds_severity_key UNIQUE (severity, exception_id)
);
-- The list shows one exception's thresholds (and the cascade finds them).
CREATE INDEX em_exception_thresholds_exception_idx ON em_exception_thresholds (exception_id, window_minutes);
CREATE INDEX em_exception_thresholds_policy_idx ON em_exception_thresholds (escalation_policy_id);

-- Down Migration
DROP TABLE em_exception_thresholds CASCADE;
DELETE FROM area_sql WHERE name IN ('v_em_exception_thresholds', 'v_em_exception_thresholds_record',
  'bm_em_exception_thresholds_save', 'bm_em_exception_thresholds_delete');
