-- Up Migration
-- Exception management, contacts: the on-call staff an escalation policy alerts. The list view,
-- record view and save/delete procedures are generated from the area's manifest.

CREATE TABLE em_contacts (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  email text NOT NULL CHECK (email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$' AND length(email) <= 254),
  -- International format, as the paging provider dials it: +49 30 1234567.
  phone text CHECK (phone IS NULL OR phone ~ '^\+[1-9][0-9 ]{6,19}$'),
  team text NOT NULL CHECK (length(btrim(team)) BETWEEN 1 AND 100),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text
);
-- One contact per address, whatever its case.
CREATE UNIQUE INDEX em_contacts_email_key ON em_contacts (lower(email));
CREATE INDEX em_contacts_name_idx ON em_contacts (name);
CREATE INDEX em_contacts_team_idx ON em_contacts (team);
CREATE VIEW v_dd_em_contacts AS
  SELECT id, name || ' (' || team || ')' AS name, email, team, enabled FROM em_contacts;

-- Down Migration
DROP VIEW v_dd_em_contacts;
DROP TABLE em_contacts CASCADE;
DELETE FROM area_sql WHERE name IN ('v_em_contacts', 'v_em_contacts_record',
  'bm_em_contacts_save', 'bm_em_contacts_delete');
