-- Up Migration
-- The generated views and procedures of the areas whose manifest says `sql: 'generated'`
-- (catalog/area-sql.ts): which were applied, and the sha256 of the statement that created each,
-- so a start re-creates only the objects whose text changed (src/catalog/apply-area-sql.ts).

CREATE TABLE area_sql (
  name text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('view', 'function')),
  hash text NOT NULL,
  applied_at timestamptz NOT NULL DEFAULT now()
);

-- Down Migration
DROP TABLE area_sql;
