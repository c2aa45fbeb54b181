-- Up Migration
-- Exception management, escalation policies: who is alerted when an exception crosses a threshold,
-- and when. Up to three levels: the first contact at once, the second and third after their delays
-- (minutes since the alert) while nobody has acknowledged it; the whole round repeats
-- `repeat_count` more times. The list view, record view and save/delete procedures are generated
-- from the area's manifest. A contact in use by a policy cannot be deleted (409 names the policies).

CREATE TABLE em_escalation_policies (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  description text CHECK (description IS NULL OR length(description) <= 1000),
  first_contact_id integer NOT NULL REFERENCES em_contacts (id),
  second_contact_id integer REFERENCES em_contacts (id),
  second_delay_minutes integer,
  third_contact_id integer REFERENCES em_contacts (id),
  third_delay_minutes integer,
  repeat_count integer NOT NULL DEFAULT 0,
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  CONSTRAINT em_escalation_policies_name_key UNIQUE (name),
  -- A level is a contact and its delay together; a later level comes later and alerts someone else.
  CONSTRAINT em_escalation_policies_second_contact_id_check
    CHECK (second_contact_id IS NULL OR second_contact_id <> first_contact_id),
  CONSTRAINT em_escalation_policies_second_delay_minutes_check
    CHECK ((second_contact_id IS NULL) = (second_delay_minutes IS NULL)
           AND (second_delay_minutes IS NULL OR second_delay_minutes BETWEEN 1 AND 1440)),
  CONSTRAINT em_escalation_policies_third_contact_id_check
    CHECK (third_contact_id IS NULL OR (second_contact_id IS NOT NULL
           AND third_contact_id NOT IN (first_contact_id, second_contact_id))),
  CONSTRAINT em_escalation_policies_third_delay_minutes_check
    CHECK ((third_contact_id IS NULL) = (third_delay_minutes IS NULL)
           AND (third_delay_minutes IS NULL OR (third_delay_minutes BETWEEN 1 AND 1440
                AND third_delay_minutes > second_delay_minutes))),
  CONSTRAINT em_escalation_policies_repeat_count_check CHECK (repeat_count BETWEEN 0 AND 10)
);
-- Foreign keys are checked from the contact's side when one is deleted.
CREATE INDEX em_escalation_policies_first_contact_idx ON em_escalation_policies (first_contact_id);
CREATE INDEX em_escalation_policies_second_contact_idx ON em_escalation_policies (second_contact_id);
CREATE INDEX em_escalation_policies_third_contact_idx ON em_escalation_policies (third_contact_id);
CREATE VIEW v_dd_em_escalation_policies AS SELECT id, name, enabled FROM em_escalation_policies;

-- Down Migration
DROP VIEW v_dd_em_escalation_policies;
DROP TABLE em_escalation_policies CASCADE;
DELETE FROM area_sql WHERE name IN ('v_em_escalation_policies', 'v_em_escalation_policies_record',
  'bm_em_escalation_policies_save', 'bm_em_escalation_policies_delete');
