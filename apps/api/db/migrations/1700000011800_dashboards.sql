-- Up Migration
-- Dashboards as stored definitions (docs/adr/0029-dashboards.md): the shipped ones, written by the
-- catalogue sync by the hash of their content, and staff's edits of them, kept as staff left them.
-- `shipped_hash` is the hash of the shipped content the row was last written from (null: a
-- dashboard made by staff); a row whose content no longer hashes to it was edited by staff.
CREATE TABLE dashboards (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9][a-z0-9-]{0,62}$'),
  title text NOT NULL CHECK (length(title) BETWEEN 1 AND 100),
  position integer NOT NULL,
  panels jsonb NOT NULL CHECK (jsonb_typeof(panels) = 'array'),
  shipped_hash text,
  version integer NOT NULL DEFAULT 1,
  updated_by text NOT NULL DEFAULT 'catalogue',
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE dashboards;
