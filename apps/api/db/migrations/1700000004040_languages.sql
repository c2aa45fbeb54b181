-- Up Migration
-- The languages the console knows (master data for dropdowns, keywords and translations).
-- Until November 2026 this was part of 1700000004000_forms; a database that ran that file counts this one as
-- run (src/db/split-migrations.ts).

CREATE TABLE languages (
  code text PRIMARY KEY,
  name text NOT NULL,
  enabled boolean NOT NULL DEFAULT true
);
INSERT INTO languages (code, name) VALUES
  ('en', 'English'), ('de', 'German'), ('fr', 'French'), ('es', 'Spanish'), ('it', 'Italian'),
  ('nl', 'Dutch'), ('pt', 'Portuguese'), ('pl', 'Polish'), ('sv', 'Swedish'), ('da', 'Danish');

CREATE VIEW v_dd_languages AS SELECT code AS value, name AS label FROM languages WHERE enabled;

-- Down Migration
DROP VIEW v_dd_languages;
DROP TABLE languages;
