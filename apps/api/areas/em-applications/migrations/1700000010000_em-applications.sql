-- Up Migration
-- Exception management, applications: the company's own services whose exceptions are monitored
-- (search API, booking engine, price-watch crawler, …), one row per service and environment. The
-- list view, record view and save/delete procedures are generated from the area's manifest.

CREATE TABLE em_applications (
  id serial PRIMARY KEY,
  name text NOT NULL CHECK (length(btrim(name)) BETWEEN 1 AND 100),
  description text CHECK (description IS NULL OR length(description) <= 1000),
  owning_team text NOT NULL CHECK (length(btrim(owning_team)) BETWEEN 1 AND 100),
  environment text NOT NULL DEFAULT 'production'
    CHECK (environment IN ('production', 'staging', 'test', 'development')),
  repository_url text CHECK (repository_url IS NULL OR
    (repository_url ~ '^https://[A-Za-z0-9.-]+(:[0-9]+)?/[^[:space:]]*$' AND length(repository_url) <= 500)),
  enabled boolean NOT NULL DEFAULT true,
  row_version integer NOT NULL DEFAULT 1,
  created_at timestamptz NOT NULL DEFAULT now(),
  created_by text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  updated_by text,
  -- A service runs once per environment; the refusal names the name field.
  CONSTRAINT em_applications_name_key UNIQUE (name, environment)
);
-- The list sorts by name; exceptions and staff filter by team.
CREATE INDEX em_applications_team_idx ON em_applications (owning_team);
CREATE VIEW v_dd_em_applications AS
  SELECT id, name || ' (' || environment || ')' AS name, owning_team AS "owningTeam", environment, enabled
    FROM em_applications;

-- Down Migration
-- The generated views go with the table; the next start re-creates them if the table is back.
DROP VIEW v_dd_em_applications;
DROP TABLE em_applications CASCADE;
DELETE FROM area_sql WHERE name IN ('v_em_applications', 'v_em_applications_record',
  'bm_em_applications_save', 'bm_em_applications_delete');
